import { KuzuConnection } from '../../src/graph/kuzu/kuzu-connection.js';

/** The statements every Kuzu connection runs while `work` runs, in order. */
export async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const run = KuzuConnection.prototype.run;
  KuzuConnection.prototype.run = function (this: KuzuConnection, statement: string, ...rest: unknown[]) {
    statements.push(statement);
    return (run as (...args: unknown[]) => ReturnType<typeof run>).call(this, statement, ...rest);
  } as typeof run;
  try {
    await work();
  } finally {
    KuzuConnection.prototype.run = run;
  }
  return statements;
}

/** A statement that reads the stored entity layer (entities or community memberships). */
export const readsEntityLayer = (statement: string): boolean => /RETURN n\.id AS id, n\.name AS name/.test(statement) || /MATCH \(e\)-\[:MEMBER_OF\]->/.test(statement);
