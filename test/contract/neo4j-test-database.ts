import { Neo4jConnection } from '../../src/graph/neo4j/neo4j-connection.js';
import { Neo4jGraphStore } from '../../src/graph/neo4j/neo4j-store.js';
import { resolveNeo4jSettings, type Neo4jSettings } from '../../src/graph/neo4j/neo4j-settings.js';
import type { OpenStore } from './graph-store-contract.js';

const MARKER_LABEL = 'RhizomeTestDatabase';

/**
 * The Neo4j server the tests use, from NEO4J_URI, NEO4J_USERNAME and NEO4J_PASSWORD. Without
 * NEO4J_URI the tests are skipped with a message; under CI=true a missing server is an error.
 */
export function neo4jTestSettings(): { settings: Neo4jSettings | null; skip: string | false } {
  const uri = process.env.NEO4J_URI;
  if (!uri) {
    const message = 'NEO4J_URI is not set: start the test server with `out="$(scripts/neo4j-test-server.sh start)" && eval "$out"` (Neo4j 5.26 Community, no Docker)';
    if (process.env.CI === 'true') throw new Error(`CI must run the Neo4j contract: ${message}`);
    return { settings: null, skip: message };
  }
  return { settings: resolveNeo4jSettings({ passwordEnv: 'NEO4J_PASSWORD' }, process.env), skip: false };
}

/**
 * Empties the test database so each workspace starts clean. It refuses a database that holds
 * data the tests did not write (no marker node), so a real server is never wiped by mistake.
 */
export async function wipeTestDatabase(settings: Neo4jSettings): Promise<void> {
  const connection = await Neo4jConnection.open(settings);
  try {
    const [state] = await connection.run(`OPTIONAL MATCH (marker:${MARKER_LABEL}) WITH count(marker) AS markers MATCH (n) RETURN markers, count(n) AS nodes`, {}, 'read');
    const markers = Number(state?.markers ?? 0);
    const nodes = Number(state?.nodes ?? 0);
    if (markers === 0 && nodes > 0) {
      throw new Error(`refusing to wipe the Neo4j database at ${settings.uri}: it holds ${nodes} nodes that Rhizome's tests did not write; point NEO4J_URI at a throwaway server (scripts/neo4j-test-server.sh start)`);
    }
    await connection.run(`MATCH (n) WHERE NOT n:${MARKER_LABEL} CALL { WITH n DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS`);
    if (markers === 0) await connection.run(`CREATE (:${MARKER_LABEL} {note: 'Rhizome tests may wipe this database'})`);
  } finally {
    await connection.close();
  }
}

/** Opens Neo4j stores for the contract: the first open of each workspace wipes the database, reopening keeps its data. */
export function neo4jTestStoreOpener(settings: Neo4jSettings): OpenStore {
  let current: string | null = null;
  return async (workspace) => {
    if (workspace !== current) {
      await wipeTestDatabase(settings);
      current = workspace;
    }
    return Neo4jGraphStore.open(settings);
  };
}
