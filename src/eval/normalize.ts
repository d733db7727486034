import { stripAccents } from '../core/normalise.js';

/**
 * Canonical form for coverage matching: accents removed, lower-cased, every whitespace run
 * collapsed to one space and trimmed — "  Maëlle\nDUPONT " → "maelle dupont".
 */
export function normalizeForCoverage(text: string): string {
  return stripAccents(text).toLowerCase().replace(/\s+/gu, ' ').trim();
}
