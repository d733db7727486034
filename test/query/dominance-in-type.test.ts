import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dominanceInType, type EntityIndex } from '../../src/query/graph-index.js';
import { smallGraph } from './small-graph.js';

/** The definition, entity by entity: own chunks over the most chunks any other entity of the type has (at least one). */
function dominanceByScan(index: EntityIndex, entityIndex: number): number {
  const type = index.entities.at(entityIndex)?.type;
  let runnerUp = 0;
  [...index.entities].forEach((other, otherIndex) => {
    if (otherIndex !== entityIndex && other.type === type) runnerUp = Math.max(runnerUp, index.chunksOfEntity.sizeOf(otherIndex));
  });
  return index.chunksOfEntity.sizeOf(entityIndex) / Math.max(1, runnerUp);
}

test('dominance in type: the leader over the runner-up, ties and lone types as a scan of every entity gives them', () => {
  const chunks = (count: number) => Array.from({ length: count }, (_, position) => `c${position}`);
  const { index } = smallGraph([
    { name: 'Authority', type: 'Organisation', chunks: chunks(9) },
    { name: 'Supplier', type: 'Organisation', chunks: chunks(3) },
    { name: 'Haulier', type: 'Organisation', chunks: chunks(3) },
    { name: 'Kite', type: 'Project', chunks: chunks(4) },
    { name: 'Wren', type: 'Project', chunks: chunks(4) },
    { name: 'Lone Person', type: 'Person', chunks: chunks(2) },
    { name: 'VX-9', type: 'Product', chunks: chunks(1) },
    { name: 'VX-8', type: 'Product', chunks: chunks(5) },
  ]);
  const expected = [3, 1 / 3, 1 / 3, 1, 1, 2, 0.2, 5];
  [...index.entities].forEach((entity, entityIndex) => {
    assert.equal(dominanceInType(index, entityIndex), dominanceByScan(index, entityIndex), entity.name);
    assert.equal(dominanceInType(index, entityIndex), expected[entityIndex], entity.name);
  });
  assert.equal(dominanceInType(index, index.entities.length), 0);
});
