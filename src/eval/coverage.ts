import { RhizomeError } from '../errors/rhizome-error.js';
import { normalizeForCoverage } from './normalize.js';

/**
 * Share (0–1) of the expected items that the answer contains as substrings, both sides normalised
 * with `normalizeForCoverage`. Expected items equal after normalisation count once ("Maëlle" and
 * "maelle" are one item); an empty or blank answer scores 0. Throws INPUT_INVALID when `expected`
 * is empty or holds an item that is blank after normalisation, since such a question cannot be scored.
 * Matching is by substring, not by word, so it can be fooled (an answer listing every name scores 1):
 * reports must show the answers next to the scores.
 */
export function scoreCoverage(answer: string, expected: readonly string[]): number {
  if (expected.length === 0) {
    throw new RhizomeError('INPUT_INVALID', 'scoreCoverage: the expected list is empty, so the answer cannot be scored');
  }
  const expectedItems = new Set<string>();
  for (const [index, item] of expected.entries()) {
    const normalized = normalizeForCoverage(item);
    if (normalized === '') {
      throw new RhizomeError('INPUT_INVALID', `scoreCoverage: expected[${index}] is blank after normalisation (${JSON.stringify(item)})`);
    }
    expectedItems.add(normalized);
  }
  const normalizedAnswer = normalizeForCoverage(answer);
  if (normalizedAnswer === '') return 0;
  let found = 0;
  for (const item of expectedItems) if (normalizedAnswer.includes(item)) found += 1;
  return found / expectedItems.size;
}

/** True when the answer contains every expected item (score exactly 1). */
export function isCompleteCoverage(score: number): boolean {
  return score === 1;
}
