import type { Relation } from '../../core/records.js';
import type { RelationPath } from '../context.js';
import type { GraphIndex } from '../graph-index.js';

const MAX_VISITED = 20_000;

/**
 * Shortest relation chains (breadth-first, typed relations tried before co-occurrence) from
 * the question's entities to each target entity, up to `maxHops` relations long.
 */
export function findRelationPaths(index: GraphIndex, seeds: number[], targets: number[], maxHops: number, entityScore: (entityIndex: number) => number): RelationPath[] {
  const parent = new Map<number, { from: number; relation: number } | null>();
  const depth = new Map<number, number>();
  let frontier = [...new Set(seeds)];
  frontier.forEach((seed) => {
    parent.set(seed, null);
    depth.set(seed, 0);
  });
  for (let hop = 1; hop <= maxHops && frontier.length > 0 && parent.size < MAX_VISITED; hop += 1) {
    const next: number[] = [];
    for (const node of frontier) {
      const relations = [...(index.relationsOfEntity[node] ?? [])].sort((left, right) => typedFirst(index.relations[left], index.relations[right]) || left - right);
      for (const relationIndex of relations) {
        const relation = index.relations[relationIndex] as Relation;
        const other = index.entityIndexById.get(relation.sourceId === index.entities[node]?.id ? relation.targetId : relation.sourceId);
        if (other === undefined || parent.has(other)) continue;
        parent.set(other, { from: node, relation: relationIndex });
        depth.set(other, hop);
        next.push(other);
      }
    }
    frontier = next;
  }
  const paths: RelationPath[] = [];
  for (const target of targets) {
    if (!parent.has(target) || depth.get(target) === 0) continue;
    const entities = [index.entities[target]];
    const relations: Relation[] = [];
    let cursor = target;
    let step = parent.get(cursor);
    while (step) {
      relations.unshift(index.relations[step.relation] as Relation);
      cursor = step.from;
      entities.unshift(index.entities[cursor]);
      step = parent.get(cursor);
    }
    paths.push({ entities: entities.filter((entity) => entity !== undefined), relations, score: entityScore(target) });
  }
  return paths;
}

function typedFirst(left: Relation | undefined, right: Relation | undefined): number {
  const rank = (relation: Relation | undefined) => (relation && relation.type !== 'RELATED_TO' ? 0 : 1);
  return rank(left) - rank(right);
}
