import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GraphStore } from '../../src/graph/store.js';
import { CHUNKS } from './contract-fixture.js';
import type { ContractContext } from './graph-store-contract.js';

type VectorStore = Required<Pick<GraphStore, 'writeVectors' | 'searchVectors' | 'vectorState'>> & GraphStore;

function requireVectors(store: GraphStore): VectorStore {
  assert.ok(store.capabilities.vectorIndex, 'the backend declares a vector index');
  assert.ok(store.writeVectors && store.searchVectors && store.vectorState, 'and implements the vector methods');
  return store as VectorStore;
}

/** A unit vector pointing mostly along one axis (distinct, non-integer entries). */
function axis(dimension: number, size = 8): number[] {
  const vector = Array.from({ length: size }, (_, index) => (index === dimension ? 0.9 : 0.05 + index * 0.001));
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

/** Dense vectors: nearest-neighbour order, replacement, removal of vanished ids, model changes. */
export function defineVectorCases({ withLoadedStore }: ContractContext): void {
  test('writeVectors and searchVectors find the nearest chunks by cosine similarity, best first', () =>
    withLoadedStore(async (raw) => {
      const store = requireVectors(raw);
      const ids = CHUNKS.map((chunk) => chunk.id);
      await store.writeVectors('chunk', ids.map((id, index) => ({ id, vector: axis(index) })), 'model-a', ids);
      const hits = await store.searchVectors('chunk', axis(1), 2);
      assert.equal(hits[0]?.id, ids[1]);
      assert.ok((hits[0]?.score ?? 0) > 0.99 && (hits[0]?.score ?? 0) >= (hits[1]?.score ?? 0));
      const state = await store.vectorState();
      assert.deepEqual([state.model, state.dimensions, state.chunks], ['model-a', 8, ids.length]);
    }));

  test('vectors of ids no longer kept are dropped, and a new model replaces every vector', () =>
    withLoadedStore(async (raw) => {
      const store = requireVectors(raw);
      const ids = CHUNKS.map((chunk) => chunk.id);
      await store.writeVectors('chunk', ids.map((id, index) => ({ id, vector: axis(index) })), 'model-a', ids);
      await store.writeVectors('entity', [{ id: 'ent_x', vector: axis(3) }], 'model-a', []);
      await store.writeVectors('chunk', [], 'model-a', ids.slice(1));
      assert.equal((await store.vectorState()).chunks, ids.length - 1);
      assert.ok(!(await store.searchVectors('chunk', axis(0), 10)).some((hit) => hit.id === ids[0]));
      await store.writeVectors('chunk', [{ id: ids[0] as string, vector: axis(0, 4) }], 'model-b', [ids[0] as string]);
      const state = await store.vectorState();
      assert.deepEqual([state.model, state.dimensions, state.chunks, state.entities], ['model-b', 4, 1, 0]);
      assert.equal((await store.searchVectors('chunk', axis(0, 4), 1))[0]?.id, ids[0]);
    }));
}
