import type { KuzuConnection } from './kuzu-connection.js';

/** How a column travels through a COPY parameter. */
export type ColumnKind = 'string' | 'nullable-string' | 'int' | 'double' | 'string-list' | `null ${string}` | `vector ${number}`;

/** One column of a bulk COPY, in table order; kind `null TYPE` loads a typed NULL (a declared property left empty). */
export interface CopyColumn<Row> {
  kind: ColumnKind;
  value: (row: Row) => unknown;
}

const LIST_SEPARATOR = '\u001f';
const BATCH_SIZE = 20_000;

/**
 * The Node binding types a parameter list from its first element, so nulls, empty lists and
 * whole-number doubles in the first row corrupt the load. Every value therefore travels as a
 * non-null string and is cast back in the query.
 */
function encode(kind: ColumnKind, value: unknown): string {
  if (kind === 'string-list') return (value as string[]).join(LIST_SEPARATOR);
  if (value === null || value === undefined) return '';
  return String(value);
}

/** Statement parameters are untyped when Kuzu binds a prepared COPY, so every field is cast explicitly. */
function decodeExpression(kind: ColumnKind, field: string): string {
  const text = `CAST(${field} AS STRING)`;
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

/** Encodes rows as parameter maps `{c0, c1, …}` of strings, in column order. */
function encodeRows<Row>(rows: Row[], columns: Array<CopyColumn<Row>>): Array<Record<string, string>> {
  return rows.map((row) => {
    const encoded: Record<string, string> = {};
    columns.forEach((column, index) => {
      encoded[`c${index}`] = encode(column.kind, column.value(row));
    });
    return encoded;
  });
}

/**
 * Loads rows into a node or relation table with `COPY … FROM (UNWIND $rows …)` in batches;
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
  const fields = columns.map((_, index) => `r.c${index}`);
  const projections = columns.map((column, index) => decodeExpression(column.kind, fields[index] as string)).join(', ');
  const options = endpoints ? ` (from='${endpoints.from}', to='${endpoints.to}')` : '';
  const statement = `COPY ${table} FROM (UNWIND $rows AS r RETURN ${projections})${options}`;
  for (let offset = 0; offset < rows.length; offset += BATCH_SIZE) {
    const batch = encodeRows(rows.slice(offset, offset + BATCH_SIZE), columns);
    await connection.run(statement, { rows: batch });
  }
}
