import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { IndexWrite } from '../../src/graph/store.js';
import { estimateWriteBytes } from '../../src/graph/kuzu/write-size.js';

function writeWithRelations(count: number, evidence: string): IndexWrite {
  const relations = Array.from({ length: count }, (_, index) => ({ id: `rel_${index}`, type: 'RELATED_TO', sourceId: 'a', targetId: 'b', evidence, chunkId: 'chunk_1', documentId: 'doc_1', start: 0, end: evidence.length, weight: 1, validFrom: null, validTo: null }));
  return {
    removedDocumentIds: [],
    documents: [],
    chunks: [],
    updatedExtractions: [],
    graph: { entities: [], relations, mentions: [] },
    merges: [],
    communities: [],
  } as unknown as IndexWrite;
}

test('the estimate of a bulk write counts its long texts exactly and grows with its rows', () => {
  const short = estimateWriteBytes(writeWithRelations(1000, 'x'));
  const long = estimateWriteBytes(writeWithRelations(1000, 'x'.repeat(201)));
  assert.equal(long - short, 1000 * 200, 'each relation counts its evidence');
  assert.ok(estimateWriteBytes(writeWithRelations(2000, 'x')) > short);
  assert.equal(estimateWriteBytes(writeWithRelations(0, 'x')), 0);
});
