import { RhizomeError } from '../../errors/rhizome-error.js';
import type { StatementRunner } from './neo4j-connection.js';

/** Rows per UNWIND round trip: large enough to amortise the round trip, small enough for one Bolt message. */
export const BATCH_ROWS = 2_000;

/**
 * Runs `UNWIND $rows AS row …` over `rows` in batches (never one round trip per row). The
 * statement must end with `RETURN count(*) AS written`: a batch that writes fewer rows than it
 * sent means a row named a node that does not exist, and the whole write fails (the caller's
 * transaction then rolls back).
 */
export async function writeInBatches(runner: StatementRunner, statement: string, rows: Array<Record<string, unknown>>, what: string): Promise<void> {
  for (let offset = 0; offset < rows.length; offset += BATCH_ROWS) {
    const batch = rows.slice(offset, offset + BATCH_ROWS);
    const result = await runner.run(statement, { rows: batch });
    const written = Number(result[0]?.written ?? 0);
    if (written !== batch.length) {
      throw new RhizomeError('STORE_FAILED', `Neo4j write of ${what} failed: ${batch.length - written} of ${batch.length} rows name a node that does not exist; nothing was written`, {
        details: { what, sent: batch.length, written },
      });
    }
  }
}
