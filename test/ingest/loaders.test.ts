import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeText, findInvalidUtf8Offset, textEncodingOf } from '../../src/ingest/decode-text.js';
import { ingestFailureCodeOf } from '../../src/ingest/ingest-failure.js';
import { loadHtml } from '../../src/ingest/load-html.js';
import { loadMarkdown } from '../../src/ingest/load-markdown.js';
import { loadPdf, parsePdfDate } from '../../src/ingest/load-pdf.js';
import { loadPlainText } from '../../src/ingest/load-plain-text.js';
import { buildPdf } from './temporary-folder.js';

describe('loadPlainText', () => {
  test('reads title and ISO date lines and keeps the whole text', () => {
    const text = 'Board approves business case\n2023-02-01\n\nThe board approved it.';
    assert.deepEqual(loadPlainText(text), { text, title: 'Board approves business case', date: '2023-02-01' });
  });

  test('reads written English and French dates', () => {
    assert.equal(loadPlainText('Title\n11 April 2022\n\nBody.').date, '2022-04-11');
    assert.equal(loadPlainText('Title\nApril 11, 2022\n\nBody.').date, '2022-04-11');
    assert.equal(loadPlainText('Titre\n11 avril 2022\n\nCorps.').date, '2022-04-11');
    assert.equal(loadPlainText('Titre\nPublié le 1er août 2021\n\nCorps.').date, '2021-08-01');
    assert.equal(loadPlainText('Title\nDate: Monday, 3 January 2022\n\nBody.').date, '2022-01-03');
  });

  test('takes the first line as title only when a blank or date line follows and it is short', () => {
    assert.equal(loadPlainText('Heading line\n\nBody.').title, 'Heading line');
    assert.equal(loadPlainText('First line of a paragraph\nthat continues here.').title, null);
    assert.equal(loadPlainText(`${'Long '.repeat(50)}\n\nBody.`).title, null);
    assert.equal(loadPlainText('\n\n  Indented title  \n\nBody.').title, 'Indented title');
    assert.equal(loadPlainText('2022-04-11\n\nBody.').title, null);
  });

  test('ignores dates inside prose', () => {
    assert.equal(loadPlainText('Title\n\nOn 11 April 2022 the board met.').date, null);
    assert.equal(loadPlainText('Title\n2022-02-30\n\nBody.').date, null);
  });
});

describe('loadMarkdown', () => {
  test('removes front matter and reads its title and date', () => {
    const source = '---\ntitle: "Kestrel: phase two"\ndate: 2024-03-05\ntags: [a, b]\n---\n# Other heading\n\nBody text.';
    const loaded = loadMarkdown(source);
    assert.equal(loaded.title, 'Kestrel: phase two');
    assert.equal(loaded.date, '2024-03-05');
    assert.equal(loaded.text.length, source.length, 'front matter and markup are blanked, not cut');
    assert.deepEqual(loaded.text.split(/\s+/).filter(Boolean), ['Other', 'heading', 'Body', 'text.']);
  });

  test("front matter's title heads a page that has no level-one heading, and its description is the first paragraph, in place", () => {
    const source = '---\nlayout: home\ntitle: "Quayside guide"\ndescription: Moving cargo between berths.\n---\n\n## Cranes\n\nTwo cranes.';
    const loaded = loadMarkdown(source);
    assert.equal(loaded.title, 'Quayside guide');
    assert.equal(loaded.text.length, source.length);
    assert.deepEqual(loaded.text.split(/\s+/).filter(Boolean), ['Quayside', 'guide', 'Moving', 'cargo', 'between', 'berths.', 'Cranes', 'Two', 'cranes.']);
    const description = (loaded.blocks ?? []).find((block) => block.kind === 'paragraph');
    assert.equal(source.slice(description?.start, description?.end), 'Moving cargo between berths.');
    assert.deepEqual(loaded.blocks?.at(-1)?.section, ['Quayside guide', 'Cranes']);
    assert.doesNotMatch(loadMarkdown('---\ntitle: Quayside guide\n---\n# Own heading\n\nText.').text, /Quayside/);
  });

  test('the fences of documentation containers (::: tip Note … :::) are blanked, never inside code', () => {
    const source = 'Intro.\n\n::: tip Note\nBoxed text here.\n:::\n\n```md\n::: kept in code\n```\n\n:::warning\nCareful.\n:::\n';
    const loaded = loadMarkdown(source);
    assert.equal(loaded.text.length, source.length);
    assert.deepEqual(loaded.text.split(/\s+/).filter(Boolean), ['Intro.', 'Boxed', 'text', 'here.', ':::', 'kept', 'in', 'code', 'Careful.']);
  });

  test("a component's template slots in a Markdown page are its text; a page's script is not", () => {
    const source = '<script setup>\nimport Team from "./team"\n</script>\n\n<TeamPage>\n  <template #title>Meet the crew</template>\n  <template #lead>Six people keep the quays running.</template>\n</TeamPage>\n';
    const loaded = loadMarkdown(source);
    assert.deepEqual(loaded.text.split(/\s+/).filter(Boolean), ['Meet', 'the', 'crew', 'Six', 'people', 'keep', 'the', 'quays', 'running.']);
    assert.equal(loaded.text.length, source.length);
  });

  test('falls back to the first level-one heading and a leading date line', () => {
    const text = 'Intro line.\n\n## Not this\n\n# Signalling review ##\n\n12 March 2024\n\nBody.';
    const loaded = loadMarkdown(text);
    assert.equal(loaded.title, 'Signalling review');
    assert.equal(loaded.text.length, text.length);
    assert.doesNotMatch(loaded.text, /#/);
    assert.equal(loadMarkdown('# Note\n\n5 mars 2024\n\nTexte.').date, '2024-03-05');
    assert.equal(loadMarkdown('Plain body without heading.').title, null);
  });
});

describe('loadHtml', () => {
  test('keeps the body text in place without tags, scripts or styles, and reads title and meta date', () => {
    const html = `<!doctype html><html><head><title>Kestrel &amp; Fenwick</title>
      <meta content="2022-05-09T08:00:00+02:00" name="dcterms.date"><style>p { color: red }</style></head>
      <body><h1>Heading</h1><script>alert("x")</script><p>First <b>bold</b> paragraph.</p><p>Second.</p></body></html>`;
    const loaded = loadHtml(html);
    assert.equal(loaded.title, 'Kestrel & Fenwick');
    assert.equal(loaded.date, '2022-05-09');
    assert.equal(loaded.text.length, html.length);
    assert.deepEqual(loaded.text.split(/\s+/).filter(Boolean), ['Heading', 'First', 'bold', 'paragraph.', 'Second.']);
    assert.doesNotMatch(loaded.text, /alert|color|[<>*]/);
  });

  test('uses the first h1 and a time element when head data is missing', () => {
    const loaded = loadHtml("<body><h1>Réunion <em>d'été</em></h1><p>Publié <time datetime='2021-07-14'>le 14 juillet</time>.</p></body>");
    assert.equal(loaded.title, "Réunion d'été");
    assert.equal(loaded.date, '2021-07-14');
  });

  test('reads article:published_time from a property attribute', () => {
    assert.equal(loadHtml('<meta property="article:published_time" content="2020-01-31"><p>x</p>').date, '2020-01-31');
  });
});

describe('loadPdf', () => {
  test('joins pages with a blank line and reads Title and CreationDate', async () => {
    const bytes = await buildPdf([['Première page à Altaïr.'], ['Deuxième page.']], {
      title: 'Altaïr',
      creationDate: new Date('2021-12-31T23:00:00Z'),
    });
    const loaded = await loadPdf(bytes);
    assert.deepEqual(loaded, {
      text: 'Première page à Altaïr.\n\nDeuxième page.',
      title: 'Altaïr',
      date: '2021-12-31',
      blocks: [
        { kind: 'paragraph', start: 0, end: 23, section: [], page: 1 },
        { kind: 'paragraph', start: 25, end: 39, section: [], page: 2 },
      ],
    });
    assert.equal(bytes.byteLength > 0, true, 'the caller keeps its buffer');
  });

  test('rejects garbage as corrupt and a page without text as no-text', async () => {
    await assert.rejects(loadPdf(new TextEncoder().encode('%PDF-1.7 garbage')), (error: unknown) => ingestFailureCodeOf(error) === 'corrupt');
    await assert.rejects(loadPdf(await buildPdf([[]])), (error: unknown) => ingestFailureCodeOf(error) === 'no-text');
  });

  test('reads PDF date strings without shifting the day', () => {
    assert.equal(parsePdfDate("D:20220411235959+05'00'"), '2022-04-11');
    assert.equal(parsePdfDate('D:2022'), null);
  });
});

describe('decodeText', () => {
  test('reports the byte offset of the first invalid UTF-8 sequence', () => {
    assert.equal(findInvalidUtf8Offset(new TextEncoder().encode('Altaïr été')), null);
    assert.equal(findInvalidUtf8Offset(new Uint8Array([0x41, 0xc3, 0xa9, 0x42, 0xff])), 4);
    assert.equal(findInvalidUtf8Offset(new Uint8Array([0x41, 0xc0, 0xaf])), 1, 'overlong slash');
    assert.equal(findInvalidUtf8Offset(new Uint8Array([0xed, 0xa0, 0x80])), 0, 'UTF-16 surrogate');
    assert.equal(findInvalidUtf8Offset(new Uint8Array([0x41, 0xe2, 0x82])), 1, 'truncated sequence');
    assert.throws(() => decodeText(new Uint8Array([0x41, 0xe2, 0x82, 0x41, 0x81])), /byte offset 1.*Windows-1252/);
  });

  test('normalises while decoding', () => {
    assert.deepEqual(decodeText(new TextEncoder().encode('\uFEFFa\r\nb\rc e\u0301')), { text: 'a\nb\nc é', encoding: 'utf-8' });
  });

  test('reads Latin-1 / Windows-1252 and UTF-16 with a byte-order mark, and says so', () => {
    assert.deepEqual(decodeText(new Uint8Array([...Buffer.from('Caf'), 0xe9, 0x20, 0x80, 0x20, 0x93, 0x6f, 0x6b, 0x94])), { text: 'Café € “ok”', encoding: 'windows-1252' });
    assert.deepEqual(decodeText(new Uint8Array([0xff, 0xfe, ...Buffer.from('Été\r\n', 'utf16le')])), { text: 'Été\n', encoding: 'utf-16le' });
    const bigEndian = Buffer.from('Été', 'utf16le').swap16();
    assert.deepEqual(decodeText(new Uint8Array([0xfe, 0xff, ...bigEndian])), { text: 'Été', encoding: 'utf-16be' });
    assert.throws(() => decodeText(new Uint8Array([0x41, 0x00, 0x42])), (error: unknown) => ingestFailureCodeOf(error) === 'binary');
  });

  test('textEncodingOf names the encoding decodeText reads the same bytes in, without decoding them', () => {
    const samples = [
      new TextEncoder().encode('\uFEFFa\r\nb Altaïr'),
      new TextEncoder().encode('plain ASCII'),
      new Uint8Array([...Buffer.from('Caf'), 0xe9, 0x20, 0x80, 0x20, 0x93, 0x6f, 0x6b, 0x94]),
      new Uint8Array([0xff, 0xfe, ...Buffer.from('Été\r\n', 'utf16le')]),
      new Uint8Array([0xfe, 0xff, ...Buffer.from('Été', 'utf16le').swap16()]),
    ];
    for (const bytes of samples) assert.equal(textEncodingOf(bytes), decodeText(bytes).encoding);
  });
});
