import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { contentHash, idOrderFor, stableId, stableIdOrder } from '../../src/core/ids.js';

/** The ids every stored workspace holds were made this way: hashing each part, then a NUL, in turn. */
function partByPart(prefix: string, ...parts: Array<string | number>): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(String(part)).update('\u0000');
  return `${prefix}_${hash.digest('hex').slice(0, 16)}`;
}

test('ids and content hashes are the bytes they always were (stored workspaces keep their ids)', () => {
  const cases: Array<[string, Array<string | number>]> = [
    ['rel', ['RELATED_TO', 'ent_0f992f415016d615', 'ent_1e2b539882b44232', 'chunk_f6e423f049486442', 412]],
    ['ent', ['tromsø']],
    ['com', [0, 'ent_a\nent_b\nent_c']],
    ['x', ['', '', 0]],
    ['x', ['日本語の名前', 'émile zola', '🙂']],
    ['x', ['lone \ud800', '\udc00 lone', 'pair \ud83d\ude42']],
    ['x', []],
  ];
  for (const [prefix, parts] of cases) assert.equal(stableId(prefix, ...parts), partByPart(prefix, ...parts), JSON.stringify(parts));
  for (const content of ['', 'Tromsø', 'lone \ud800', new Uint8Array([0, 1, 2, 255])]) assert.equal(contentHash(content), createHash('sha256').update(content).digest('hex'));
});

test('idOrderFor orders ids exactly as localeCompare does: by code unit for stableIds of one prefix, by locale otherwise', () => {
  const stable = Array.from({ length: 3000 }, (_, index) => stableId('rel', 'invented', index));
  const byLocale = (ids: string[]) => [...ids].sort((left, right) => left.localeCompare(right));
  const byOrder = (ids: string[]) => {
    const compare = idOrderFor(ids);
    return [...ids].sort(compare);
  };
  assert.deepEqual(byOrder(stable), byLocale(stable));
  const mixed = [...stable.slice(0, 50), ...Array.from({ length: 50 }, (_, index) => stableId('ent', index)), 'Rel_Upper', 'rel-dash', 'rel_0', 'zz', 'a_b', 'Émile'];
  assert.deepEqual(byOrder(mixed), byLocale(mixed));
  assert.equal(idOrderFor(['rel_0123456789abcdef', 'Rel_Upper'])('Rel_Upper', 'rel_0123456789abcdef'), 'Rel_Upper'.localeCompare('rel_0123456789abcdef'));
});

test('stableIdOrder gives the positions idOrderFor sorts stableIds of one prefix into, and null for any other ids', () => {
  const stable = Array.from({ length: 3000 }, (_, index) => stableId('rel', 'invented', index));
  // Ids that share their first eight hex digits order by the last eight; a repeated id keeps its positions in order.
  const sharedHigh = ['rel_00000000ffffffff', 'rel_0000000000000001', 'rel_0000000100000000', 'rel_0000000000000001'];
  for (const ids of [stable, sharedHigh, [...stable.slice(0, 40), ...sharedHigh]]) {
    const compare = idOrderFor(ids);
    const expected = ids.map((_, position) => position).sort((left, right) => compare(ids[left]!, ids[right]!) || left - right);
    assert.deepEqual([...stableIdOrder(ids)!], expected);
  }
  assert.equal(stableIdOrder([...stable.slice(0, 5), stableId('ent', 1)]), null);
  assert.equal(stableIdOrder([...stable.slice(0, 5), 'rel_0123456789ABCDEF']), null);
  assert.equal(stableIdOrder(['zz', 'a_b']), null);
  assert.equal(stableIdOrder([]), null);
});
