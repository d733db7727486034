import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findFuzzyPairs } from '../../src/extraction/resolution/fuzzy-pairs.js';
import { jaroWinkler } from '../../src/extraction/resolution/jaro-winkler.js';

/** Every pair of long, digit-free names with the same first three letters and type, scanned in sorted order. */
function scanEveryPair(keys: string[], types: Map<string, string>, threshold: number): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const long = keys.filter((key) => key.length >= 8);
  for (let left = 0; left < long.length; left += 1) {
    for (let right = left + 1; right < long.length; right += 1) {
      const first = long[left] as string;
      const second = long[right] as string;
      if (first.slice(0, 3) !== second.slice(0, 3) || types.get(first) !== types.get(second) || /\d/.test(first + second)) continue;
      if (jaroWinkler(first, second) >= threshold) pairs.push([first, second]);
    }
  }
  return pairs;
}

test('fuzzy pairs are exactly those a scan of every same-prefix pair finds, in the scan order', () => {
  let state = 5;
  const next = (limit: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % limit;
  };
  const letters = 'aeioulnrstkm ';
  for (const threshold of [0.8, 0.9, 0.96]) {
    const names = new Set<string>();
    for (let index = 0; index < 400; index += 1) {
      const stem = `sta${Array.from({ length: 5 + next(6) }, () => letters[next(letters.length)]).join('')}`.trim();
      names.add(stem);
      // Near-copies: one letter changed, dropped, doubled or swapped; some with a digit.
      const at = 3 + next(Math.max(1, stem.length - 3));
      names.add(`${stem.slice(0, at)}${letters[next(12)]}${stem.slice(at + 1)}`);
      names.add(`${stem.slice(0, at)}${stem.slice(at + 1)}`);
      names.add(`${stem.slice(0, at)}${stem[at] ?? ''}${stem.slice(at)}`);
      if (index % 9 === 0) names.add(`${stem} 2`);
    }
    const keys = [...names].sort();
    const types = new Map(keys.map((key, index) => [key, index % 5 === 0 ? 'Person' : 'Organisation']));
    const expected = scanEveryPair(keys, types, threshold);
    assert.ok(expected.length > 50, `the data has near-duplicates (${expected.length} at ${threshold})`);
    assert.deepEqual(findFuzzyPairs(keys, types, threshold), expected);
  }
});
