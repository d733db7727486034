import { splitSentences } from '../../chunking/sentences.js';
import type { ExtractedEntity, ExtractedRelation, Span } from '../../core/records.js';
import type { StoredChunk, StoredDocument } from '../../graph/store.js';
import { isVerbatimChunk } from '../nlp/extract-with-nlp.js';
import { typeOfRelationEnd } from './type-of-relation-end.js';

/** A relation as `explain` shows it: the stored record with the types its ends had in that sentence. */
export interface ExplainedRelation extends ExtractedRelation {
  sourceType: string;
  targetType: string;
}

/** One sentence of a document with the entities found in it and the relations it produced. */
export interface ExplainedSentence {
  span: Span;
  text: string;
  /** Mentions inside the sentence, each with its type, confidence and the votes behind it. */
  entities: ExtractedEntity[];
  /** Relations whose evidence ends with this sentence (title and neighbour links included). */
  relations: ExplainedRelation[];
}

/** One document's extraction, sentence by sentence. */
export interface DocumentExplanation {
  document: Pick<StoredDocument, 'id' | 'path' | 'title' | 'language' | 'format'>;
  sentences: ExplainedSentence[];
  /** Code and table chunks: searchable, never read for entities. */
  verbatimChunks: number;
  /** Prose chunks with no stored extraction (failed or pending). */
  unextractedChunks: number;
}

/**
 * Lays a document's stored extractions over its sentences (split as the NLP extractor splits
 * them). Overlapping chunks repeat sentences: each sentence, mention and relation is shown once.
 */
export function explainDocument(document: StoredDocument, chunks: readonly StoredChunk[]): DocumentExplanation {
  const sentences = new Map<string, ExplainedSentence>();
  let verbatimChunks = 0;
  let unextractedChunks = 0;
  for (const chunk of [...chunks].sort((left, right) => left.index - right.index)) {
    if (isVerbatimChunk(chunk)) {
      verbatimChunks += 1;
      continue;
    }
    if (!chunk.extraction) unextractedChunks += 1;
    const { entities = [], relations = [] } = chunk.extraction ?? {};
    for (const sentence of splitSentences(chunk.text, document.language)) {
      const span = { start: chunk.start + sentence.start, end: chunk.start + sentence.start + sentence.text.length };
      const key = `${span.start}:${span.end}`;
      const shown = sentences.get(key) ?? { span, text: sentence.text, entities: [], relations: [] };
      sentences.set(key, shown);
      for (const entity of entities) {
        if (entity.span.start < span.start || entity.span.end > span.end) continue;
        if (!shown.entities.some((other) => other.name === entity.name && other.span.start === entity.span.start)) shown.entities.push(entity);
      }
      for (const relation of relations) {
        if (relation.span.end !== span.end) continue;
        if (shown.relations.some((other) => sameRelation(other, relation))) continue;
        shown.relations.push({ ...relation, sourceType: typeOfRelationEnd(relation.source, relation.span, entities), targetType: typeOfRelationEnd(relation.target, relation.span, entities) });
      }
    }
  }
  return {
    document: { id: document.id, path: document.path, title: document.title, language: document.language, format: document.format },
    sentences: [...sentences.values()].sort((left, right) => left.span.start - right.span.start),
    verbatimChunks,
    unextractedChunks,
  };
}

function sameRelation(left: ExtractedRelation, right: ExtractedRelation): boolean {
  return left.type === right.type && left.source === right.source && left.target === right.target && left.basis === right.basis;
}
