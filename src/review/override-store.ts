import { z } from 'zod';
import { RhizomeError } from '../errors/rhizome-error.js';
import type { GraphStore } from '../graph/store.js';
import { reviewOverrideSchema, type ReviewOverride } from './review-override.js';

/**
 * Meta key of the review decisions, oldest first. They live in the store beside the graph they
 * correct (not in a side file of the workspace folder): a Neo4j workspace's graph is on the
 * server, `migrate` copies every meta entry, and one store write can never leave the graph and
 * its decisions apart.
 */
export const REVIEW_OVERRIDES_META = 'reviewOverrides';

const storedOverridesSchema = z.array(reviewOverrideSchema);

/** The stored review decisions, oldest first; STORE_FAILED naming the key when they cannot be read. */
export async function readOverrides(store: Pick<GraphStore, 'getMeta'>): Promise<ReviewOverride[]> {
  const raw = await store.getMeta(REVIEW_OVERRIDES_META);
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (cause) {
    throw new RhizomeError('STORE_FAILED', `the review decisions (meta key ${REVIEW_OVERRIDES_META}) are not JSON: ${(cause as Error).message}`, { cause });
  }
  const checked = storedOverridesSchema.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new RhizomeError('STORE_FAILED', `the review decisions (meta key ${REVIEW_OVERRIDES_META}) are malformed at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'invalid'}`);
  }
  return checked.data;
}

/** Replaces the stored review decisions (in the order given, which is the order they apply in). */
export async function writeOverrides(store: Pick<GraphStore, 'setMeta'>, overrides: ReviewOverride[]): Promise<void> {
  await store.setMeta(REVIEW_OVERRIDES_META, JSON.stringify(overrides));
}
