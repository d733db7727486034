import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, readdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { stableId } from '../../src/core/ids.js';
import { sourceDocumentSchema } from '../../src/core/records.js';
import { isRhizomeError } from '../../src/errors/rhizome-error.js';
import { loadDocuments } from '../../src/ingest/load-documents.js';
import { buildPdf, createTemporaryFolder, writeTestFile } from './temporary-folder.js';

const corpusArticle = [
  'Fleet maintenance contract awarded for Fenwick Yard',
  '2022-04-11',
  '',
  'The Calder Bay Infrastructure Authority (CBIA) has awarded Greyline Haulage Ltd a three-year contract for fleet maintenance at Fenwick Yard. The contract is managed by Nadia Pereira, Head of Contracts.',
  '',
].join('\n');

const sharedCorpus = path.resolve(import.meta.dirname, '../../../shared/eval/corpora/corpus_en');

let folder = '';
let remove: () => Promise<void> = async () => {};

beforeEach(async () => {
  ({ folder, remove } = await createTemporaryFolder());
});
afterEach(async () => {
  await remove();
});

describe('loadDocuments', () => {
  test('loads the eval-corpus .txt format with title, date and the full text', async () => {
    const filePath = await writeTestFile(folder, 'd01_fleet.txt', corpusArticle);
    const { documents, failures, skipped } = await loadDocuments(folder);
    assert.deepEqual(failures, []);
    assert.deepEqual(skipped, []);
    assert.equal(documents.length, 1);
    const document = documents[0];
    assert.ok(document);
    assert.deepEqual(sourceDocumentSchema.parse(document), document);
    assert.equal(document.path, filePath);
    assert.ok(path.isAbsolute(document.path));
    assert.equal(document.id, stableId('doc', `${path.basename(folder)}/d01_fleet.txt`), 'the id comes from the path under the folder holding the root, not from where it lies');
    assert.equal(document.format, 'txt');
    assert.equal(document.title, 'Fleet maintenance contract awarded for Fenwick Yard');
    assert.equal(document.date, '2022-04-11');
    assert.equal(document.language, 'en');
    assert.equal(document.text, corpusArticle);
    assert.equal(document.byteSize, Buffer.byteLength(corpusArticle));
    assert.equal(document.contentHash, createHash('sha256').update(corpusArticle).digest('hex'));
  });

  test('walks nested folders in sorted relative-path order and leaves out excluded folders', async () => {
    await writeTestFile(folder, 'b/second.md', '# Second\n\nBody of the second note.');
    await writeTestFile(folder, 'a.txt', 'First file text.');
    await writeTestFile(folder, 'b/a/first-nested.txt', 'Nested text.');
    await writeTestFile(folder, 'node_modules/pkg/readme.md', '# Not me');
    await writeTestFile(folder, '.git/notes.txt', 'Not me either.');
    await writeTestFile(folder, 'image.png', new Uint8Array([137, 80, 78, 71]));
    const { documents, skipped, failures } = await loadDocuments(folder);
    assert.deepEqual(failures, []);
    assert.deepEqual(
      documents.map((document) => path.relative(folder, document.path).split(path.sep).join('/')),
      ['a.txt', 'b/a/first-nested.txt', 'b/second.md'],
    );
    assert.deepEqual(skipped, [path.join(folder, 'image.png')]);
  });

  test('applies custom exclude patterns and extensions', async () => {
    await writeTestFile(folder, 'keep.txt', 'Kept text.');
    await writeTestFile(folder, 'drafts/draft.txt', 'Draft text.');
    await writeTestFile(folder, 'notes/secret-plan.md', '# Secret');
    await writeTestFile(folder, 'notes/public.md', '# Public\n\nText.');
    await writeTestFile(folder, 'node_modules/kept-now.txt', 'Exclude replaces the defaults.');
    const { documents } = await loadDocuments(folder, { exclude: ['drafts', '**/secret-*.md'] });
    assert.deepEqual(
      documents.map((document) => path.basename(document.path)),
      ['keep.txt', 'kept-now.txt', 'public.md'],
    );
    const onlyMarkdown = await loadDocuments(folder, { extensions: ['MD'] });
    assert.deepEqual(onlyMarkdown.documents.map((document) => path.basename(document.path)), ['public.md', 'secret-plan.md']);
  });

  test('normalises BOM, CRLF and decomposed accents once, and hashes the raw bytes', async () => {
    const raw = '\uFEFFCafe\u0301 du port\r\n2022-04-11\r\n\r\nLe cafe\u0301 a ouvert ses portes.\r\n';
    const filePath = await writeTestFile(folder, 'cafe.txt', raw);
    const { documents } = await loadDocuments(filePath);
    const document = documents[0];
    assert.ok(document);
    assert.equal(document.text, 'Café du port\n2022-04-11\n\nLe café a ouvert ses portes.\n');
    assert.equal(document.title, 'Café du port');
    assert.equal(document.language, 'fr');
    assert.equal(document.contentHash, createHash('sha256').update(Buffer.from(raw, 'utf8')).digest('hex'));
    assert.equal(document.byteSize, Buffer.byteLength(raw, 'utf8'));
  });

  test('reports every bad file by name and code while the good ones still load', async () => {
    await writeTestFile(folder, 'good.txt', 'A perfectly good file.');
    const empty = await writeTestFile(folder, 'empty.txt', '');
    const blank = await writeTestFile(folder, 'blank.md', '  \n\t\n');
    const binary = await writeTestFile(folder, 'binary.txt', new Uint8Array([72, 105, 0, 1, 2, 3]));
    const invalid = await writeTestFile(folder, 'neither.txt', new Uint8Array([...Buffer.from('Hello '), 0xe9, 0x81, 0xe9]));
    const large = await writeTestFile(folder, 'large.txt', 'x'.repeat(2048));
    const corrupt = await writeTestFile(folder, 'corrupt.pdf', 'this is not a PDF at all, just bytes');
    const scanned = await writeTestFile(folder, 'scanned.pdf', await buildPdf([[]], { title: 'Scanned' }));
    const scriptOnly = await writeTestFile(folder, 'script-only.html', '<html><body><script>var a = 1;</script></body></html>');
    const dangling = path.join(folder, 'dangling.txt');
    await symlink(path.join(folder, 'missing-target.txt'), dangling);

    const { documents, failures } = await loadDocuments(folder, { maxFileBytes: 1024 });
    assert.deepEqual(documents.map((document) => path.basename(document.path)), ['good.txt']);
    const byPath = new Map(failures.map((failure) => [failure.path, failure]));
    const expected: Array<[string, string]> = [
      [empty, 'empty'],
      [blank, 'empty'],
      [binary, 'binary'],
      [invalid, 'invalid-utf8'],
      [large, 'too-large'],
      [corrupt, 'corrupt'],
      [scanned, 'no-text'],
      [scriptOnly, 'no-text'],
      [dangling, 'unreadable'],
    ];
    for (const [filePath, code] of expected) {
      const failure = byPath.get(filePath);
      assert.ok(failure, `no failure reported for ${filePath}`);
      assert.equal(failure.code, code, `${path.basename(filePath)}: ${failure.reason}`);
      assert.ok(failure.reason.length > 5);
    }
    assert.equal(failures.length, expected.length);
    assert.match(byPath.get(invalid)?.reason ?? '', /byte offset 6/);
    assert.match(byPath.get(binary)?.reason ?? '', /offset 2/);
    assert.match(byPath.get(large)?.reason ?? '', /2048 bytes.*1024/);
    assert.match(byPath.get(dangling)?.reason ?? '', /ENOENT/);
  });

  test('reports a file without read permission as unreadable', { skip: process.getuid?.() === 0 ? 'root ignores file permissions' : false }, async () => {
    const locked = await writeTestFile(folder, 'locked.txt', 'Secret text.');
    await chmod(locked, 0o000);
    const { failures } = await loadDocuments(folder);
    assert.deepEqual(failures.map((failure) => failure.code), ['unreadable']);
    await chmod(locked, 0o600);
  });

  test('loads a single file given as root, and skips one with another extension', async () => {
    const filePath = await writeTestFile(folder, 'only.md', '---\ntitle: Only note\n---\nBody.');
    const single = await loadDocuments(filePath);
    assert.equal(single.documents[0]?.title, 'Only note');
    const csv = await writeTestFile(folder, 'table.csv', 'a,b');
    assert.deepEqual(await loadDocuments(csv), { documents: [], unchanged: [], failures: [], skipped: [csv] });
  });

  test('reads but does not parse a file whose bytes hash to its indexed version', async () => {
    const kept = await writeTestFile(folder, 'kept.txt', corpusArticle);
    const edited = await writeTestFile(folder, 'edited.txt', 'Harlow Dene\n\nThe depot opened in 1990.\n');
    const latin = await writeTestFile(folder, 'latin.txt', Buffer.from([...Buffer.from('Caf'), 0xe9, 0x20, 0x6f, 0x6b]));
    const first = await loadDocuments(folder);
    const indexedHashes = new Map(first.documents.map((document) => [document.path, document.contentHash]));
    // The same size, one byte different: a new hash, so parsed again.
    await writeTestFile(folder, 'edited.txt', 'Harlow Dene\n\nThe depot opened in 1991.\n');
    const second = await loadDocuments(folder, { indexedHashes });
    assert.deepEqual(second.documents.map((document) => document.path), [edited]);
    assert.notEqual(second.documents[0]?.contentHash, indexedHashes.get(edited));
    const byPath = new Map(first.documents.map((document) => [document.path, document]));
    assert.deepEqual(second.unchanged, [kept, latin].map((file) => ({ id: byPath.get(file)?.id, path: file, contentHash: byPath.get(file)?.contentHash, encoding: byPath.get(file)?.encoding })));
    assert.equal(second.unchanged[1]?.encoding, 'windows-1252');
  });

  test('throws INPUT_NOT_FOUND naming a missing root', async () => {
    const missing = path.join(folder, 'does-not-exist');
    await assert.rejects(loadDocuments(missing), (error: unknown) => {
      assert.ok(isRhizomeError(error, 'INPUT_NOT_FOUND'));
      assert.ok(error.message.includes(missing));
      return true;
    });
  });

  test('files read several at a time still come back in listed order, with failures and progress in place', async () => {
    const names = Array.from({ length: 40 }, (_, index) => `note-${String(index).padStart(2, '0')}.txt`);
    for (const [index, name] of names.entries()) await writeTestFile(folder, name, index === 17 || index === 33 ? '   \n' : `Note ${index}.\n\nBody of note ${index}.`);
    const progress: number[] = [];
    const { documents, failures } = await loadDocuments(folder, { onProgress: (event) => progress.push(event.index) });
    assert.deepEqual(documents.map((document) => path.basename(document.path)), names.filter((_, index) => index !== 17 && index !== 33));
    assert.deepEqual(failures.map((failure) => [path.basename(failure.path), failure.code]), [['note-17.txt', 'empty'], ['note-33.txt', 'empty']]);
    assert.deepEqual(progress, names.map((_, index) => index));
  });

  test('stops with ABORTED when the signal fires, and reports progress per file', async () => {
    await writeTestFile(folder, 'one.txt', 'One.');
    await writeTestFile(folder, 'two.txt', 'Two.');
    const controller = new AbortController();
    const events: Array<{ path: string; index: number; total: number }> = [];
    await assert.rejects(
      loadDocuments(folder, {
        signal: controller.signal,
        onProgress: (event) => {
          events.push(event);
          controller.abort();
        },
      }),
      (error: unknown) => isRhizomeError(error, 'ABORTED'),
    );
    assert.deepEqual(events, [{ path: path.join(folder, 'one.txt'), index: 0, total: 2 }]);
    const complete: number[] = [];
    await loadDocuments(folder, { onProgress: (event) => complete.push(event.index) });
    assert.deepEqual(complete, [0, 1]);
  });

  test('loads a PDF built with pdf-lib, with accented text, title and creation date', async () => {
    const bytes = await buildPdf([['Altaïr Station report.', 'The crew arrived at Altaïr.'], ['Second page text.']], {
      title: 'Rapport Altaïr',
      creationDate: new Date('2022-04-11T10:00:00Z'),
    });
    const filePath = await writeTestFile(folder, 'report.pdf', bytes);
    const { documents, failures } = await loadDocuments(folder);
    assert.deepEqual(failures, []);
    const document = documents[0];
    assert.ok(document);
    assert.equal(document.format, 'pdf');
    assert.equal(document.path, filePath);
    assert.equal(document.title, 'Rapport Altaïr');
    assert.equal(document.date, '2022-04-11');
    assert.match(document.text, /Altaïr Station report\./);
    assert.match(document.text, /The crew arrived at Altaïr\.\n\nSecond page text\./);
    assert.equal(document.byteSize, bytes.length);
  });

  test('falls back to the first PDF line, then to the file name, for the title', async () => {
    await writeTestFile(folder, 'untitled.pdf', await buildPdf([['Quarterly telemetry summary', 'Body line.']]));
    await writeTestFile(folder, 'no-title-line.txt', 'Just one paragraph of text that is not a title.');
    const { documents } = await loadDocuments(folder);
    assert.deepEqual(
      documents.map((document) => document.title),
      ['no-title-line', 'Quarterly telemetry summary'],
    );
  });

  test('loads the shared English eval corpus when it is present', { skip: !existsSync(sharedCorpus) }, async () => {
    const { documents, failures } = await loadDocuments(sharedCorpus);
    assert.deepEqual(failures, []);
    assert.equal(documents.length, (await readdir(sharedCorpus)).filter((name) => name.endsWith('.txt')).length);
    for (const document of documents) {
      assert.match(document.date ?? '', /^\d{4}-\d{2}-\d{2}$/, document.path);
      assert.notEqual(document.title, path.basename(document.path, '.txt'), `${document.path} kept its file name as title`);
      assert.equal(document.language, 'en');
    }
  });
});
