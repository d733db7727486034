import type { Relation } from '../core/records.js';

/** A relation read back from a store row whose columns use the shared names (startOffset, endOffset…). */
export function relationFromRow(row: Record<string, unknown>, type: string): Relation {
  return {
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
}
