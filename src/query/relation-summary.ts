import type { Relation } from '../core/records.js';
import { idOrderFor } from '../core/ids.js';
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
  evidenceFrequency: Map<string, number>;
  /** Number of distinct evidence sentences. */
  evidenceCount: number;
  /** The latest start any fact states ('' when none): as far as the documents know, "now". */
  latestStart: string;
}

/** Builds a relation summary from relations handed to it one at a time, in any order. */
export class RelationSummaryBuilder {
  private readonly edgeIds: string[] = [];
  private readonly sources: number[] = [];
  private readonly targets: number[] = [];
  private readonly weights: number[] = [];
  /** Per evidence sentence (chunk, start, end), its first relation by id and that relation's evidence. */
  private readonly sentences = new Map<string, { id: string; evidence: string }>();
  private latestStart = '';

  constructor(private readonly entityIndexById: ReadonlyMap<string, number>) {}

  add(relation: Relation): void {
    if (relation.validFrom && relation.validFrom > this.latestStart) this.latestStart = relation.validFrom;
    const key = `${relation.chunkId}:${relation.start}:${relation.end}`;
    const first = this.sentences.get(key);
    // The first by code unit: for stable ids, the first of `listRelations` too (see idOrderFor).
    if (!first || relation.id < first.id) this.sentences.set(key, { id: relation.id, evidence: relation.evidence });
    const source = this.entityIndexById.get(relation.sourceId);
    const target = this.entityIndexById.get(relation.targetId);
    if (source === undefined || target === undefined) return;
    this.edgeIds.push(relation.id);
    this.sources.push(source);
    this.targets.push(target);
    this.weights.push(relation.weight);
  }

  finish(): RelationSummary {
    const order = idOrderFor(this.edgeIds);
    const positions = this.edgeIds.map((_, position) => position).sort((left, right) => order(this.edgeIds[left] as string, this.edgeIds[right] as string));
    const evidenceFrequency = new Map<string, number>();
    for (const { evidence } of this.sentences.values()) for (const stem of new Set(contentStems(evidence))) evidenceFrequency.set(stem, (evidenceFrequency.get(stem) ?? 0) + 1);
    return {
      edgeSources: Int32Array.from(positions, (position) => this.sources[position] as number),
      edgeTargets: Int32Array.from(positions, (position) => this.targets[position] as number),
      edgeWeights: Float64Array.from(positions, (position) => this.weights[position] as number),
      evidenceFrequency,
      evidenceCount: this.sentences.size,
      latestStart: this.latestStart,
    };
  }
}

/** The summary of relations held in memory. */
export function summariseRelations(relations: Iterable<Relation>, entityIndexById: ReadonlyMap<string, number>): RelationSummary {
  const builder = new RelationSummaryBuilder(entityIndexById);
  for (const relation of relations) builder.add(relation);
  return builder.finish();
}
