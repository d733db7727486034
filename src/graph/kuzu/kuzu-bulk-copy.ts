import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { RhizomeError } from '../../errors/rhizome-error.js';
import type { KuzuConnection, KuzuParameter } from './kuzu-connection.js';

/** How a column travels through a COPY: every value as text, cast back in the query. */
export type ColumnKind = 'string' | 'nullable-string' | 'int' | 'double' | 'string-list' | `null ${string}` | `vector ${number}`;

/** One column of a bulk COPY, in table order; kind `null TYPE` loads a typed NULL (a declared property left empty). */
export interface CopyColumn<Row> {
  kind: ColumnKind;
  value: (row: Row) => unknown;
}

const LIST_SEPARATOR = '\u001f';
/** Folder of the workspace where staged CSV files live while Kuzu reads them. */
export const COPY_STAGING_FOLDER = 'copy-staging';
/** Characters written to the staged file at a time, so a table never sits in memory twice. */
const WRITE_CHARACTERS = 1_000_000;
/** Rows per parameter COPY, the fallback for a workspace path a Cypher string cannot hold. */
const PARAMETER_BATCH_ROWS = 2_000;
/**
 * Inside `withLoggedInserts`, a table's rows up to this many are inserted with `UNWIND … CREATE`
 * instead of a COPY (see insertRows): Kuzu (0.11.3) does not log a COPY's rows in its write-ahead log,
 * so a transaction holding a COPY forces a checkpoint of the whole database at COMMIT (about 0.6 s on
 * the 994-passage bench, growing with the database), while created rows are logged and a COMMIT of a
 * few of them takes milliseconds. Created relations cost about a quarter of a millisecond a row: past
 * this many, the one checkpoint is cheaper. A whole rewrite, which checkpoints anyway, always copies.
 */
const LOGGED_ROWS = 1000;
/**
 * Connections whose loads are logged (see LOGGED_ROWS), each with the properties of the tables it
 * inserted into so far: one logged write changes no table's columns, so each is asked for once.
 */
const loggedInserts = new WeakMap<KuzuConnection, Map<string, string[]>>();
/** Rows per `UNWIND … CREATE` statement. */
const CREATE_BATCH_ROWS = 500;
/** A statement kept to run later, with its parameters. */
interface StagedStatement {
  statement: string;
  parameters?: Record<string, KuzuParameter>;
}
/** Connections whose COPY statements wait, their CSV files written, until the staged work runs them (see stageCopies). */
const stagedCopies = new WeakMap<KuzuConnection, StagedStatement[]>();

/**
 * Every value travels as a non-null string (the Node binding types a parameter list from its
 * first element, and a CSV field has no type), cast back to its column type in the query.
 */
function encode(kind: ColumnKind, value: unknown): string {
  if (kind === 'string-list') return (value as string[]).join(LIST_SEPARATOR);
  if (value === null || value === undefined) return '';
  return String(value);
}

/** The cast back from text; an empty field (which the CSV reader may read as NULL) is an empty string, a NULL or an empty list as the kind says. */
function decodeExpression(kind: ColumnKind, field: string): string {
  const text = `coalesce(CAST(${field} AS STRING), '')`;
  switch (kind) {
    case 'string':
      return text;
    case 'nullable-string':
      return `nullif(${text}, '')`;
    case 'int':
      return `CAST(${field} AS INT64)`;
    case 'double':
      return `CAST(${field} AS DOUBLE)`;
    case 'string-list':
      return `CASE WHEN ${text} = '' THEN CAST([] AS STRING[]) ELSE string_split(${text}, '${LIST_SEPARATOR}') END`;
    default:
      if (kind.startsWith('vector ')) return `CAST(${text} AS FLOAT[${kind.slice('vector '.length)}])`;
      return `CAST(NULL AS ${kind.slice('null '.length)})`;
  }
}

/** One CSV record: every field quoted, quotes doubled (newlines stay inside the quotes). */
function csvRecord<Row>(row: Row, columns: Array<CopyColumn<Row>>): string {
  return `${columns.map((column) => `"${encode(column.kind, column.value(row)).replaceAll('"', '""')}"`).join(',')}\n`;
}

/**
 * Loads rows into a node or relation table in one COPY from a CSV file staged in the workspace
 * (`COPY … FROM (LOAD WITH HEADERS … FROM 'file' RETURN casts)`): Kuzu's reader is several times
 * faster than a query parameter and holds far less memory, which is what lets a large corpus load.
 * `endpoints` names the node tables of a relation table with several FROM/TO pairs.
 */
export async function bulkCopy<Row>(
  connection: KuzuConnection,
  table: string,
  columns: Array<CopyColumn<Row>>,
  rows: Row[],
  endpoints?: { from: string; to: string },
): Promise<void> {
  if (rows.length === 0) return;
  if (loggedInserts.has(connection) && rows.length <= LOGGED_ROWS && columns.every((column) => !column.kind.startsWith('vector ')) && (await tryInsertRows(connection, table, columns, rows, endpoints))) return;
  const options = endpoints ? ` (from='${endpoints.from}', to='${endpoints.to}')` : '';
  const folder = stagingFolderOf(connection);
  if (!canStageIn(folder)) return copyThroughParameters(connection, table, columns, rows, options);
  mkdirSync(folder, { recursive: true });
  const staged = stagedCopies.get(connection);
  const file = path.join(folder, `${table}-${process.pid}${staged ? `-${staged.length}` : ''}.csv`);
  const fields = columns.map((_, index) => `c${index} STRING`).join(', ');
  const projections = columns.map((column, index) => decodeExpression(column.kind, `c${index}`)).join(', ');
  const statement = `COPY ${table} FROM (LOAD WITH HEADERS (${fields}) FROM '${file}' (HEADER=false, QUOTE='"', ESCAPE='"', PARALLEL=false) RETURN ${projections})${options}`;
  if (staged) {
    writeCsv(file, rows, columns);
    staged.push({ statement });
    return;
  }
  try {
    writeCsv(file, rows, columns);
    await connection.run(statement);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function stagingFolderOf(connection: KuzuConnection): string {
  return path.join(path.dirname(connection.databasePath), COPY_STAGING_FOLDER);
}

/** Whether a Cypher string literal can name a file in `folder` (else rows travel as query parameters). */
function canStageIn(folder: string): boolean {
  return !/['\\]/.test(folder);
}

/**
 * Runs a statement that must come after the COPY statements before it: at once, or, while the
 * connection's copies are staged (stageCopies), after them, in the order it was given.
 */
export async function runAfterCopies(connection: KuzuConnection, statement: string, parameters: Record<string, KuzuParameter>): Promise<void> {
  const staged = stagedCopies.get(connection);
  if (staged) staged.push({ statement, parameters });
  else await connection.run(statement, parameters);
}

/** COPY statements whose CSV files are written, to run in the order they were staged. */
export interface StagedCopies {
  /** Runs every staged COPY in order, then removes the files. */
  run(): Promise<void>;
  /** Removes the files without running anything. */
  discard(): void;
}

/**
 * Runs `work` with every bulk COPY of this connection staged instead of run: each table's rows are
 * written to their CSV file at once, the COPY statement kept for later, while the other statements
 * (deletions, updates of stored rows) run as they come. The caller can then let go of the records
 * before Kuzu loads the files (`StagedCopies.run`): the rows and Kuzu's buffer pool need not be
 * resident together. Only for work whose other statements never depend on rows it copies. Where
 * the workspace path cannot be named in a COPY, nothing is staged and the copies run at once.
 */
export async function stageCopies(connection: KuzuConnection, work: () => Promise<void>): Promise<StagedCopies> {
  const folder = stagingFolderOf(connection);
  if (!canStageIn(folder)) {
    await work();
    return { run: async () => undefined, discard: () => undefined };
  }
  const statements: StagedStatement[] = [];
  const discard = () => rmSync(folder, { recursive: true, force: true });
  stagedCopies.set(connection, statements);
  try {
    await work();
  } catch (error) {
    discard();
    throw error;
  } finally {
    stagedCopies.delete(connection);
  }
  return {
    run: async () => {
      try {
        for (const staged of statements) await connection.run(staged.statement, staged.parameters);
      } finally {
        discard();
      }
    },
    discard,
  };
}

function writeCsv<Row>(file: string, rows: Row[], columns: Array<CopyColumn<Row>>): void {
  const descriptor = openSync(file, 'w');
  try {
    let pending = '';
    for (const row of rows) {
      pending += csvRecord(row, columns);
      if (pending.length >= WRITE_CHARACTERS) {
        writeSync(descriptor, pending);
        pending = '';
      }
    }
    if (pending.length > 0) writeSync(descriptor, pending);
  } finally {
    closeSync(descriptor);
  }
}

/** `COPY … FROM (UNWIND $rows …)` in small batches, for a workspace whose path a Cypher string literal cannot hold. */
async function copyThroughParameters<Row>(connection: KuzuConnection, table: string, columns: Array<CopyColumn<Row>>, rows: Row[], options: string): Promise<void> {
  const projections = columns.map((column, index) => decodeExpression(column.kind, `r.c${index}`)).join(', ');
  const statement = `COPY ${table} FROM (UNWIND $rows AS r RETURN ${projections})${options}`;
  for (let offset = 0; offset < rows.length; offset += PARAMETER_BATCH_ROWS) {
    const batch = rows.slice(offset, offset + PARAMETER_BATCH_ROWS).map((row) => {
      const encoded: Record<string, string> = {};
      columns.forEach((column, index) => {
        encoded[`c${index}`] = encode(column.kind, column.value(row));
      });
      return encoded;
    });
    await connection.run(statement, { rows: batch });
  }
}

/** Runs `work` (a small difference's transaction) with this connection's loads logged: see LOGGED_ROWS. */
export async function withLoggedInserts<T>(connection: KuzuConnection, work: () => Promise<T>): Promise<T> {
  loggedInserts.set(connection, new Map());
  try {
    return await work();
  } finally {
    loggedInserts.delete(connection);
  }
}

/**
 * Inserts rows with parameterised `UNWIND $rows … CREATE` statements, each value cast back as a COPY
 * would: the rows go through Kuzu's write-ahead log, so a COMMIT needs no checkpoint (see LOGGED_ROWS).
 * Relations join their ends by primary key, and a missing end fails the write as it does a COPY.
 */
export async function insertRows<Row>(connection: KuzuConnection, table: string, columns: Array<CopyColumn<Row>>, rows: Row[], endpoints?: { from: string; to: string }): Promise<void> {
  if (!(await tryInsertRows(connection, table, columns, rows, endpoints))) throw new RhizomeError('STORE_FAILED', `the columns written to ${table} do not match its properties`);
}

/** insertRows, or false (nothing written) when the table's properties do not line up with the columns. */
async function tryInsertRows<Row>(connection: KuzuConnection, table: string, columns: Array<CopyColumn<Row>>, rows: Row[], endpoints?: { from: string; to: string }): Promise<boolean> {
  if (rows.length === 0) return true;
  const properties = await tablePropertiesOf(connection, table);
  const offset = endpoints ? 2 : 0;
  if (properties.length + offset !== columns.length) return false;
  const assignments = properties.map((name, index) => `\`${name}\`: ${decodeExpression(columns[index + offset]!.kind, `r.c${index + offset}`)}`).join(', ');
  const map = assignments ? ` {${assignments}}` : '';
  const statement = endpoints
    ? `UNWIND $rows AS r MATCH (a:${endpoints.from} {id: r.c0}), (b:${endpoints.to} {id: r.c1}) CREATE (a)-[:${table}${map}]->(b) RETURN count(*) AS created`
    : `UNWIND $rows AS r CREATE (:${table}${map}) RETURN count(*) AS created`;
  for (let start = 0; start < rows.length; start += CREATE_BATCH_ROWS) {
    const batch = rows.slice(start, start + CREATE_BATCH_ROWS);
    const encoded = batch.map((row) => Object.fromEntries(columns.map((column, index) => [`c${index}`, encode(column.kind, column.value(row))])));
    const created = Number((await connection.run(statement, { rows: encoded }))[0]?.created ?? 0);
    if (created !== batch.length) throw new RhizomeError('STORE_FAILED', `inserting ${batch.length} row(s) into ${table} created ${created}: an end of a relation is missing`);
  }
  return true;
}

/** The property names of a table, in order; remembered for the rest of a logged write (see loggedInserts). */
async function tablePropertiesOf(connection: KuzuConnection, table: string): Promise<string[]> {
  const known = loggedInserts.get(connection)?.get(table);
  if (known) return known;
  const properties = (await connection.run(`CALL table_info('${table}') RETURN name`)).map((row) => String(row.name));
  loggedInserts.get(connection)?.set(table, properties);
  return properties;
}
