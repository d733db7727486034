import type { Relation } from '../core/records.js';
import type { GraphStore, RelationInvalidation } from '../graph/store.js';

/** Meta key of the facts closed by hand (agent memory's `forget`), kept so every later resolution closes them again. */
export const INVALIDATIONS_META = 'invalidatedFacts';

/** The facts closed by hand, oldest first (one entry per relation, the latest kept). */
export async function readInvalidations(store: Pick<GraphStore, 'getMeta'>): Promise<RelationInvalidation[]> {
  const raw = await store.getMeta(INVALIDATIONS_META);
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    return Array.isArray(parsed) ? (parsed as RelationInvalidation[]) : [];
  } catch {
    return [];
  }
}

/** Records facts closed by hand (replacing earlier entries for the same relations) and closes them in the store; returns the ids the store held. */
export async function recordInvalidations(store: Pick<GraphStore, 'getMeta' | 'setMeta' | 'invalidateRelations'>, invalidations: RelationInvalidation[]): Promise<string[]> {
  const replaced = new Set(invalidations.map((invalidation) => invalidation.relationId));
  const kept = (await readInvalidations(store)).filter((invalidation) => !replaced.has(invalidation.relationId));
  await store.setMeta(INVALIDATIONS_META, JSON.stringify([...kept, ...invalidations]));
  return store.invalidateRelations(invalidations);
}

/** Closes re-resolved facts that were closed by hand (a re-index rebuilds relations from the text, which still states them). */
export function applyInvalidations(relations: Relation[], invalidations: RelationInvalidation[]): void {
  const byId = new Map(invalidations.map((invalidation) => [invalidation.relationId, invalidation]));
  for (const relation of relations) {
    const invalidation = byId.get(relation.id);
    if (!invalidation) continue;
    relation.validTo = invalidation.validTo;
    relation.invalidatedAt = invalidation.invalidatedAt;
    relation.invalidationReason = invalidation.reason;
  }
}
