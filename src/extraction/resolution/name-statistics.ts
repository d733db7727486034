import { normaliseName } from '../../core/normalise.js';
import type { ChunkExtraction } from '../../core/records.js';
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
}

/** Weight of a mention typed only by the fallback: present, but outvoted by any cue. */
const FALLBACK_VOTE = 0.1;

/** Collects, per normalised name, its surface forms, type votes, chunks and declared aliases. */
export function collectNameStatistics(extractions: ChunkExtraction[]): Map<string, NameStatistics> {
  const names = new Map<string, NameStatistics>();
  const statisticsFor = (key: string): NameStatistics => {
    let statistics = names.get(key);
    if (!statistics) {
      statistics = { key, surfaces: new Map(), typeVotes: new Map(), chunkCounts: new Map(), aliasOf: new Set(), descriptions: [], occurrences: 0 };
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
      statistics.typeVotes.set(entity.type, (statistics.typeVotes.get(entity.type) ?? 0) + weight);
      statistics.chunkCounts.set(extraction.chunkId, (statistics.chunkCounts.get(extraction.chunkId) ?? 0) + 1);
      const description = entity.description?.trim();
      if (description && !statistics.descriptions.includes(description)) statistics.descriptions.push(description);
      if (entity.aliasOf) {
        const target = normaliseName(entity.aliasOf);
        if (target && target !== key) statistics.aliasOf.add(target);
      }
    }
  }
  return names;
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
