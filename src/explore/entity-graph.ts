import { normaliseName } from '../core/normalise.js';
import type { Entity, Mention, Relation } from '../core/records.js';
import type { GraphProjection } from '../graph/store.js';

/** The entity layer indexed for browsing: entities by id and by name, relations and mentions per entity. */
export interface EntityGraph {
  entities: Map<string, Entity>;
  /** Normalised name or alias → entity ids. */
  byName: Map<string, string[]>;
  relationsOf: Map<string, Relation[]>;
  mentionsOf: Map<string, Mention[]>;
}

function push<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Indexes a projection read from the store. */
export function buildEntityGraph(projection: GraphProjection): EntityGraph {
  const entities = new Map(projection.entities.map((entity) => [entity.id, entity]));
  const byName = new Map<string, string[]>();
  for (const entity of projection.entities) {
    for (const name of new Set([entity.name, ...entity.aliases].map(normaliseName))) if (name) push(byName, name, entity.id);
  }
  const relationsOf = new Map<string, Relation[]>();
  for (const relation of projection.relations) {
    push(relationsOf, relation.sourceId, relation);
    if (relation.targetId !== relation.sourceId) push(relationsOf, relation.targetId, relation);
  }
  const mentionsOf = new Map<string, Mention[]>();
  for (const mention of projection.mentions) push(mentionsOf, mention.entityId, mention);
  return { entities, byName, relationsOf, mentionsOf };
}

/** The entity an id, a name or an alias names (an id first; among names, the most mentioned). */
export function findEntity(graph: EntityGraph, idOrName: string): Entity | undefined {
  const byId = graph.entities.get(idOrName);
  if (byId) return byId;
  const ids = graph.byName.get(normaliseName(idOrName)) ?? [];
  return ids.map((id) => graph.entities.get(id)).filter((entity): entity is Entity => entity !== undefined).sort((left, right) => right.mentionCount - left.mentionCount)[0];
}

/** The entity at the other end of a relation. */
export function otherEnd(relation: Relation, entityId: string): string {
  return relation.sourceId === entityId ? relation.targetId : relation.sourceId;
}
