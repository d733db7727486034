import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { chunkDocument } from '../../src/chunking/chunk-document.js';
import type { SourceDocument } from '../../src/core/records.js';
import { loadDocx } from '../../src/ingest/load-docx.js';
import { loadDocuments } from '../../src/ingest/load-documents.js';
import { loadHtml } from '../../src/ingest/load-html.js';
import { loadMarkdown } from '../../src/ingest/load-markdown.js';
import { buildDocx } from '../helpers/build-docx.js';
import { buildPdf, createTemporaryFolder, writeTestFile } from './temporary-folder.js';

const MARKDOWN = `# Field guide

Install with [the installer](https://example.org/install) and run \`rhizome prompt-tune\`. It is **fast** \\*really\\*.

## Configuration

### Vector store

- keeps *embeddings* on disk
- answers nearest-neighbour queries
  - nested point

| Option | Default |
|--------|---------|
| \`--domain\` | none |

\`\`\`bash
rhizome prompt-tune --domain docs
\`\`\`

![logo](logo.png) <img src="x.png"> Closing words.
`;

const markupPattern = /<\/?[a-z][^>]*>|\]\(|\*\*|\||```|^#+\s/im;

/**
 * The words of the blanked text are the words of the file at the same offsets. A word written with an escape
 * or entity (`\*really\*`, `r&eacute;sum&eacute;`) starts where it starts in the file but is shorter there, so it is left out.
 */
function assertInPlace(source: string, text: string): void {
  assert.equal(text.length, source.length);
  let checked = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}-]+/gu)) {
    const tokenStart = source.slice(0, match.index).search(/\S*$/);
    const token = /^\S*/.exec(source.slice(tokenStart))?.[0] ?? '';
    if (/[\\&]/.test(token)) continue;
    assert.equal(source.slice(match.index, match.index + match[0].length), match[0]);
    checked += 1;
  }
  assert.ok(checked > 10);
}

describe('Markdown structure', () => {
  const loaded = loadMarkdown(MARKDOWN);
  const blocks = loaded.blocks ?? [];
  const blockText = (index: number) => loaded.text.slice(blocks[index]?.start, blocks[index]?.end);

  test('headings give every block its section path', () => {
    assert.equal(loaded.title, 'Field guide');
    const store = blocks.find((block) => block.kind === 'list-item');
    assert.deepEqual(store?.section, ['Field guide', 'Configuration', 'Vector store']);
    assert.deepEqual(blocks.filter((block) => block.kind === 'heading').map((block) => block.section.at(-1)), ['Field guide', 'Configuration', 'Vector store']);
  });

  test('lists, tables and code are blocks of their own, code verbatim, table without pipes', () => {
    const kinds = blocks.map((block) => block.kind);
    assert.deepEqual(kinds, ['heading', 'paragraph', 'heading', 'heading', 'list-item', 'list-item', 'list-item', 'table', 'code', 'paragraph']);
    assert.equal(blockText(8), 'rhizome prompt-tune --domain docs');
    assert.deepEqual(blockText(7).split(/\s+/), ['Option', 'Default', '--domain', 'none']);
    assert.equal(blockText(6), 'nested point');
  });

  test('link text stays, URLs go to the links, and no markup is left', () => {
    assert.match(blockText(1), /^Install with +the installer +and run +rhizome prompt-tune +\. It is +fast +\*really\*\.$/);
    assert.deepEqual(loaded.links?.map((link) => [link.text, link.url]), [['the installer', 'https://example.org/install']]);
    assert.doesNotMatch(loaded.text, markupPattern);
    assert.doesNotMatch(loaded.text, /logo|png/);
  });

  test('offsets point into the original file', () => {
    assertInPlace(MARKDOWN, loaded.text);
  });
});

describe('HTML structure', () => {
  const html = `<!doctype html><html><head><title>Probe manual</title><style>p{}</style><script>track()</script></head>
<body><header>Site banner</header><nav><a href="/">Home</a></nav>
<main><h1>Probe manual</h1><h2>Wiring</h2><p>Caf&eacute; r&eacute;sum&eacute; &amp; <a href="https://example.org/w">wiring notes</a>.</p>
<ul><li>red wire</li><li>black wire</li></ul>
<table><tr><th>Pin</th><th>Use</th></tr><tr><td>1</td><td>power</td></tr></table>
<pre><code>probe --calibrate &lt;port&gt;</code></pre></main><footer>Copyright line</footer></body></html>`;
  const loaded = loadHtml(html);
  const blocks = loaded.blocks ?? [];

  test('drops script, style, nav, header and footer; keeps headings, paragraphs, list items and cells', () => {
    assert.doesNotMatch(loaded.text.slice(0, blocks[6]?.start), /track|banner|Home|Copyright|[<>]/);
    assert.deepEqual(blocks.map((block) => block.kind), ['heading', 'heading', 'paragraph', 'list-item', 'list-item', 'table', 'code']);
    const text = (index: number) => loaded.text.slice(blocks[index]?.start, blocks[index]?.end).replace(/\s+/g, ' ');
    assert.equal(text(2), 'Café résumé & wiring notes .');
    assert.equal(text(5), 'Pin Use 1 power');
    assert.equal(text(6), 'probe --calibrate <port>');
    assert.deepEqual(blocks[3]?.section, ['Probe manual', 'Wiring']);
    assert.deepEqual(loaded.links?.map((link) => link.url), ['https://example.org/w']);
  });

  test('table rows stay on their own lines and offsets point into the file', () => {
    const table = blocks[5];
    assert.equal(loaded.text.slice(table?.start, table?.end).split('\n').filter((line) => line.trim() !== '').length, 2);
    assertInPlace(html, loaded.text);
  });
});

describe('chunks of structured documents', () => {
  const document = (text: string, blocks: SourceDocument['blocks']): SourceDocument => ({ id: 'doc', path: '/x.md', format: 'md', title: 'Field guide', date: null, language: 'en', contentHash: '', byteSize: 0, text, blocks });

  test('never cross a section, keep code and tables apart, and carry the section path', () => {
    const loaded = loadMarkdown(MARKDOWN);
    const chunks = chunkDocument(document(loaded.text, loaded.blocks));
    const summary = chunks.map((chunk) => [chunk.kind ?? 'prose', chunk.section ?? '']);
    assert.deepEqual(summary, [
      ['prose', 'Field guide'],
      ['prose', 'Field guide › Configuration'],
      ['prose', 'Field guide › Configuration › Vector store'],
      ['table', 'Field guide › Configuration › Vector store'],
      ['code', 'Field guide › Configuration › Vector store'],
      ['prose', 'Field guide › Configuration › Vector store'],
    ]);
    for (const chunk of chunks) assert.equal(chunk.text, loaded.text.slice(chunk.start, chunk.end));
    assert.equal(chunks[4]?.text, 'rhizome prompt-tune --domain docs');
  });
});

describe('PDF pages and DOCX structure through loadDocuments', () => {
  let folder: string;
  let remove: () => Promise<void>;
  before(async () => ({ folder, remove } = await createTemporaryFolder()));
  after(() => remove());

  test('a PDF is chunked page by page and every chunk knows its page', async () => {
    await writeTestFile(folder, 'pdf/report.pdf', await buildPdf([['Harbour survey, first page.'], [], ['The third page holds the findings.']], { title: 'Survey' }));
    const { documents } = await loadDocuments(`${folder}/pdf`);
    const [document] = documents;
    assert.ok(document);
    const chunks = chunkDocument(document);
    assert.deepEqual(chunks.map((chunk) => [chunk.page, chunk.text]), [[1, 'Harbour survey, first page.'], [3, 'The third page holds the findings.']]);
  });

  test('a Word document gives headings, list items and a table', async () => {
    const bytes = buildDocx([
      { text: 'Field guide', heading: 1 },
      { text: 'Setup', heading: 2 },
      { text: 'Install the probe first.' },
      { text: 'first step', listItem: true },
      { table: [['Name', 'Role'], ['Probe', 'Sensor']] },
    ]);
    const loaded = await loadDocx(bytes);
    assert.equal(loaded.title, 'Field guide');
    const blocks = loaded.blocks ?? [];
    assert.deepEqual(blocks.map((block) => block.kind), ['heading', 'heading', 'paragraph', 'list-item', 'table']);
    assert.deepEqual(blocks[2]?.section, ['Field guide', 'Setup']);
    assert.deepEqual(loaded.text.slice(blocks[4]?.start, blocks[4]?.end).split(/\s+/), ['Name', 'Role', 'Probe', 'Sensor']);
    await writeTestFile(folder, 'docx/guide.docx', bytes);
    const { documents, failures } = await loadDocuments(`${folder}/docx`);
    assert.deepEqual(failures, []);
    assert.equal(documents[0]?.format, 'docx');
  });

  test('a Latin-1 Markdown file is read as Windows-1252 and says so', async () => {
    await writeTestFile(folder, 'latin/note.md', new Uint8Array([...Buffer.from('# R'), 0xe9, ...Buffer.from('sum'), 0xe9, ...Buffer.from('\n\nCaf'), 0xe9, 0x20, 0x96, ...Buffer.from(' ouvert.\n')]));
    const { documents, failures } = await loadDocuments(`${folder}/latin`);
    assert.deepEqual(failures, []);
    assert.equal(documents[0]?.encoding, 'windows-1252');
    assert.equal(documents[0]?.title, 'Résumé');
    assert.match(documents[0]?.text ?? '', /Café – ouvert\./);
  });
});
