import assert from 'node:assert/strict';
import { test } from 'node:test';
import { arePackedLists, pack, packLists, packStrings, unpack, unpackLists, unpackStrings } from '../../src/core/packed-file.js';

test('a packed file reads back its header and arrays, from a view at any offset of a larger buffer', () => {
  const header = { layout: 3, names: ['Alder', 'Birch ø'] };
  const arrays = [Int32Array.of(1, -2, 3), Float64Array.of(0.25, Math.PI), new Int32Array(0), Uint8Array.of(255, 0, 9), Int32Array.of(7)];
  const bytes = pack(header, arrays);
  assert.equal(bytes.length % 8, 0);
  assert.deepEqual(unpack(bytes), { header, arrays });
  for (const shift of [1, 3, 8]) {
    const pooled = new Uint8Array(bytes.length + 16);
    pooled.set(bytes, shift);
    assert.deepEqual(unpack(pooled.subarray(shift, shift + bytes.length)), { header, arrays }, `a view ${shift} bytes in`);
  }
});

test('bytes that are not one whole packed file read as none', () => {
  const bytes = pack({ layout: 1 }, [Int32Array.of(1, 2, 3), Float64Array.of(1)]);
  assert.equal(unpack(null), null);
  assert.equal(unpack(new Uint8Array(2)), null);
  assert.equal(unpack(bytes.subarray(0, bytes.length - 8)), null, 'truncated');
  const longer = new Uint8Array(bytes.length + 8);
  longer.set(bytes);
  assert.equal(unpack(longer), null, 'with bytes after its arrays');
  const garbled = Uint8Array.from(bytes);
  garbled[5] = 0x7b;
  assert.equal(unpack(garbled), null, 'its layout is not JSON');
  const longLayout = Uint8Array.from(bytes);
  new DataView(longLayout.buffer).setUint32(0, bytes.length, true);
  assert.equal(unpack(longLayout), null, 'its layout runs past the end');
});

test('lists of indexes pack into offsets and items, and only lists of indexes below the bound unpack', () => {
  const lists = [[2, 0], [], [1], [0, 1, 2]];
  const [offsets, items] = packLists(lists);
  assert.deepEqual([...offsets], [0, 2, 2, 3, 6]);
  assert.deepEqual(unpackLists(offsets, items, 3), lists);
  assert.deepEqual(unpackLists(...packLists([]), 0), []);
  assert.equal(unpackLists(offsets, items, 2), null, 'an index at the bound');
  assert.equal(unpackLists(Int32Array.of(0, 3, 2, 3, 6), items, 3), null, 'offsets that go back');
  assert.equal(unpackLists(Int32Array.of(0, 2, 2, 3, 5), items, 3), null, 'offsets that stop before the items end');
  assert.equal(unpackLists(offsets, Float64Array.from(items), 3), null, 'items of another kind');
  assert.equal(unpackLists(undefined, items, 3), null);
});

test('strings read back from their bytes and lengths as written, empty ones included; a lone surrogate as U+FFFD', () => {
  const strings = ['Alder', '', 'Tromsø — 東京', '😀', '\u0000x', 'é'.repeat(40)];
  const [bytes, lengths] = packStrings(strings);
  assert.deepEqual(unpackStrings(bytes, lengths)?.toArray(), strings);
  assert.deepEqual([...(unpackStrings(bytes, lengths)?.view(2, 3) ?? [])], strings.slice(2, 5), 'a view of some of them');
  assert.equal(unpackStrings(bytes, lengths)?.at(strings.length), undefined);
  assert.deepEqual(unpackStrings(...packStrings(['a\uD800', '\uDC00b', 'x']))?.toArray(), ['a\uFFFD', '\uFFFDb', 'x'], 'each string is whole: a surrogate pair cut between two is two lone surrogates');
  assert.equal(unpackStrings(bytes, lengths.subarray(1)), null, 'lengths that do not cover the bytes');
  assert.equal(unpackStrings(bytes, Int32Array.of(1000)), null);
});

test('packed lists are checked without copying them: starts, lengths and every item below the bound', () => {
  const [starts, items] = packLists([[0, 2], [], [1]]);
  assert.equal(arePackedLists(starts, items, 3, 3), true);
  assert.equal(arePackedLists(starts, items, 2, 3), false, 'another number of lists');
  assert.equal(arePackedLists(starts, items, 3, 2), false, 'an item past the bound');
  assert.equal(arePackedLists(Int32Array.of(0, 2, 1, 3), items, 3, 3), false, 'a list ending before it starts');
});
