import { retractedFactKey, type RetractedFact } from '../core/records.js';

/** The stored columns of a retracted fact: its key, the fields a Cypher reader filters on, and the whole record as JSON. */
export interface RetractedFactRow {
  key: string;
  relationId: string;
  documentId: string;
  recordedAt: string;
  retractedAt: string;
  why: string;
  fact: string;
}

/** The row a retracted fact is stored as (the same in every backend). */
export function retractedFactRow(fact: RetractedFact): RetractedFactRow {
  return {
    key: retractedFactKey(fact),
    relationId: fact.relation.id,
    documentId: fact.relation.documentId,
    recordedAt: fact.relation.recordedAt ?? '',
    retractedAt: fact.retractedAt,
    why: fact.why,
    fact: JSON.stringify(fact),
  };
}

/** A retracted fact read back from its `fact` column. */
export function retractedFactFromRow(row: Record<string, unknown>): RetractedFact {
  return JSON.parse(String(row.fact)) as RetractedFact;
}

/** Retracted facts in store order: by retraction time, then relation id. */
export function sortRetractedFacts(facts: RetractedFact[]): RetractedFact[] {
  return facts.sort((left, right) => (left.retractedAt < right.retractedAt ? -1 : left.retractedAt > right.retractedAt ? 1 : left.relation.id < right.relation.id ? -1 : left.relation.id > right.relation.id ? 1 : 0));
}
