import type { Entity, Relation } from '../core/records.js';
import { normaliseName } from '../core/normalise.js';
import { COOCCURRENCE_EDGE_TYPE, type GraphSchema } from '../config/graph-schema.js';
import type { ResolvedGraph } from '../extraction/resolution/resolve-graph.js';
import type { MergeConstraints } from '../extraction/resolution/merge-aliases.js';
import type { EntityReference, RelationReference, ReviewOverride } from './review-override.js';

/** The normalised names an entity answers to: its name and every alias. */
export function entityKeys(entity: Pick<Entity, 'name' | 'aliases'>): string[] {
  return [...new Set([entity.name, ...entity.aliases].map(normaliseName).filter((key) => key !== ''))];
}

/**
 * The merges and splits of the decisions, for resolution: a merge joins the two entities' names,
 * a split keeps the alias apart from every other name of its entity. A later decision wins: a merge
 * lifts earlier splits between the two entities, a split lifts earlier merges of that alias.
 */
export function mergeConstraintsOf(overrides: readonly ReviewOverride[]): MergeConstraints {
  let join: Array<[string, string]> = [];
  let keepApart: Array<[string, string]> = [];
  const crosses = (pair: [string, string], left: Set<string>, right: Set<string>) => (left.has(pair[0]) && right.has(pair[1])) || (right.has(pair[0]) && left.has(pair[1]));
  for (const override of overrides) {
    if (override.action === 'merge-entities') {
      const [kept, merged] = [new Set(entityKeys(override.entity)), new Set(entityKeys(override.other))];
      keepApart = keepApart.filter((pair) => !crosses(pair, kept, merged));
      join.push([normaliseName(override.entity.name), normaliseName(override.other.name)]);
    } else if (override.action === 'split-alias') {
      const alias = normaliseName(override.alias);
      const rest = new Set(entityKeys(override.entity).filter((key) => key !== alias));
      join = join.filter((pair) => !crosses(pair, new Set([alias]), rest));
      for (const key of rest) keepApart.push([alias, key]);
    }
  }
  return { join, keepApart };
}

/** The resolved graph with the decisions applied, and the ids of decisions whose subject is gone. */
export interface OverriddenGraph {
  graph: ResolvedGraph;
  stale: string[];
}

/**
 * Applies review decisions, oldest first, to a freshly resolved graph (resolution already made the
 * merges and splits, see mergeConstraintsOf): rejected relations and entities go (an entity with its
 * mentions and relations), retyped, reversed and renamed ones change in place and keep their ids, a
 * merged entity takes the name it was kept under. Typed relations whose endpoint types no longer fit
 * the schema become RELATED_TO, as in resolution. Pure: the input graph is not changed.
 */
export function applyOverrides(resolved: ResolvedGraph, overrides: readonly ReviewOverride[], schema: GraphSchema): OverriddenGraph {
  let entities = resolved.entities.map((entity) => ({ ...entity, aliases: [...entity.aliases] }));
  let relations = resolved.relations.map((relation) => ({ ...relation }));
  let mentions = resolved.mentions;
  let merges = resolved.merges;
  const stale: string[] = [];
  for (const override of overrides) {
    if ('relation' in override) {
      const relation = findRelation(relations, entities, override.relation);
      if (!relation) {
        stale.push(override.id);
        continue;
      }
      if (override.action === 'reject-relation') relations = relations.filter((candidate) => candidate !== relation);
      else if (override.action === 'retype-relation') relation.type = override.type;
      else if (override.action === 'reverse-relation') [relation.sourceId, relation.targetId] = [relation.targetId, relation.sourceId];
      continue;
    }
    const alias = override.action === 'split-alias' ? normaliseName(override.alias) : null;
    // A split entity is looked up without the alias split off (which may now name an entity of its own).
    const reference = alias === null ? override.entity : { ...override.entity, aliases: override.entity.aliases.filter((name) => normaliseName(name) !== alias) };
    const entity = findEntity(entities, reference);
    if (!entity) {
      stale.push(override.id);
      continue;
    }
    if (override.action === 'reject-entity') {
      entities = entities.filter((candidate) => candidate !== entity);
      relations = relations.filter((relation) => relation.sourceId !== entity.id && relation.targetId !== entity.id);
      mentions = mentions.filter((mention) => mention.entityId !== entity.id);
      merges = merges.filter((merge) => merge.entityId !== entity.id);
    } else if (override.action === 'retype-entity') entity.type = override.type;
    else if (override.action === 'rename-entity') renameEntity(entity, override.name);
    else if (override.action === 'merge-entities') {
      if (findEntity(entities, override.other) !== entity) stale.push(override.id);
      else if (entityKeys(entity).includes(normaliseName(override.entity.name))) renameEntity(entity, override.entity.name);
    } else if (alias !== null && entityKeys(entity).includes(alias)) stale.push(override.id);
  }
  refitRelations(relations, entities, schema);
  return { graph: { entities, relations, mentions, merges }, stale };
}

/** The entity a reference names: by id, else the one answering to its name (then to one of its aliases). */
export function findEntity(entities: readonly Entity[], reference: Pick<EntityReference, 'id' | 'name' | 'aliases'>): Entity | undefined {
  const byId = entities.find((entity) => entity.id === reference.id);
  if (byId) return byId;
  for (const name of [reference.name, ...reference.aliases]) {
    const key = normaliseName(name);
    const found = entities.find((entity) => entityKeys(entity).includes(key));
    if (found) return found;
  }
  return undefined;
}

/** The relation a reference names: by id, else between the same two entities, read at the same place or from the same sentence. */
export function findRelation(relations: readonly Relation[], entities: readonly Entity[], reference: RelationReference): Relation | undefined {
  const byId = relations.find((relation) => relation.id === reference.id);
  if (byId) return byId;
  const ends = [findEntity(entities, reference.source)?.id, findEntity(entities, reference.target)?.id];
  if (ends.includes(undefined)) return undefined;
  const between = relations.filter((relation) => ends.includes(relation.sourceId) && ends.includes(relation.targetId));
  return between.find((relation) => relation.chunkId === reference.chunkId && relation.start === reference.start) ?? between.find((relation) => relation.evidence === reference.evidence);
}

function renameEntity(entity: Entity, name: string): void {
  if (entity.name === name) return;
  entity.aliases = [...new Set([...entity.aliases, entity.name])].filter((alias) => alias !== name).sort();
  entity.name = name;
}

/** Typed relations whose endpoints' types the schema does not allow become RELATED_TO (the store's tables are declared by endpoint types). */
function refitRelations(relations: Relation[], entities: readonly Entity[], schema: GraphSchema): void {
  const typeOf = new Map(entities.map((entity) => [entity.id, entity.type]));
  const edges = new Map(schema.edgeTypes.map((edge) => [edge.name, edge]));
  for (const relation of relations) {
    if (relation.type === COOCCURRENCE_EDGE_TYPE) continue;
    const edge = edges.get(relation.type);
    const fits = edge !== undefined && edge.source.includes(typeOf.get(relation.sourceId) ?? '') && edge.target.includes(typeOf.get(relation.targetId) ?? '');
    if (!fits) relation.type = COOCCURRENCE_EDGE_TYPE;
  }
}
