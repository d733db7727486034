import { GRAPH_RECORD_KINDS, type GraphRecord, type GraphRecordKind, type GraphRecords } from './graph-records.js';

/** The columns of each CSV file, in order; nested values (aliases, extractions, reports) are JSON in their cell. */
export const CSV_COLUMNS: Record<GraphRecordKind, readonly string[]> = {
  document: ['id', 'path', 'title', 'format', 'language', 'date', 'contentHash', 'byteSize', 'recordedAt', 'text'],
  chunk: ['id', 'documentId', 'index', 'start', 'end', 'tokenCount', 'kind', 'section', 'page', 'text', 'extractionKey', 'extraction'],
  entity: ['id', 'type', 'name', 'aliases', 'description', 'mentionCount'],
  relation: ['id', 'type', 'sourceId', 'targetId', 'evidence', 'chunkId', 'documentId', 'start', 'end', 'weight', 'validFrom', 'validTo', 'supersededBy', 'invalidationReason', 'documentVersion', 'recordedAt', 'invalidatedAt', 'restatedBy'],
  mention: ['chunkId', 'entityId', 'count'],
  merge: ['entityId', 'kept', 'merged', 'reason'],
  community: ['id', 'level', 'parentId', 'memberIds', 'inputHash', 'report'],
  retractedFact: ['key', 'retractedAt', 'why', 'relation', 'source', 'target'],
};

const CSV_FILE_NAMES: Record<GraphRecordKind, string> = { document: 'documents', chunk: 'chunks', entity: 'entities', relation: 'relations', mention: 'mentions', merge: 'merges', community: 'communities', retractedFact: 'retracted-facts' };

/**
 * The graph as CSV files, one per record kind (`documents.csv`, `chunks.csv`, `entities.csv`,
 * `relations.csv`, `mentions.csv`, `merges.csv`, `communities.csv`, and `retracted-facts.csv` when
 * the export holds retracted facts): RFC 4180 quoting, a header row, the records' deterministic
 * order. Returns file name → content.
 */
export function renderGraphCsv(records: GraphRecords): Map<string, string> {
  const files = new Map<string, string>();
  for (const kind of GRAPH_RECORD_KINDS) {
    if (kind === 'retractedFact' && records[kind].length === 0) continue;
    const columns = CSV_COLUMNS[kind];
    const rows = [columns.join(','), ...records[kind].map((record) => columns.map((column) => csvCell(cellValue(record, column))).join(','))];
    files.set(`${CSV_FILE_NAMES[kind]}.csv`, `${rows.join('\r\n')}\r\n`);
  }
  return files;
}

function cellValue(record: GraphRecord, column: string): string {
  const value = record[column];
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
