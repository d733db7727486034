import type { RetractedFact } from '../../core/records.js';
import { retractedFactFromRow, retractedFactRow, sortRetractedFacts, type RetractedFactRow } from '../retracted-fact-rows.js';
import type { IndexWrite } from '../store.js';
import { bulkCopy } from './kuzu-bulk-copy.js';
import type { KuzuConnection, KuzuParameter } from './kuzu-connection.js';

const COLUMNS = (['key', 'relationId', 'documentId', 'recordedAt', 'retractedAt', 'why', 'fact'] as const).map((name) => ({ kind: 'string' as const, value: (row: RetractedFactRow) => row[name] }));

/** Adds a write's retracted facts (inside the caller's transaction); one already stored under the same key is replaced. */
export async function writeRetractedFacts(connection: KuzuConnection, write: Pick<IndexWrite, 'retractedFacts' | 'eraseRetractedFacts'>): Promise<void> {
  const erase = write.eraseRetractedFacts;
  if (erase === 'all') await connection.run('MATCH (f:RetractedFact) DELETE f');
  else if (erase && erase.length > 0) await connection.run('MATCH (f:RetractedFact) WHERE f.key IN $keys DELETE f', { keys: erase as KuzuParameter });
  const rows = (write.retractedFacts ?? []).map(retractedFactRow);
  if (rows.length === 0) return;
  await connection.run('MATCH (f:RetractedFact) WHERE f.key IN $keys DELETE f', { keys: rows.map((row) => row.key) as KuzuParameter });
  await bulkCopy(connection, 'RetractedFact', COLUMNS, rows);
}

/** Every stored retracted fact, by retraction time then relation id. */
export async function readRetractedFacts(connection: KuzuConnection): Promise<RetractedFact[]> {
  const rows = await connection.run('MATCH (f:RetractedFact) RETURN f.fact AS fact');
  return sortRetractedFacts(rows.map(retractedFactFromRow));
}
