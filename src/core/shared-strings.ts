import type { Relation } from './records.js';

/**
 * A function giving one shared copy of each distinct string it is given (starting from `known`):
 * a read that repeats ids and sentences across many rows keeps each once instead of once a row.
 */
export function sharedStrings(known: Iterable<string> = []): (text: string) => string {
  const strings = new Map<string, string>();
  for (const text of known) strings.set(text, text);
  return (text) => {
    const found = strings.get(text);
    if (found !== undefined) return found;
    strings.set(text, text);
    return text;
  };
}

/** Makes a relation's ends, chunk, document and evidence sentence the shared copies of those strings; returns the relation. */
export function shareRelationStrings(relation: Relation, shared: (text: string) => string): Relation {
  relation.sourceId = shared(relation.sourceId);
  relation.targetId = shared(relation.targetId);
  relation.evidence = shared(relation.evidence);
  relation.chunkId = shared(relation.chunkId);
  relation.documentId = shared(relation.documentId);
  return relation;
}
