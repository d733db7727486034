import { RhizomeError } from '../../errors/rhizome-error.js';
import type { Neo4jSettings } from './neo4j-settings.js';

const START_A_SERVER = 'start one with `docker compose up -d neo4j` (docker-compose.yml of the Rhizome repository) or, for tests, `scripts/neo4j-test-server.sh start`, then set NEO4J_URI (or "store.neo4j.uri")';

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Reads "5.26.30" or "2025.01.0" as [major, minor]. */
export function parseServerVersion(version: string): [number, number] | null {
  const match = /^(\d+)\.(\d+)/.exec(version);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** Rhizome needs Neo4j 5.13 or later (full-text and vector indexes, `IF NOT EXISTS` DDL); 2025.x calendar versions qualify. */
export function assertServerSupported(version: string, edition: string, uri: string): void {
  const parsed = parseServerVersion(version);
  const supported = parsed !== null && (parsed[0] > 5 || (parsed[0] === 5 && parsed[1] >= 13));
  if (!supported) {
    throw new RhizomeError(
      'STORE_FAILED',
      `the Neo4j server at ${uri} is version ${version}${edition ? ` (${edition})` : ''}, which lacks vector indexes; Rhizome needs Neo4j 5.13 or later (5.26 LTS recommended, as in docker-compose.yml)`,
      { details: { version, edition, uri } },
    );
  }
}

/** The error a failed connection becomes: unreachable server, refused credentials, unknown database or other. */
export function describeConnectionFailure(cause: unknown, settings: Neo4jSettings): RhizomeError {
  const code = errorCode(cause);
  const message = errorMessage(cause);
  const details = { uri: settings.uri, neo4jCode: code };
  if (code === 'ServiceUnavailable' || code === 'SessionExpired') {
    return new RhizomeError('STORE_FAILED', `could not reach a Neo4j server at ${settings.uri} (${/Caused by: (.*)$/s.exec(message)?.[1] ?? message}); ${START_A_SERVER}`, { cause, details });
  }
  if (code === 'Neo.ClientError.Security.Unauthorized' || code === 'Neo.ClientError.Security.AuthenticationRateLimit') {
    const password = settings.password === null ? `no password was given (${settings.passwordEnv} is unset)` : `check the password in ${settings.passwordEnv}`;
    return new RhizomeError(
      'CONFIG_INVALID',
      `the Neo4j server at ${settings.uri} refused the credentials of user "${settings.username}": ${password} (the variable "store.neo4j.passwordEnv" names), and the user in NEO4J_USERNAME or "store.neo4j.username"`,
      { cause, details },
    );
  }
  if (code === 'Neo.ClientError.Database.DatabaseNotFound') {
    return new RhizomeError('CONFIG_INVALID', `the Neo4j server at ${settings.uri} has no database "${settings.database}"; fix NEO4J_DATABASE or "store.neo4j.database" (Community edition has only "neo4j")`, { cause, details });
  }
  return new RhizomeError('STORE_FAILED', `could not open the Neo4j store at ${settings.uri}: ${message}`, { cause, details });
}

/** The error a failed internal statement becomes (storage failure, exit code 6). */
export function describeQueryFailure(cause: unknown, statement: string, settings: Neo4jSettings): RhizomeError {
  if (cause instanceof RhizomeError) return cause;
  const code = errorCode(cause);
  if (code === 'ServiceUnavailable' || code === 'SessionExpired') return describeConnectionFailure(cause, settings);
  return new RhizomeError('STORE_FAILED', `Neo4j query failed: ${errorMessage(cause)} (query: ${statement.slice(0, 160)})`, { cause, details: { neo4jCode: code } });
}

/** The error a failed user query becomes: rejected write, timeout, or an invalid query. */
export function describeReadOnlyFailure(cause: unknown, limits: { timeoutMs: number }, settings: Neo4jSettings): RhizomeError {
  if (cause instanceof RhizomeError) return cause;
  const code = errorCode(cause);
  const message = errorMessage(cause);
  if (code === 'ServiceUnavailable' || code === 'SessionExpired') return describeConnectionFailure(cause, settings);
  if (code === 'Neo.ClientError.Statement.AccessMode' || code.startsWith('Neo.ClientError.Security.')) {
    return new RhizomeError('CYPHER_REJECTED', `query rejected (read-only probes only): the server refused it in a read-only transaction (${message})`, { cause });
  }
  if (code.startsWith('Neo.ClientError.Transaction.TransactionTimedOut')) {
    return new RhizomeError('QUERY_INVALID', `Cypher query failed: it ran past the ${limits.timeoutMs} ms limit`, { cause });
  }
  return new RhizomeError('QUERY_INVALID', `Cypher query failed: ${message}`, { cause, details: { neo4jCode: code } });
}
