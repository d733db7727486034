import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Entity, Relation } from '../../src/core/records.js';
import { buildGraphIndex } from '../../src/query/graph-index.js';
import { contentStems } from '../../src/text/content-stems.js';

const entity = (id: string): Entity => ({ id, type: 'Organisation', name: id, aliases: [], description: '', mentionCount: 1 });
const relation = (id: string, sourceId: string, targetId: string, evidence: string, start: number): Relation => ({
  id, type: 'RELATED_TO', sourceId, targetId, evidence, chunkId: 'c1', documentId: 'd1', start, end: start + 40, weight: 1, validFrom: null, validTo: null,
});

test('relations of one evidence sentence share its stems; the evidence idf counts each sentence once', () => {
  const relations = [
    relation('r1', 'a', 'b', 'Harbour pilots inspected the cranes', 0),
    // Same chunk and span as r1: the same sentence, whatever its stored text.
    relation('r2', 'b', 'c', 'Harbour pilots inspected the cranes again', 0),
    relation('r3', 'a', 'c', 'Cranes were repainted', 100),
  ];
  const index = buildGraphIndex({ entities: [entity('a'), entity('b'), entity('c')], relations, mentions: [] });
  assert.deepEqual([...index.evidenceStems(1)], [...new Set(contentStems('Harbour pilots inspected the cranes'))]);
  assert.equal(index.evidenceCount, 2);
  const crane = contentStems('cranes')[0] as string;
  assert.equal(index.evidenceFrequency.get(crane), 2);
  const again = contentStems('again')[0];
  if (again !== undefined) assert.equal(index.evidenceFrequency.get(again), undefined);
});
