import type { KuzuConnection, KuzuParameter } from './kuzu-connection.js';

/**
 * Deletes the nodes of `table` with the given ids and every relation touching them, inside the
 * caller's transaction: first the relations, each by one explicit DELETE (outgoing, then incoming),
 * then the nodes by a plain DELETE. Never `DETACH DELETE`: Kuzu 0.11.3, replaying its write-ahead log
 * after the process died, gets wrong a DETACH DELETE of a node some of whose relations the same
 * transaction had already deleted (it deletes other relations of the table instead), and a write
 * deleting several linked nodes (an entity and its community, a chunk and the entities it mentions)
 * cannot avoid that with DETACH DELETE. A write that ends in a checkpoint never replays; a small
 * difference does (see insertRows).
 */
export async function deleteNodesWithRelations(connection: KuzuConnection, table: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const parameters = { ids: ids as KuzuParameter };
  await connection.run(`MATCH (n:${table})-[r]->() WHERE n.id IN $ids DELETE r`, parameters);
  await connection.run(`MATCH ()-[r]->(n:${table}) WHERE n.id IN $ids DELETE r`, parameters);
  await connection.run(`MATCH (n:${table}) WHERE n.id IN $ids DELETE n`, parameters);
}
