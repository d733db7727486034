import type { GraphProjection } from '../graph/store.js';
import type { WeightedGraph } from './graph-projection.js';

/**
 * The entity graph community detection runs on, in a canonical form: nodes sorted by entity id,
 * one undirected edge per entity pair carrying the summed weight of its relations, pairs sorted.
 * Entity ids come from normalised names, so the graph — and the seeded Leiden partition — depends
 * only on what the documents say, not on relation ids (which hash chunk ids, and so document
 * paths) or on the order the relations arrive in. Ids are sorted by code unit (the default sort of strings).
 */
export function entityGraphOf(projection: GraphProjection): WeightedGraph {
  const weights = new Map<string, Map<string, number>>();
  for (const relation of projection.relations) {
    const [low, high] = relation.sourceId < relation.targetId ? [relation.sourceId, relation.targetId] : [relation.targetId, relation.sourceId];
    let row = weights.get(low);
    if (!row) weights.set(low, (row = new Map()));
    row.set(high, (row.get(high) ?? 0) + relation.weight);
  }
  const edges: WeightedGraph['edges'] = [];
  for (const low of [...weights.keys()].sort()) {
    const row = weights.get(low) as Map<string, number>;
    for (const high of [...row.keys()].sort()) edges.push({ source: low, target: high, weight: row.get(high) as number });
  }
  return { nodes: projection.entities.map((entity) => entity.id).sort(), edges };
}
