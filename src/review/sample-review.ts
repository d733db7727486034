import { splitSentences } from '../chunking/sentences.js';
import { createSeededRandom, randomPermutation } from '../communities/seeded-random.js';
import { normaliseName } from '../core/normalise.js';
import type { Entity, Language } from '../core/records.js';
import type { GraphProjection, StoredChunk, StoredDocument } from '../graph/store.js';
import { entityKeys } from './apply-overrides.js';
import type { ReviewOverride } from './review-override.js';

/** One entity end of a relation under review. */
export interface ReviewEndpoint {
  id: string;
  name: string;
  type: string;
}

/**
 * An extraction to review with the sentence that supports it. `confidence` orders `lowConfidence`
 * samples: a relation's weight (1 typed phrase, 0.5 two names in a sentence, 0.25 weaker links), an
 * entity's mean type-cue score over its mentions (null when the extractor gave none, as models do).
 */
export type ReviewItem =
  | { kind: 'relation'; id: string; type: string; source: ReviewEndpoint; target: ReviewEndpoint; evidence: string; documentPath: string; confidence: number }
  | { kind: 'entity'; id: string; type: string; name: string; aliases: string[]; evidence: string; documentPath: string; confidence: number | null; mentions: number };

/** What to sample: how many, which kind or type, the least confident first, and the seed of the draw. */
export interface ReviewSampleOptions {
  size: number;
  /** Relations, entities or both (default both; an edge type implies relations, an entity type entities). */
  kind?: 'relation' | 'entity' | 'any';
  edgeType?: string;
  entityType?: string;
  lowConfidence?: boolean;
  /** The same seed over the same graph draws the same sample (default 1). */
  seed?: number;
  /** Also draw items a decision already judged (default: only unreviewed ones). */
  includeReviewed?: boolean;
}

/** What the sampler reads: the entity layer, the chunks with their extractions, the documents. */
export interface ReviewSource {
  projection: GraphProjection;
  chunks: StoredChunk[];
  documents: StoredDocument[];
  overrides: readonly ReviewOverride[];
}

/** Draws extractions to review, deterministically for a seed: a seeded shuffle, or the least confident first (ties in shuffled order). */
export function sampleReviewItems(source: ReviewSource, options: ReviewSampleOptions): ReviewItem[] {
  const kind = options.edgeType ? 'relation' : options.entityType ? 'entity' : (options.kind ?? 'any');
  const judged = new Set(source.overrides.flatMap((override) => ('relation' in override ? [override.relation.id] : [override.entity.id])));
  const documents = new Map(source.documents.map((document) => [document.id, document]));
  const chunks = new Map(source.chunks.map((chunk) => [chunk.id, chunk]));
  const entities = new Map(source.projection.entities.map((entity) => [entity.id, entity]));
  const candidates: Array<{ id: string; build: () => ReviewItem; confidence: number | null }> = [];
  if (kind !== 'entity') {
    for (const relation of source.projection.relations) {
      if (options.edgeType && relation.type !== options.edgeType) continue;
      const [from, to] = [entities.get(relation.sourceId), entities.get(relation.targetId)];
      if (!from || !to) continue;
      candidates.push({
        id: relation.id,
        confidence: relation.weight,
        build: () => ({ kind: 'relation', id: relation.id, type: relation.type, source: endpoint(from), target: endpoint(to), evidence: relation.evidence, documentPath: documents.get(relation.documentId)?.path ?? '', confidence: relation.weight }),
      });
    }
  }
  if (kind !== 'relation') {
    const chunksOf = new Map<string, string[]>();
    for (const mention of source.projection.mentions) {
      const list = chunksOf.get(mention.entityId);
      if (list) list.push(mention.chunkId);
      else chunksOf.set(mention.entityId, [mention.chunkId]);
    }
    const chunkOrder = new Map(source.chunks.map((chunk, index) => [chunk.id, index]));
    for (const entity of source.projection.entities) {
      if (options.entityType && entity.type !== options.entityType) continue;
      const mentioned = (chunksOf.get(entity.id) ?? []).flatMap((id) => (chunks.has(id) ? [chunks.get(id) as StoredChunk] : [])).sort((left, right) => (chunkOrder.get(left.id) ?? 0) - (chunkOrder.get(right.id) ?? 0));
      const confidence = typeConfidence(entity, mentioned);
      candidates.push({
        id: entity.id,
        confidence,
        build: () => {
          const first = mentioned[0];
          const document = first ? documents.get(first.documentId) : undefined;
          return { kind: 'entity', id: entity.id, type: entity.type, name: entity.name, aliases: entity.aliases, evidence: first ? sentenceNaming(first.text, entity, document?.language ?? 'en') : '', documentPath: document?.path ?? '', confidence, mentions: entity.mentionCount };
        },
      });
    }
  }
  const open = candidates.filter((candidate) => options.includeReviewed || !judged.has(candidate.id)).sort((left, right) => compareStrings(left.id, right.id));
  const order = randomPermutation(open.length, createSeededRandom(options.seed ?? 1));
  const shuffled = Array.from(order, (index) => open[index] as (typeof open)[number]);
  if (options.lowConfidence) shuffled.sort((left, right) => (left.confidence ?? Number.POSITIVE_INFINITY) - (right.confidence ?? Number.POSITIVE_INFINITY));
  return shuffled.slice(0, Math.max(0, options.size)).map((candidate) => candidate.build());
}

function endpoint(entity: Entity): ReviewEndpoint {
  return { id: entity.id, name: entity.name, type: entity.type };
}

/** The mean cue score the extractor gave the entity's mentions, or null when it gave none. */
function typeConfidence(entity: Entity, chunks: StoredChunk[]): number | null {
  const keys = new Set(entityKeys(entity));
  const scores = chunks.flatMap((chunk) => (chunk.extraction?.entities ?? []).filter((found) => keys.has(normaliseName(found.name)) && found.confidence !== undefined).map((found) => found.confidence as number));
  return scores.length === 0 ? null : scores.reduce((sum, score) => sum + score, 0) / scores.length;
}

/** The first sentence of a chunk that writes one of the entity's names, else the chunk's first sentence. */
function sentenceNaming(text: string, entity: Entity, language: Language): string {
  const sentences = splitSentences(text, language);
  const keys = entityKeys(entity);
  const naming = sentences.find((sentence) => {
    const normalised = ` ${normaliseName(sentence.text)} `;
    return keys.some((key) => normalised.includes(` ${key} `));
  });
  return (naming ?? sentences[0])?.text ?? '';
}

function compareStrings(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
