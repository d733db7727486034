import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstInOrder, TopItems } from '../../src/core/top-items.js';

/** A small deterministic generator, so a failure names the case that found it. */
function numbers(seed: number, count: number, range: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % range;
  });
}

test('TopItems keeps what a stable sort puts first, ties in the order offered', () => {
  for (let seed = 1; seed <= 200; seed++) {
    const values = numbers(seed, 1 + (seed % 60), 7).map((value, index) => ({ value, index }));
    const compare = (left: { value: number }, right: { value: number }) => right.value - left.value;
    for (const size of [1, 4, 40]) {
      const top = new TopItems(size, compare);
      for (const item of values) top.offer(item);
      assert.deepEqual(top.items, [...values].sort(compare).slice(0, size), `seed ${seed}, size ${size}`);
    }
  }
});

test('TopItems of size 0 keeps nothing', () => {
  const top = new TopItems<number>(0, (left, right) => left - right);
  top.offer(1);
  assert.deepEqual(top.items, []);
});

test('firstInOrder gives the item a stable sort puts first, or undefined for none', () => {
  for (let seed = 1; seed <= 200; seed++) {
    const values = numbers(seed, 1 + (seed % 30), 5).map((value, index) => ({ value, index }));
    const compare = (left: { value: number }, right: { value: number }) => right.value - left.value;
    assert.deepEqual(firstInOrder(values, compare), [...values].sort(compare)[0], `seed ${seed}`);
  }
  assert.equal(firstInOrder<number>([], (left, right) => left - right), undefined);
});
