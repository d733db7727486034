const NONSPACING_MARKS = /\p{Mn}/gu;
const WHITESPACE_RUNS = /\s+/gu;

/**
 * Canonical form for coverage matching: decomposes (NFD), drops nonspacing marks (accents),
 * lower-cases, collapses every whitespace run to one space and trims — "  Maëlle\nDUPONT " → "maelle dupont".
 */
export function normalizeForCoverage(text: string): string {
  return text.normalize('NFD').replace(NONSPACING_MARKS, '').toLowerCase().replace(WHITESPACE_RUNS, ' ').trim();
}
