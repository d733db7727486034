import type { KeyedCounts, Positions } from './index-lookups.js';
import type { RelationEdge } from '../core/records.js';
import { idOrderFor, stableIdOrder } from '../core/ids.js';
import { contentStems } from '../text/content-stems.js';

/**
 * What local search needs of the whole relation layer, worked out in one pass without holding its
 * relations: the walk graph's relation edges, the idf of evidence words, and "now" as the facts know it.
 */
export interface RelationSummary {
  /** The relation edges of the walk graph, in `listRelations` order: ends as entity indexes, and weights (relations with an end outside the entity index are left out). */
  edgeSources: Int32Array;
  edgeTargets: Int32Array;
  edgeWeights: Float64Array;
  /** Stem → number of distinct evidence sentences (one chunk and span) holding it, each sentence read in its first relation's evidence by id. */
  evidenceFrequency: KeyedCounts;
  /** Number of distinct evidence sentences. */
  evidenceCount: number;
  /** The latest start any fact states ('' when none): as far as the documents know, "now". */
  latestStart: string;
}

/** An evidence sentence (chunk, start, end) and its first relation by id, whose evidence is read for its words. */
interface EvidenceSentence {
  start: number;
  end: number;
  id: string;
  evidence: string;
}

/** Builds a relation summary from relations handed to it one at a time, in any order. */
export class RelationSummaryBuilder {
  private readonly edgeIds: string[] = [];
  private readonly sources: number[] = [];
  private readonly targets: number[] = [];
  private readonly weights: number[] = [];
  /** Per chunk, its evidence sentences (a chunk has a few: each is found by a short scan, with no key string made per relation). */
  private readonly sentencesByChunk = new Map<string, EvidenceSentence[]>();
  private sentenceCount = 0;
  private latestStart = '';

  constructor(private readonly entityIndexById: Positions) {}

  add(relation: RelationEdge): void {
    if (relation.validFrom && relation.validFrom > this.latestStart) this.latestStart = relation.validFrom;
    this.addSentence(relation);
    const source = this.entityIndexById.get(relation.sourceId);
    const target = this.entityIndexById.get(relation.targetId);
    if (source === undefined || target === undefined) return;
    this.edgeIds.push(relation.id);
    this.sources.push(source);
    this.targets.push(target);
    this.weights.push(relation.weight);
  }

  private addSentence({ chunkId, start, end, id, evidence }: RelationEdge): void {
    let sentences = this.sentencesByChunk.get(chunkId);
    if (!sentences) this.sentencesByChunk.set(chunkId, (sentences = []));
    const first = sentences.find((sentence) => sentence.start === start && sentence.end === end);
    if (!first) {
      sentences.push({ start, end, id, evidence });
      this.sentenceCount += 1;
    } else if (id < first.id) {
      // The first by code unit: for stable ids, the first of `listRelations` too (see idOrderFor).
      first.id = id;
      first.evidence = evidence;
    }
  }

  finish(): RelationSummary {
    const positions = listOrder(this.edgeIds);
    const evidenceFrequency = new Map<string, number>();
    for (const sentences of this.sentencesByChunk.values()) {
      for (const { evidence } of sentences) for (const stem of new Set(contentStems(evidence))) evidenceFrequency.set(stem, (evidenceFrequency.get(stem) ?? 0) + 1);
    }
    return {
      edgeSources: Int32Array.from(positions, (position) => this.sources[position] as number),
      edgeTargets: Int32Array.from(positions, (position) => this.targets[position] as number),
      edgeWeights: Float64Array.from(positions, (position) => this.weights[position] as number),
      evidenceFrequency,
      evidenceCount: this.sentenceCount,
      latestStart: this.latestStart,
    };
  }
}

/** The positions of `ids` in `listRelations` order (see idOrderFor), through numeric keys when the ids allow it. */
function listOrder(ids: readonly string[]): Uint32Array | number[] {
  const stable = stableIdOrder(ids);
  if (stable) return stable;
  const order = idOrderFor(ids);
  return ids.map((_, position) => position).sort((left, right) => order(ids[left] as string, ids[right] as string));
}

/** The summary of relations held in memory. */
export function summariseRelations(relations: Iterable<RelationEdge>, entityIndexById: Positions): RelationSummary {
  const builder = new RelationSummaryBuilder(entityIndexById);
  for (const relation of relations) builder.add(relation);
  return builder.finish();
}
