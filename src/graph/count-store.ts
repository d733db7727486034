import type { StoreCounts } from './store.js';

/** How a backend counts: a runner for `… RETURN count(x) AS total`, and its per-type queries. */
export interface CountQueries {
  count(statement: string): Promise<number>;
  /** Node type → query counting its entities. */
  entityQueries: Array<[string, string]>;
  /** Relation type → query counting its relations. */
  relationQueries: Array<[string, string]>;
  mentionsQuery: string;
}

/** The row counts of a workspace from a backend's count queries (same totals on every backend). */
export async function countStore(queries: CountQueries): Promise<StoreCounts> {
  const entitiesByType: Record<string, number> = {};
  for (const [type, statement] of queries.entityQueries) entitiesByType[type] = await queries.count(statement);
  const relationsByType: Record<string, number> = {};
  for (const [type, statement] of queries.relationQueries) relationsByType[type] = await queries.count(statement);
  const relations = Object.values(relationsByType).reduce((sum, value) => sum + value, 0);
  return {
    documents: await queries.count('MATCH (d:Document) RETURN count(d) AS total'),
    chunks: await queries.count('MATCH (c:Chunk) RETURN count(c) AS total'),
    entities: Object.values(entitiesByType).reduce((sum, value) => sum + value, 0),
    relations,
    typedRelations: relations - (relationsByType.RELATED_TO ?? 0),
    mentions: await queries.count(queries.mentionsQuery),
    communities: await queries.count('MATCH (c:Community) RETURN count(c) AS total'),
    entitiesByType,
    relationsByType,
  };
}
