import { RhizomeError } from '../errors/rhizome-error.js';

const WRITE_OR_ESCAPE = [
  'CREATE', 'MERGE', 'SET', 'DELETE', 'DETACH', 'REMOVE', 'DROP', 'ALTER', 'LOAD', 'COPY', 'INSTALL', 'ATTACH', 'USE',
  'IMPORT', 'EXPORT', 'CHECKPOINT', 'BEGIN', 'COMMIT', 'ROLLBACK', 'FOREACH', 'TRUNCATE', 'GRANT', 'REVOKE', 'DENY',
];
const READ_PROCEDURES = new Set([
  'show_tables', 'table_info', 'show_indexes', 'show_connection', 'query_fts_index', 'query_vector_index',
  'db.labels', 'db.relationshiptypes', 'db.propertykeys', 'db.schema.visualization', 'db.index.fulltext.querynodes',
  'db.index.vector.querynodes', 'db.indexes', 'show_functions', 'current_setting', 'db_version',
]);

/** Removes string literals, quoted identifiers and comments so keywords inside them are not seen. */
function stripLiteralsAndComments(query: string): string {
  return query
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\/\/[^\n]*/g, ' ')
    .replace(/'(?:[^'\\]|\\.)*'/g, "''")
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/`[^`]*`/g, '``');
}

/**
 * Rejects any query that could write or escape before it reaches a database: write clauses,
 * data import/export, schema or transaction control, unknown procedures and multiple
 * statements. Backends also run the query in a read-only transaction.
 */
export function assertReadOnlyCypher(query: string): void {
  const reject = (reason: string) => {
    throw new RhizomeError('CYPHER_REJECTED', `query rejected (read-only probes only): ${reason}`, { details: { query } });
  };
  if (query.trim() === '') reject('the query is empty');
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(query)) reject('it contains control characters');
  const code = stripLiteralsAndComments(query);
  if (/['"`]/.test(code.replace(/''|""|``/g, ''))) reject('it has an unterminated string or identifier');
  const statements = code.split(';').filter((part) => part.trim() !== '');
  if (statements.length > 1) reject('it holds more than one statement');
  const upper = code.toUpperCase();
  for (const keyword of WRITE_OR_ESCAPE) {
    if (new RegExp(`(^|[^A-Z0-9_$])${keyword}([^A-Z0-9_$]|$)`).test(upper)) reject(`it uses ${keyword}`);
  }
  for (const match of code.matchAll(/\bCALL\s+([A-Za-z_][\w.]*)/gi)) {
    const procedure = (match[1] ?? '').toLowerCase();
    if (!READ_PROCEDURES.has(procedure)) reject(`procedure ${match[1]} is not a known read-only procedure`);
  }
  if (/\bCALL\s*\{/i.test(code)) reject('it uses a CALL subquery');
}
