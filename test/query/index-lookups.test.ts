import assert from 'node:assert/strict';
import { test } from 'node:test';
import { packLists } from '../../src/core/packed-file.js';
import { keyOrder, PackedKeyedIndexes, PackedLists, SortedKeys } from '../../src/query/index-lookups.js';

test('sorted keys find each position as a map from key to position does, the last of equal keys included', () => {
  const keys = ['delta', 'alpha', 'Éric', 'alpha', '', 'a', 'zz', 'ent_10', 'ent_9', '😀', 'ﬁ'];
  const sorted = new SortedKeys(keys, keyOrder(keys));
  const map = new Map(keys.map((key, position) => [key, position]));
  for (const key of [...keys, 'b', 'alph', 'alphaa', 'zzz', ' ', 'ent_1']) {
    assert.equal(sorted.get(key), map.get(key), JSON.stringify(key));
    assert.equal(sorted.has(key), map.has(key));
  }
  assert.equal(new SortedKeys([], keyOrder([])).get('a'), undefined);
});

test('an order read back is taken only when it holds every position once; a wrong order finds nothing rather than another key', () => {
  const keys = ['b', 'a', 'c'];
  assert.equal(SortedKeys.orders(keys, keyOrder(keys)), true);
  assert.equal(SortedKeys.orders(keys, Int32Array.of(0, 0, 1)), false, 'a position twice');
  assert.equal(SortedKeys.orders(keys, Int32Array.of(0, 1)), false, 'a position missing');
  assert.equal(SortedKeys.orders(keys, Int32Array.of(0, 1, 3)), false, 'a position past the keys');
  const unsorted = new SortedKeys(keys, Int32Array.of(2, 1, 0));
  for (const key of keys) assert.ok([undefined, keys.indexOf(key)].includes(unsorted.get(key)));
});

test('packed lists give each list and its size, and an empty list outside them; keyed lists keep the order they were built in', () => {
  const lists = [[3, 1], [], [2]];
  const packed = new PackedLists(...packLists(lists));
  assert.equal(packed.length, 3);
  assert.deepEqual([0, 1, 2, 3, -1].map((position) => [packed.sizeOf(position), packed.get(position)]), [[2, [3, 1]], [0, []], [1, [2]], [0, []], [0, []]]);
  assert.equal(packed.get(0), packed.get(0), 'a list is made once');
  const names = ['kite', 'berg', 'lumen'];
  const keyed = new PackedKeyedIndexes(new SortedKeys(names, keyOrder(names)), packed);
  assert.deepEqual([...keyed.keys()], names);
  assert.deepEqual(keyed.get('kite'), [3, 1]);
  assert.deepEqual(keyed.get('lumen'), [2]);
  assert.equal(keyed.get('nobody'), undefined);
});
