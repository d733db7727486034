import { jaroWinkler } from './jaro-winkler.js';

/** Names shorter than this are never fuzzy-matched (short names differ by one letter too often). */
export const FUZZY_MIN_LENGTH = 8;

/**
 * The pairs of names (sorted `keys`, normalised) that near-identical-name merging joins: at least
 * 8 characters, the same first three characters and type, no digit, and a Jaro–Winkler similarity
 * at the threshold. Returned as [earlier, later] in the order a scan of every such pair would meet
 * them (by the earlier name, then the later), so merges happen in the same order. Pairs that no
 * similarity could lift to the threshold — lengths too far apart, too few letters in common — are
 * skipped before the Jaro–Winkler loop, which is what keeps large blocks affordable.
 */
export function findFuzzyPairs(keys: string[], types: Map<string, string>, threshold: number): Array<[string, string]> {
  const blocks = new Map<string, number[]>();
  keys.forEach((key, index) => {
    if (key.length < FUZZY_MIN_LENGTH || /\d/.test(key)) return;
    const block = `${key.slice(0, 3)}\u0000${types.get(key) ?? ''}`;
    const members = blocks.get(block);
    if (members) members.push(index);
    else blocks.set(block, [index]);
  });
  // Jaro–Winkler ≤ 0.4 + 0.6 × Jaro (a common prefix counts up to 4 letters); the margin absorbs rounding.
  const minimumJaro = (threshold - 0.4) / 0.6 - 1e-9;
  const found: Array<[number, number]> = [];
  for (const members of blocks.values()) {
    const byLength = [...members].sort((left, right) => (keys[left] as string).length - (keys[right] as string).length || left - right);
    const letters = byLength.map((index) => sortedCodes(keys[index] as string));
    for (let shorter = 0; shorter < byLength.length; shorter += 1) {
      const first = keys[byLength[shorter] as number] as string;
      for (let longer = shorter + 1; longer < byLength.length; longer += 1) {
        const second = keys[byLength[longer] as number] as string;
        // Jaro ≤ (2 + short/long) / 3: past this length, every longer name is out of reach.
        if ((2 + first.length / second.length) / 3 < minimumJaro) break;
        const common = commonCount(letters[shorter] as Uint16Array, letters[longer] as Uint16Array);
        if ((common / first.length + common / second.length + 1) / 3 < minimumJaro) continue;
        // Compared in the scan's order (the earlier name first), as the greedy matching is not always symmetric.
        const [low, high] = [byLength[shorter] as number, byLength[longer] as number].sort((left, right) => left - right) as [number, number];
        if (jaroWinkler(keys[low] as string, keys[high] as string) >= threshold) found.push([low, high]);
      }
    }
  }
  found.sort((left, right) => left[0] - right[0] || left[1] - right[1]);
  return found.map(([low, high]) => [keys[low] as string, keys[high] as string]);
}

function sortedCodes(text: string): Uint16Array {
  const codes = new Uint16Array(text.length);
  for (let index = 0; index < text.length; index += 1) codes[index] = text.charCodeAt(index);
  return codes.sort();
}

/** Characters two strings have in common, counted with multiplicity (an upper bound on Jaro's matches). */
function commonCount(left: Uint16Array, right: Uint16Array): number {
  let common = 0;
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    if (left[i] === right[j]) {
      common += 1;
      i += 1;
      j += 1;
    } else if ((left[i] as number) < (right[j] as number)) i += 1;
    else j += 1;
  }
  return common;
}
