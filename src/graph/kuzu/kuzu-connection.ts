import os from 'node:os';
import path from 'node:path';
import type kuzu from 'kuzu';
import { RhizomeError } from '../../errors/rhizome-error.js';
import { ensureWorkspaceFolder } from '../../workspace/workspace-folder.js';
import { readLiveLockHolder, recordLockHolder, releaseLockHolder } from './kuzu-lock-holder.js';

/** A value Kuzu accepts as a query parameter. */
export type KuzuParameter = kuzu.KuzuValue;
/** One result row. */
export type KuzuRow = Record<string, unknown>;

/** How Kuzu says that its buffer pool could not hold what a statement needed. */
const BUFFER_POOL_FULL = /buffer pool is full|Buffer manager exception/i;

/** STORE_FAILED naming the buffer pool, its size and the setting that raises it. */
function bufferPoolTooSmall(bufferPoolMb: number, cause: unknown): RhizomeError {
  const size = bufferPoolMb > 0 ? `${bufferPoolMb} MiB` : "Kuzu's default size";
  const freeMb = Math.floor(os.freemem() / (1024 * 1024));
  return new RhizomeError(
    'STORE_FAILED',
    `Kuzu's buffer pool (${size}) ran out of room (the statement needed more than it holds): raise store.bufferPoolMb in the config (or RHIZOME_BUFFER_POOL_MB), or leave it at 'auto' (half the free memory, a large write sized to its data); ${freeMb} MiB of memory are free now`,
    { cause, details: { bufferPoolMb, freeMb } },
  );
}

/** Rows converted between two turns of the event loop while a large result is read. */
const ROWS_PER_TURN = 2000;

/**
 * Appends the rows of one finished result to `rows`, then closes it. The result is already held in
 * memory when `execute` resolves, so rows are converted synchronously (Kuzu's `getAll` sends each
 * row to the thread pool and back, which made row reading the costliest part of a small query),
 * yielding to the event loop every ROWS_PER_TURN rows so a large read does not stall a server.
 */
async function readRows(result: kuzu.QueryResult, onRow: (row: KuzuRow) => void): Promise<void> {
  try {
    result.resetIterator();
    let read = 0;
    while (result.hasNext()) {
      onRow(result.getNextSync() as KuzuRow);
      read += 1;
      if (read % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    result.close();
  }
}

let kuzuModule: Promise<typeof kuzu> | undefined;

/** Kuzu's native addon is loaded on the first open, so importing Rhizome with another store never loads it. */
function loadKuzu(): Promise<typeof kuzu> {
  kuzuModule ??= import('kuzu').then((module) => module.default);
  return kuzuModule;
}

/** Opens the database and one connection; a lock held elsewhere is a WORKSPACE_LOCKED error. */
async function openDatabase(databasePath: string, readOnly: boolean, bufferPoolMb: number): Promise<{ database: kuzu.Database; connection: kuzu.Connection }> {
  let database: kuzu.Database | undefined;
  try {
    const kuzu = await loadKuzu();
    database = new kuzu.Database(databasePath, bufferPoolMb * 1024 * 1024, true, readOnly);
    await database.init();
    const connection = new kuzu.Connection(database, 2);
    await connection.init();
    return { database, connection };
  } catch (cause) {
    await database?.close().catch(() => undefined);
    const message = (cause as Error).message ?? String(cause);
    if (/lock/i.test(message)) {
      const holder = readLiveLockHolder(databasePath);
      const who = holder ? `process ${holder.pid} (\`${holder.command}\`, since ${holder.since})` : 'another process (not one that recorded itself: a program using Kuzu directly?)';
      throw new RhizomeError('WORKSPACE_LOCKED', `the workspace database ${databasePath} is in use by ${who}; Kuzu lets one process open it at a time: wait for that process to finish (or stop it) and retry`, { cause, details: { holder } });
    }
    throw new RhizomeError('STORE_FAILED', `could not open the Kuzu database at ${databasePath}: ${message}`, { cause });
  }
}

/**
 * One open Kuzu database and connection. Results are always read fully and closed before
 * returning (a result that outlives its connection crashes the process at exit).
 */
export class KuzuConnection {
  private readonly statements = new Map<string, kuzu.PreparedStatement>();
  private closed = false;
  /** Set while a cancellable transaction runs: each statement checks it first. */
  private cancelSignal: AbortSignal | null = null;

  private constructor(
    private database: kuzu.Database,
    private connection: kuzu.Connection,
    readonly databasePath: string,
    private readonly readOnly: boolean,
    /** The buffer pool the database was opened with, in MiB (0: Kuzu's default). */
    private pool: number,
  ) {}

  /** Opens (creating if needed) the database at `databasePath`; a lock held elsewhere is a WORKSPACE_LOCKED error. */
  static async open(databasePath: string, options: { readOnly?: boolean; bufferPoolMb?: number } = {}): Promise<KuzuConnection> {
    ensureWorkspaceFolder(path.dirname(databasePath));
    const readOnly = options.readOnly ?? false;
    const bufferPoolMb = options.bufferPoolMb ?? 0;
    const opened = await openDatabase(databasePath, readOnly, bufferPoolMb);
    if (!readOnly) recordLockHolder(databasePath);
    return new KuzuConnection(opened.database, opened.connection, databasePath, readOnly, bufferPoolMb);
  }

  /**
   * Closes the database and opens it again with a buffer pool of `bufferPoolMb` (Kuzu fixes the
   * pool when a database opens), running `whileClosed` (a file swap) in between. Not inside a
   * transaction. If the open fails the connection is closed.
   */
  async reopenWithBufferPool(bufferPoolMb: number, whileClosed?: () => void): Promise<void> {
    if (this.closed) throw new RhizomeError('STORE_FAILED', 'the Kuzu connection is closed');
    this.statements.clear();
    await this.connection.close();
    await this.database.close();
    try {
      whileClosed?.();
      const opened = await openDatabase(this.databasePath, this.readOnly, bufferPoolMb);
      this.database = opened.database;
      this.connection = opened.connection;
      this.pool = bufferPoolMb;
    } catch (error) {
      this.closed = true;
      if (!this.readOnly) releaseLockHolder(this.databasePath);
      throw error;
    }
  }

  /** The buffer pool the database is open with, in MiB (0: Kuzu's default). */
  get bufferPoolMb(): number {
    return this.pool;
  }

  /** Runs one statement with parameters and returns all rows. */
  async run(statement: string, parameters?: Record<string, KuzuParameter>): Promise<KuzuRow[]> {
    const rows: KuzuRow[] = [];
    await this.forEachRow(statement, parameters, (row) => rows.push(row));
    return rows;
  }

  /**
   * Runs one statement and hands its rows to `onRow` one at a time, holding no array of them: a
   * reader that keeps a smaller record per row (a whole table's relations) never holds every row twice.
   */
  async forEachRow(statement: string, parameters: Record<string, KuzuParameter> | undefined, onRow: (row: KuzuRow) => void): Promise<void> {
    if (this.closed) throw new RhizomeError('STORE_FAILED', 'the Kuzu connection is closed');
    if (this.cancelSignal?.aborted === true) throw new RhizomeError('ABORTED', 'the write was cancelled', { cause: this.cancelSignal.reason });
    let results: kuzu.QueryResult | kuzu.QueryResult[];
    try {
      if (parameters && Object.keys(parameters).length > 0) {
        let prepared = this.statements.get(statement);
        if (!prepared) {
          prepared = await this.connection.prepare(statement);
          if (!prepared.isSuccess()) throw new Error(prepared.getErrorMessage());
          this.statements.set(statement, prepared);
        }
        results = await this.connection.execute(prepared, parameters);
      } else {
        results = await this.connection.query(statement);
      }
    } catch (cause) {
      const message = (cause as Error).message;
      if (BUFFER_POOL_FULL.test(message)) throw bufferPoolTooSmall(this.pool, cause);
      throw new RhizomeError('STORE_FAILED', `Kuzu query failed: ${message} (query: ${statement.slice(0, 160)})`, { cause });
    }
    const list = Array.isArray(results) ? results : [results];
    for (const result of list) await readRows(result, onRow);
  }

  /** Applies a query timeout to later statements (0 = none). */
  setTimeout(milliseconds: number): void {
    this.connection.setQueryTimeout(milliseconds > 0 ? milliseconds : 2 ** 31 - 1);
  }

  /**
   * Runs `work` inside one transaction: all of it is written, or none; `signal` stops it before its next
   * statement (ABORTED, rolled back). `whileCommitting`, synchronous work that does not use the
   * database, runs while Kuzu commits on its own thread (it runs whether or not the commit succeeds).
   */
  async transaction<T>(work: () => Promise<T>, mode: 'write' | 'read' = 'write', signal?: AbortSignal, whileCommitting?: () => void): Promise<T> {
    await this.run(mode === 'read' ? 'BEGIN TRANSACTION READ ONLY' : 'BEGIN TRANSACTION');
    this.cancelSignal = signal ?? null;
    try {
      const result = await work();
      this.cancelSignal = null;
      const committing = this.run('COMMIT');
      try {
        whileCommitting?.();
      } finally {
        await committing;
      }
      return result;
    } catch (error) {
      this.cancelSignal = null;
      await this.run('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      this.cancelSignal = null;
    }
  }

  /**
   * Runs `work` with each statement committed on its own (no enclosing transaction), so Kuzu needs
   * room for one statement's data at a time, not the whole work's; `signal` stops it before its next
   * statement (ABORTED). The caller undoes work stopped part-way (kuzu-write-guard's copy).
   */
  async committedEach<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    this.cancelSignal = signal ?? null;
    try {
      return await work();
    } finally {
      this.cancelSignal = null;
    }
  }

  /** Closes the connection, then the database. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.statements.clear();
    await this.connection.close();
    await this.database.close();
    if (!this.readOnly) releaseLockHolder(this.databasePath);
  }
}
