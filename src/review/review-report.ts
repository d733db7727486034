import type { ReviewOverride } from './review-override.js';

/** The estimated precision of one entity or edge type from the reviewed sample. */
export interface TypePrecision {
  kind: 'entity' | 'relation';
  type: string;
  /** Items of this type in the graph now. */
  population: number;
  reviewed: number;
  correct: number;
  /** correct / reviewed, null before any judgment. */
  precision: number | null;
  /** Wilson score interval at 95%, null before any judgment. */
  interval: { low: number; high: number } | null;
}

/** Precision per entity type and per edge type, entities first, then by type name. */
export interface ReviewReport {
  types: TypePrecision[];
  decisions: number;
}

/** z for a two-sided 95% interval (the normal distribution's 97.5th percentile). */
const Z_95 = 1.959963984540054;

/** The Wilson score interval of a proportion: unlike the normal approximation it stays in [0, 1] and is honest for small samples. */
export function wilsonInterval(successes: number, trials: number, z = Z_95): { low: number; high: number } {
  if (trials === 0) return { low: 0, high: 1 };
  const proportion = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (proportion + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((proportion * (1 - proportion)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Estimates precision per type from the judgments (the latest per item counts): accept is correct;
 * reject, retype and reverse are wrong, under the type the reviewer saw. Renames, merges and splits
 * correct the entity layer, not an extraction's type, and are not counted.
 */
export function buildReviewReport(overrides: readonly ReviewOverride[], population: { entitiesByType: Record<string, number>; relationsByType: Record<string, number> }): ReviewReport {
  const latest = new Map<string, { kind: 'entity' | 'relation'; type: string; correct: boolean }>();
  for (const override of overrides) {
    if ('relation' in override) latest.set(`relation\u0000${override.relation.id}`, { kind: 'relation', type: override.relation.type, correct: override.action === 'accept-relation' });
    else if (override.action === 'accept-entity' || override.action === 'reject-entity' || override.action === 'retype-entity') {
      latest.set(`entity\u0000${override.entity.id}`, { kind: 'entity', type: override.entity.type, correct: override.action === 'accept-entity' });
    }
  }
  const tally = new Map<string, { kind: 'entity' | 'relation'; type: string; reviewed: number; correct: number }>();
  const keyOf = (kind: string, type: string) => `${kind === 'entity' ? 0 : 1}\u0000${type}`;
  const ensure = (kind: 'entity' | 'relation', type: string) => {
    const key = keyOf(kind, type);
    const entry = tally.get(key) ?? { kind, type, reviewed: 0, correct: 0 };
    tally.set(key, entry);
    return entry;
  };
  for (const type of Object.keys(population.entitiesByType)) ensure('entity', type);
  for (const type of Object.keys(population.relationsByType)) ensure('relation', type);
  for (const judgment of latest.values()) {
    const entry = ensure(judgment.kind, judgment.type);
    entry.reviewed += 1;
    if (judgment.correct) entry.correct += 1;
  }
  const types = [...tally.entries()].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)).map(([, entry]): TypePrecision => ({
    ...entry,
    population: (entry.kind === 'entity' ? population.entitiesByType : population.relationsByType)[entry.type] ?? 0,
    precision: entry.reviewed === 0 ? null : entry.correct / entry.reviewed,
    interval: entry.reviewed === 0 ? null : wilsonInterval(entry.correct, entry.reviewed),
  }));
  return { types, decisions: overrides.length };
}
