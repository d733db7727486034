/** Jaro-Winkler similarity of two strings, from 0 (different) to 1 (equal). */
export function jaroWinkler(left: string, right: string): number {
  if (left === right) return 1;
  if (left.length === 0 || right.length === 0) return 0;
  const window = Math.max(0, Math.floor(Math.max(left.length, right.length) / 2) - 1);
  const leftMatched = new Uint8Array(left.length);
  const rightMatched = new Uint8Array(right.length);
  let matches = 0;
  for (let i = 0; i < left.length; i += 1) {
    const from = Math.max(0, i - window);
    const to = Math.min(right.length - 1, i + window);
    for (let j = from; j <= to; j += 1) {
      if (rightMatched[j] || left[i] !== right[j]) continue;
      leftMatched[i] = 1;
      rightMatched[j] = 1;
      matches += 1;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let cursor = 0;
  for (let i = 0; i < left.length; i += 1) {
    if (!leftMatched[i]) continue;
    while (!rightMatched[cursor]) cursor += 1;
    if (left[i] !== right[cursor]) transpositions += 1;
    cursor += 1;
  }
  const jaro = (matches / left.length + matches / right.length + (matches - transpositions / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && left[prefix] === right[prefix]) prefix += 1;
  return jaro + prefix * 0.1 * (1 - jaro);
}
