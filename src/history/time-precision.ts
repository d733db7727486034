/** Compares two ISO dates at the precision of the coarser one ("2024" holds all of 2024). */
export function compareAtPrecision(left: string, right: string): number {
  const length = Math.min(left.length, right.length);
  const a = left.slice(0, length);
  const b = right.slice(0, length);
  return a < b ? -1 : a > b ? 1 : 0;
}
