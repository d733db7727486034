import { RELATION_HISTORY_FIELDS, type Relation, type RelationHistoryField } from '../core/records.js';

/** A relation read back from a store row whose columns use the shared names (startOffset, endOffset…). */
export function relationFromRow(row: Record<string, unknown>, type: string): Relation {
  const relation: Relation = {
    id: String(row.id),
    type,
    sourceId: String(row.sourceId),
    targetId: String(row.targetId),
    evidence: String(row.evidence),
    chunkId: String(row.chunkId),
    documentId: String(row.documentId),
    start: Number(row.startOffset),
    end: Number(row.endOffset),
    weight: Number(row.weight),
    validFrom: (row.validFrom as string | null) ?? null,
    validTo: (row.validTo as string | null) ?? null,
  };
  // History fields appear only when set, so relations written without them read back unchanged.
  for (const field of RELATION_HISTORY_FIELDS) {
    const value = row[field];
    if (typeof value === 'string' && value !== '') relation[field] = value;
  }
  return relation;
}

/** The history fields of a relation as store parameters (null when unset). */
export function relationHistoryValues(relation: Relation): Record<RelationHistoryField, string | null> {
  return Object.fromEntries(RELATION_HISTORY_FIELDS.map((field) => [field, relation[field] ?? null])) as Record<RelationHistoryField, string | null>;
}
