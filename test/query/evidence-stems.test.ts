import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Entity, Relation } from '../../src/core/records.js';
import { addRelations, buildEntityIndex, buildGraphIndex } from '../../src/query/graph-index.js';
import { summariseRelations } from '../../src/query/relation-summary.js';
import { contentStems } from '../../src/text/content-stems.js';

const entity = (id: string): Entity => ({ id, type: 'Organisation', name: id, aliases: [], description: '', mentionCount: 1 });
const relation = (id: string, sourceId: string, targetId: string, evidence: string, start: number): Relation => ({
  id, type: 'RELATED_TO', sourceId, targetId, evidence, chunkId: 'c1', documentId: 'd1', start, end: start + 40, weight: 1, validFrom: null, validTo: null,
});

test('a relation\'s evidence stems are its own evidence\'s; the evidence idf counts each sentence once, read in its first relation', async () => {
  const relations = [
    relation('r1', 'a', 'b', 'Harbour pilots inspected the cranes', 0),
    // Same chunk and span as r1: the same sentence, stored with more words (a title before it, say).
    relation('r2', 'b', 'c', 'Harbour pilots inspected the cranes again', 0),
    relation('r3', 'a', 'c', 'Cranes were repainted', 100),
  ];
  const index = buildGraphIndex({ entities: [entity('a'), entity('b'), entity('c')], relations, mentions: [] });
  await index.loadRelationsOf([0, 1, 2]);
  const stemsOf = (id: string) => [...index.evidenceStems(index.relationsOfEntity(index.entityIndexById.get('b') as number).find((relationIndex) => index.relation(relationIndex).id === id) as number)];
  assert.deepEqual(stemsOf('r1'), [...new Set(contentStems('Harbour pilots inspected the cranes'))]);
  assert.deepEqual(stemsOf('r2'), [...new Set(contentStems('Harbour pilots inspected the cranes again'))]);
  assert.equal(index.evidenceCount, 2);
  const crane = contentStems('cranes')[0] as string;
  assert.equal(index.evidenceFrequency.get(crane), 2);
  const again = contentStems('again')[0];
  if (again !== undefined) assert.equal(index.evidenceFrequency.get(again), undefined);
});

test('relations are read by neighbourhood: an entity\'s relations in list order, a relation read once whatever end asks for it', async () => {
  const relations = [relation('r1', 'a', 'b', 'A met B', 0), relation('r2', 'b', 'c', 'B met C', 50), relation('r3', 'a', 'x', 'A met X', 100), relation('r4', 'c', 'a', 'C met A', 150)];
  const read: string[][] = [];
  const index = addRelations(buildEntityIndex({ entities: [entity('a'), entity('b'), entity('c')], mentions: [] }), summariseRelations(relations, new Map([['a', 0], ['b', 1], ['c', 2]])), async (asked) => {
    const ids = asked.map((item) => item.id);
    read.push(ids);
    return relations.filter((relation) => ids.includes(relation.sourceId) || ids.includes(relation.targetId));
  });
  assert.throws(() => index.relationsOfEntity(0), /not read before use/);
  await index.loadRelationsOf([0]);
  const ids = (entityIndex: number) => index.relationsOfEntity(entityIndex).map((relationIndex) => index.relation(relationIndex).id);
  // "x" is no entity of the index: its relation is no neighbour of "a".
  assert.deepEqual(ids(0), ['r1', 'r4']);
  await index.loadRelationsOf([0, 1]);
  assert.deepEqual(read, [['a'], ['b']], 'an entity read before is not read again');
  assert.deepEqual(ids(1), ['r1', 'r2']);
  assert.equal(index.relationsOfEntity(0)[0], index.relationsOfEntity(1)[0], 'r1, met from both ends, has one index');
  assert.deepEqual([index.relationSource(index.relationsOfEntity(1)[1] as number), index.relationTarget(index.relationsOfEntity(1)[1] as number)], [1, 2]);
  // The walk's edges are the relations between entities of the index, in list order.
  assert.deepEqual([...index.relationSummary.edgeSources], [0, 1, 2]);
  assert.deepEqual([...index.relationSummary.edgeTargets], [1, 2, 0]);
});
