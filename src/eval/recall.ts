import { RhizomeError } from '../errors/rhizome-error.js';

/** One question's ranked retrieval and the ids that answer it. */
export interface RetrievalOutcome {
  retrievedIds: readonly string[];
  supportingIds: readonly string[];
}

/**
 * |supporting ∩ top-k| / |supporting|, where top-k is the first `k` distinct retrieved ids (a passage
 * retrieved twice, e.g. through two of its chunks, takes one slot) and supporting ids are de-duplicated.
 * Throws INPUT_INVALID when `k` is not a positive integer or there are no supporting ids.
 */
export function recallAtK(retrievedIds: readonly string[], supportingIds: readonly string[], k: number): number {
  if (!Number.isInteger(k) || k < 1) throw new RhizomeError('INPUT_INVALID', `recallAtK: k must be a positive integer (got ${k})`);
  const supporting = new Set(supportingIds);
  if (supporting.size === 0) throw new RhizomeError('INPUT_INVALID', 'recallAtK: the supporting list is empty, so recall is undefined');
  const topK = new Set<string>();
  for (const id of retrievedIds) {
    if (topK.size === k) break;
    topK.add(id);
  }
  let found = 0;
  for (const id of supporting) if (topK.has(id)) found += 1;
  return found / supporting.size;
}

/** Mean of `recallAtK` over the questions; throws INPUT_INVALID for an empty list. */
export function meanRecall(outcomes: readonly RetrievalOutcome[], k: number): number {
  if (outcomes.length === 0) throw new RhizomeError('INPUT_INVALID', 'meanRecall: no questions to average');
  let total = 0;
  for (const outcome of outcomes) total += recallAtK(outcome.retrievedIds, outcome.supportingIds, k);
  return total / outcomes.length;
}
