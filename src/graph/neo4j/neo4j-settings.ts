import { readEnvironment, type Environment } from '../../config/read-environment.js';
import type { StoreConfig } from '../../config/store-config.js';
import { RhizomeError } from '../../errors/rhizome-error.js';

/** Where and as whom to connect to Neo4j, resolved from config then the environment. */
export interface Neo4jSettings {
  uri: string;
  username: string;
  /** Null when the password variable is unset or empty (a server with auth disabled). */
  password: string | null;
  /** The variable the password was read from, named in errors. */
  passwordEnv: string;
  /** Null selects the server's default database. */
  database: string | null;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/**
 * Reads the Neo4j settings when the store is opened (never at import): `store.neo4j` fields
 * first, then NEO4J_URI, NEO4J_USERNAME, NEO4J_DATABASE and the password variable `passwordEnv`.
 */
export function resolveNeo4jSettings(config: StoreConfig['neo4j'], env: Environment = readEnvironment()): Neo4jSettings {
  const uri = nonEmpty(config.uri) ?? nonEmpty(env.NEO4J_URI);
  if (!uri) {
    throw new RhizomeError(
      'CONFIG_INVALID',
      'field "store.neo4j.uri": no Neo4j server is configured; set "store.neo4j.uri" or NEO4J_URI (for example bolt://localhost:7687 after `docker compose up -d neo4j`, or the line printed by `scripts/neo4j-test-server.sh start`)',
    );
  }
  return {
    uri,
    username: nonEmpty(config.username) ?? nonEmpty(env.NEO4J_USERNAME) ?? 'neo4j',
    password: env[config.passwordEnv] ? (env[config.passwordEnv] as string) : null,
    passwordEnv: config.passwordEnv,
    database: nonEmpty(config.database) ?? nonEmpty(env.NEO4J_DATABASE) ?? null,
  };
}
