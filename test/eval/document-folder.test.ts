import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { isRhizomeError } from '../../src/errors/rhizome-error.js';
import { coverageDocumentsFolder, documentFileName, documentIdOf, renderDocumentText, writeDocumentFolder } from '../../src/eval/document-folder.js';
import { makeTempDir } from '../helpers/temp-dir.js';

test('a document is written as title line, date line, blank line, text; absent lines are left out', () => {
  assert.equal(renderDocumentText({ id: 'd1', title: 'Kickoff', date: '2022-04-11', text: 'Body.' }), 'Kickoff\n2022-04-11\n\nBody.\n');
  assert.equal(renderDocumentText({ id: 'p1', title: 'Brest', text: 'A port.' }), 'Brest\n\nA port.\n', 'a passage has no date line');
  assert.equal(renderDocumentText({ id: 'x', date: null, text: 'Only text.' }), 'Only text.\n');
});

test('ids survive the file name round trip, and stale files are removed', () => {
  for (const id of ['d01', 'a/b', '..', 'Été 2021']) assert.equal(documentIdOf(documentFileName(id)), id);
  const folder = makeTempDir();
  writeFileSync(path.join(folder, 'stale.txt'), 'old');
  writeDocumentFolder([{ id: 'd1', title: 'T', text: 'x' }, { id: 'd2', text: 'y' }], folder);
  assert.deepEqual(readdirSync(folder).sort(), ['d1.txt', 'd2.txt']);
});

test('coverage indexes --docs when given, else the dataset documents, else fails naming the file', () => {
  const workspace = makeTempDir();
  const documents = [{ id: 'd1', title: 'T', date: '2020-01-01', text: 'x' }];
  assert.equal(coverageDocumentsFolder({ questions: [], documents }, 'q.json', workspace, 'my-docs'), 'my-docs');
  const folder = coverageDocumentsFolder({ questions: [], documents }, 'q.json', workspace);
  assert.equal(readFileSync(path.join(folder, 'd1.txt'), 'utf8'), 'T\n2020-01-01\n\nx\n');
  assert.throws(
    () => coverageDocumentsFolder({ questions: [], documents: [] }, 'data/only-questions.json', workspace),
    (error) => isRhizomeError(error, 'INPUT_INVALID') && /^data\/only-questions\.json: has no "documents" array/.test(error.message),
  );
});
