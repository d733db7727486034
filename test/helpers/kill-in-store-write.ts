import { writeFileSync } from 'node:fs';
import { createRhizome } from '../../src/index.js';
import { KuzuConnection, type KuzuParameter } from '../../src/graph/kuzu/kuzu-connection.js';

/**
 * Child process of the kill-in-store-write test: indexes `docs` into `workspace` and kills itself
 * with SIGKILL inside the store stage's write transaction, at the moment `moment` names:
 * `statement:N` before the N-th statement after BEGIN, `in-statement:N` just after the N-th starts
 * (the native call is under way), `before-commit`, `in-commit` (COMMIT started, not finished) or
 * `after-commit` (COMMIT returned, the run not yet ended). Before dying it writes `report` (JSON):
 * the moment reached, the statements run in the transaction, and whether it was the guarded path
 * (a database copy taken first). Exits 3 when the write ended without the moment being reached.
 *
 * Usage: node --import tsx kill-in-store-write.ts <workspace> <docs> <moment> <report>
 */
const [workspace, docs, moment, report] = process.argv.slice(2) as [string, string, string, string];
const [kind, count] = moment.split(':') as [string, string | undefined];
const target = Number(count ?? 0);

let inStore = false;
let inTransaction = false;
let guarded = false;
const statements: string[] = [];
const original = KuzuConnection.prototype.run;

function die(reached: string): never {
  writeFileSync(report, JSON.stringify({ reached, statements, guarded }));
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
}

KuzuConnection.prototype.run = async function run(this: KuzuConnection, statement: string, parameters?: Record<string, KuzuParameter>) {
  if (inStore && statement === 'CHECKPOINT') guarded = true;
  if (inStore && statement === 'BEGIN TRANSACTION') {
    inTransaction = true;
    return original.call(this, statement, parameters);
  }
  if (!inTransaction) return original.call(this, statement, parameters);
  if (statement === 'COMMIT') {
    if (kind === 'before-commit') die('before-commit');
    const committing = original.call(this, statement, parameters);
    if (kind === 'in-commit') die('in-commit');
    const rows = await committing;
    if (kind === 'after-commit') die('after-commit');
    inTransaction = false;
    return rows;
  }
  statements.push(statement.slice(0, 80));
  if (kind === 'statement' && statements.length === target) die(moment);
  const running = original.call(this, statement, parameters);
  if (kind === 'in-statement' && statements.length === target) die(moment);
  return running;
};

const rhizome = createRhizome({ workspace });
await rhizome.index([docs], {
  onEvent: (event) => {
    if (event.type === 'stage-start' && event.stage === 'store') inStore = true;
  },
});
await rhizome.close();
writeFileSync(report, JSON.stringify({ reached: null, statements, guarded }));
process.exit(3);
