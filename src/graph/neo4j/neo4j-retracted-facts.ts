import type { RetractedFact } from '../../core/records.js';
import { retractedFactFromRow, retractedFactRow, sortRetractedFacts } from '../retracted-fact-rows.js';
import type { IndexWrite } from '../store.js';
import { writeInBatches } from './neo4j-batch-write.js';
import type { Neo4jConnection, StatementRunner } from './neo4j-connection.js';

const MERGE_RETRACTED_FACTS = `UNWIND $rows AS row
MERGE (f:RetractedFact {key: row.key})
SET f.relationId = row.relationId, f.documentId = row.documentId, f.recordedAt = row.recordedAt, f.retractedAt = row.retractedAt, f.why = row.why, f.fact = row.fact
RETURN count(*) AS written`;

/** Adds a write's retracted facts (inside the caller's transaction); one already stored under the same key is replaced. */
export async function writeRetractedFacts(runner: StatementRunner, write: Pick<IndexWrite, 'retractedFacts' | 'eraseRetractedFacts'>): Promise<void> {
  const erase = write.eraseRetractedFacts;
  if (erase === 'all') await runner.run('MATCH (f:RetractedFact) DELETE f');
  else if (erase && erase.length > 0) await runner.run('MATCH (f:RetractedFact) WHERE f.key IN $keys DELETE f', { keys: erase });
  const rows = (write.retractedFacts ?? []).map((fact) => ({ ...retractedFactRow(fact) }));
  await writeInBatches(runner, MERGE_RETRACTED_FACTS, rows, 'retracted facts');
}

/** Every stored retracted fact, by retraction time then relation id. */
export async function readRetractedFacts(connection: Neo4jConnection): Promise<RetractedFact[]> {
  const rows = await connection.run('MATCH (f:RetractedFact) RETURN f.fact AS fact', {}, 'read');
  return sortRetractedFacts(rows.map(retractedFactFromRow));
}
