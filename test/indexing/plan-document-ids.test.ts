import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SourceDocument } from '../../src/core/records.js';
import { absoluteDocumentId, documentIdFor } from '../../src/ingest/document-id.js';
import { planDocumentChanges } from '../../src/indexing/plan-changes.js';

const documentAt = (file: string, anchor: string, contentHash = 'h1'): SourceDocument => ({ id: documentIdFor(file, anchor), path: file, format: 'txt', title: 't', date: null, language: 'en', contentHash, byteSize: 1, text: 'x' });
const stored = (document: SourceDocument) => {
  const { text: _text, ...rest } = document;
  return rest;
};

test('a document moved with its folder keeps its id and is rewritten with its new path', () => {
  const before = documentAt('/old/place/docs/a.txt', '/old/place');
  const after = documentAt('/new/place/docs/a.txt', '/new/place');
  assert.equal(after.id, before.id);
  const plan = planDocumentChanges(['/new/place/docs'], [after], [], [stored(before)], false, () => false);
  assert.deepEqual([plan.added, plan.changed, plan.unchanged], [0, 1, 0]);
  assert.equal(plan.toWrite[0]?.path, '/new/place/docs/a.txt');
});

test('a relative id taken by another file that still exists falls back to the absolute path; same-named roots in one run both do', () => {
  const first = documentAt('/a/docs/x.txt', '/a');
  const second = documentAt('/b/docs/x.txt', '/b');
  const later = planDocumentChanges(['/b/docs'], [second], [], [stored(first)], false, () => true);
  assert.equal(later.toWrite[0]?.id, absoluteDocumentId('/b/docs/x.txt'));
  const together = planDocumentChanges(['/a/docs', '/b/docs'], [first, second], [], [], false, () => true);
  assert.deepEqual(together.toWrite.map((document) => document.id), [absoluteDocumentId('/a/docs/x.txt'), absoluteDocumentId('/b/docs/x.txt')]);
});

test('a file already stored keeps its stored id whatever root reaches it now', () => {
  const viaFolder = documentAt('/p/docs/sub/y.txt', '/p');
  const viaSubfolder = documentAt('/p/docs/sub/y.txt', '/p/docs');
  assert.notEqual(viaSubfolder.id, viaFolder.id);
  const plan = planDocumentChanges(['/p/docs/sub'], [viaSubfolder], [], [stored(viaFolder)], false, () => true);
  assert.deepEqual([plan.added, plan.changed, plan.unchanged], [0, 0, 1]);
});
