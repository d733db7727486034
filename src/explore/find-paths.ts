import type { Entity, Relation } from '../core/records.js';
import type { RelationPath } from '../core/retrieval-context.js';
import { otherEnd, type EntityGraph } from './entity-graph.js';

/** Limits of a path search between two entities. */
export interface PathSearchOptions {
  /** Relations in a path, at most (default 3). */
  maxHops?: number;
  /** Paths returned, at most (default 5). */
  limit?: number;
  /** Typed relations only: co-occurrence (RELATED_TO) links are skipped. */
  typedOnly?: boolean;
}

/** Relations walked from one entity in a search, at most: a hub cannot blow the search up. */
const MAX_BRANCHING = 200;

/**
 * The shortest relation paths from one entity to another (breadth-first, simple paths, both
 * directions), shortest first, then by the weight of their relations. Paths share no cycles;
 * an entity to itself has no path.
 */
export function findPaths(graph: EntityGraph, fromId: string, toId: string, options: PathSearchOptions = {}): RelationPath[] {
  const maxHops = options.maxHops ?? 3;
  const limit = options.limit ?? 5;
  if (fromId === toId || !graph.entities.has(fromId) || !graph.entities.has(toId)) return [];
  const found: Array<{ ids: string[]; relations: Relation[] }> = [];
  let frontier: Array<{ ids: string[]; relations: Relation[] }> = [{ ids: [fromId], relations: [] }];
  for (let hop = 0; hop < maxHops && found.length === 0 && frontier.length > 0; hop += 1) {
    const next: typeof frontier = [];
    for (const partial of frontier) {
      const last = partial.ids[partial.ids.length - 1] as string;
      const relations = (graph.relationsOf.get(last) ?? []).filter((relation) => !options.typedOnly || relation.type !== 'RELATED_TO').slice(0, MAX_BRANCHING);
      for (const relation of relations) {
        const neighbour = otherEnd(relation, last);
        if (partial.ids.includes(neighbour)) continue;
        const extended = { ids: [...partial.ids, neighbour], relations: [...partial.relations, relation] };
        if (neighbour === toId) found.push(extended);
        else next.push(extended);
      }
    }
    frontier = next.slice(0, 20_000);
  }
  const weightOf = (relations: Relation[]) => relations.reduce((sum, relation) => sum + relation.weight, 0);
  return found
    .sort((left, right) => weightOf(right.relations) - weightOf(left.relations))
    .slice(0, limit)
    .map((path) => ({ entities: path.ids.map((id) => graph.entities.get(id) as Entity), relations: path.relations, score: weightOf(path.relations) }));
}
