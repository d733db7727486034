/** `rhizome-rag/neo4j`: the Neo4j store; the optional peer neo4j-driver loads when a store is opened. */
export { Neo4jGraphStore } from './graph/neo4j/neo4j-store.js';
export { resolveNeo4jSettings, type Neo4jSettings } from './graph/neo4j/neo4j-settings.js';
