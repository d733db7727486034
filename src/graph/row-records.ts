import { RELATION_HISTORY_FIELDS, type Relation, type RelationEdge, type RelationHistoryField } from '../core/records.js';

/**
 * A relation read back from a store row whose columns use the shared names (startOffset, endOffset…).
 * History fields appear only when set, so relations written without them read back unchanged. The
 * two every indexed relation carries (recordedAt, documentVersion) are written in the literal when
 * set, not added afterwards: an added field goes to a separate backing store, tens of bytes more for
 * each of the millions of relations a query process of a large corpus reads.
 */
export function relationFromRow(row: Record<string, unknown>, type: string): Relation {
  const id = String(row.id);
  const sourceId = String(row.sourceId);
  const targetId = String(row.targetId);
  const evidence = String(row.evidence);
  const chunkId = String(row.chunkId);
  const documentId = String(row.documentId);
  const start = Number(row.startOffset);
  const end = Number(row.endOffset);
  const weight = Number(row.weight);
  const validFrom = (row.validFrom as string | null) ?? null;
  const validTo = (row.validTo as string | null) ?? null;
  const recordedAt = historyValue(row.recordedAt);
  const documentVersion = historyValue(row.documentVersion);
  const recorded = recordedAt !== undefined && documentVersion !== undefined;
  const relation: Relation = recorded
    ? { id, type, sourceId, targetId, evidence, chunkId, documentId, start, end, weight, validFrom, validTo, recordedAt, documentVersion }
    : { id, type, sourceId, targetId, evidence, chunkId, documentId, start, end, weight, validFrom, validTo };
  for (const field of RELATION_HISTORY_FIELDS) {
    if (recorded && (field === 'recordedAt' || field === 'documentVersion')) continue;
    const value = historyValue(row[field]);
    if (value !== undefined) relation[field] = value;
  }
  return relation;
}

/** The columns a relation edge is read from, `a`, `r` and `b` its source, relation and target (the same Cypher on both backends). */
export const RELATION_EDGE_RETURNS = 'r.id AS id, a.id AS sourceId, b.id AS targetId, r.evidence AS evidence, r.chunkId AS chunkId, r.startOffset AS startOffset, r.endOffset AS endOffset, r.weight AS weight, r.validFrom AS validFrom';

/** A relation edge from a row of `RELATION_EDGE_RETURNS`. */
export function relationEdgeFromRow(row: Record<string, unknown>): RelationEdge {
  return {
    id: String(row.id),
    sourceId: String(row.sourceId),
    targetId: String(row.targetId),
    evidence: String(row.evidence),
    chunkId: String(row.chunkId),
    start: Number(row.startOffset),
    end: Number(row.endOffset),
    weight: Number(row.weight),
    validFrom: (row.validFrom as string | null) ?? null,
  };
}

/** A history column's value when set (a non-empty string). */
function historyValue(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The history fields of a relation as store parameters (null when unset). */
export function relationHistoryValues(relation: Relation): Record<RelationHistoryField, string | null> {
  return Object.fromEntries(RELATION_HISTORY_FIELDS.map((field) => [field, relation[field] ?? null])) as Record<RelationHistoryField, string | null>;
}
