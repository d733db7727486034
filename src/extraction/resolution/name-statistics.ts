import { normaliseName } from '../../core/normalise.js';
import type { ChunkExtraction, ExtractedEntity, TypeCue } from '../../core/records.js';
import { FALLBACK_NODE_TYPE } from '../../config/graph-schema.js';

/** Everything the corpus says about one normalised name. */
export interface NameStatistics {
  key: string;
  surfaces: Map<string, number>;
  typeVotes: Map<string, number>;
  chunkCounts: Map<string, number>;
  aliasOf: Set<string>;
  /** Distinct descriptions the extractor gave this name (LLM extraction), in order of appearance. */
  descriptions: string[];
  occurrences: number;
  /** Per type, the largest vote a name's own shape gave it in one mention (kept apart from `typeVotes`, see `nameShapeCues`). */
  shapeVotes: Map<string, number>;
}

/**
 * Cues read from the name itself (its last word, its shape), not from the words around it: they
 * say the same thing at every mention, so a name counts them once, however often it is repeated,
 * while cues of context add up mention by mention ("… station at Vorrin Heights" outweighs a
 * shape seen five times).
 */
const nameShapeCues: ReadonlySet<TypeCue> = new Set<TypeCue>(['suffix', 'code', 'person-name', 'initial', 'business-shape']);

/** Weight of a mention typed only by the fallback: present, but outvoted by any cue. */
const FALLBACK_VOTE = 0.1;

/** Collects, per normalised name, its surface forms, type votes, chunks and declared aliases. */
export function collectNameStatistics(extractions: ChunkExtraction[]): Map<string, NameStatistics> {
  const names = new Map<string, NameStatistics>();
  const statisticsFor = (key: string): NameStatistics => {
    let statistics = names.get(key);
    if (!statistics) {
      statistics = { key, surfaces: new Map(), typeVotes: new Map(), shapeVotes: new Map(), chunkCounts: new Map(), aliasOf: new Set(), descriptions: [], occurrences: 0 };
      names.set(key, statistics);
    }
    return statistics;
  };
  for (const extraction of extractions) {
    for (const entity of extraction.entities) {
      const key = normaliseName(entity.name);
      if (!key) continue;
      const statistics = statisticsFor(key);
      statistics.occurrences += 1;
      statistics.surfaces.set(entity.name.trim(), (statistics.surfaces.get(entity.name.trim()) ?? 0) + 1);
      const weight = entity.type === FALLBACK_NODE_TYPE ? FALLBACK_VOTE : Math.max(entity.confidence ?? 1, FALLBACK_VOTE);
      const shape = shapeWeight(entity);
      statistics.typeVotes.set(entity.type, (statistics.typeVotes.get(entity.type) ?? 0) + Math.max(0, weight - shape));
      if (shape > 0) statistics.shapeVotes.set(entity.type, Math.max(statistics.shapeVotes.get(entity.type) ?? 0, shape));
      statistics.chunkCounts.set(extraction.chunkId, (statistics.chunkCounts.get(extraction.chunkId) ?? 0) + 1);
      const description = entity.description?.trim();
      if (description && !statistics.descriptions.includes(description)) statistics.descriptions.push(description);
      if (entity.aliasOf) {
        const target = normaliseName(entity.aliasOf);
        if (target && target !== key) statistics.aliasOf.add(target);
      }
    }
  }
  for (const statistics of names.values()) statistics.shapeVotes.forEach((weight, type) => statistics.typeVotes.set(type, (statistics.typeVotes.get(type) ?? 0) + weight));
  return names;
}

/** The part of a mention's winning vote that its name's shape gave (0 for model extractions, which cast no votes). */
function shapeWeight(entity: ExtractedEntity): number {
  return (entity.votes ?? []).filter((vote) => vote.type === entity.type && nameShapeCues.has(vote.cue)).reduce((sum, vote) => sum + vote.weight, 0);
}

/** The type with the most votes; the fallback type when no cue voted. */
export function winningType(votes: Map<string, number>, typeOrder: string[]): string {
  let best = FALLBACK_NODE_TYPE;
  let bestScore = 0;
  for (const type of typeOrder) {
    if (type === FALLBACK_NODE_TYPE) continue;
    const score = votes.get(type) ?? 0;
    if (score > bestScore) {
      best = type;
      bestScore = score;
    }
  }
  return best;
}
