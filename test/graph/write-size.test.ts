import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { IndexWrite } from '../../src/graph/store.js';
import { estimateWriteSize } from '../../src/graph/kuzu/write-size.js';

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

test('the estimate of a whole rewrite counts long texts exactly, in all and in its largest load', () => {
  const short = estimateWriteSize(writeWithRelations(1000, 'x'));
  const long = estimateWriteSize(writeWithRelations(1000, 'x'.repeat(201)));
  assert.equal(long.totalBytes - short.totalBytes, 1000 * 200, 'each relation counts its evidence');
  assert.equal(long.largestCopyBytes, long.totalBytes, 'one load: relations of one type between one pair of entity types');
  assert.ok(estimateWriteSize(writeWithRelations(2000, 'x')).totalBytes > short.totalBytes);
  assert.deepEqual(estimateWriteSize(writeWithRelations(0, 'x')), { totalBytes: 0, largestCopyBytes: 0 });
});
