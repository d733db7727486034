import { stableId } from '../core/ids.js';
import { normaliseName } from '../core/normalise.js';
import type { Entity, MergeRecord, Relation } from '../core/records.js';
import { COOCCURRENCE_EDGE_TYPE, nodeTypeNames, type GraphSchema } from '../config/graph-schema.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import type { GraphProjection } from '../graph/store.js';
import { entityKeys } from './apply-overrides.js';
import { reviewDecisionSchema, type EntityReference, type RelationReference, type ReviewDecision, type ReviewOverride } from './review-override.js';

/** The graph decisions are checked against: the stored entity layer and its alias merges. */
export interface ReviewedGraph {
  projection: GraphProjection;
  merges: MergeRecord[];
}

/**
 * Checks decisions against the stored graph and the schema and turns them into overrides that
 * remember what the reviewer saw (names, types, evidence place), so they apply again after a
 * re-index changed ids. INPUT_NOT_FOUND for an unknown id, INPUT_INVALID (naming the decision's
 * position in `origin`) for a type the schema does not declare or an edge its endpoints cannot take.
 */
export function decisionsToOverrides(input: readonly unknown[], graph: ReviewedGraph, schema: GraphSchema, at: string, origin = 'decision'): ReviewOverride[] {
  const entities = new Map(graph.projection.entities.map((entity) => [entity.id, entity]));
  const relations = new Map(graph.projection.relations.map((relation) => [relation.id, relation]));
  return input.map((raw, index) => {
    const where = `${origin} ${index + 1}`;
    const parsed = reviewDecisionSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RhizomeError('INPUT_INVALID', `${where}: ${issue?.path.length ? `field ${issue.path.join('.')}: ` : ''}${issue?.message ?? 'invalid'} (a decision is {"action": …, "relationId" | "entityId": …}; actions: accept-, reject-, retype-, reverse-relation, accept-, reject-, retype-, rename-entity, merge-entities, split-alias)`);
    }
    const decision = parsed.data;
    const entityOf = (id: string) => {
      const entity = entities.get(id);
      if (!entity) throw new RhizomeError('INPUT_NOT_FOUND', `${where}: no entity ${id} in the graph (\`rhizome review --sample\` prints the ids)`);
      return entity;
    };
    const reference = (entity: Entity): EntityReference => ({ id: entity.id, name: entity.name, type: entity.type, aliases: [...entity.aliases] });
    const relationReference = (relation: Relation): RelationReference => ({ id: relation.id, type: relation.type, source: reference(entityOf(relation.sourceId)), target: reference(entityOf(relation.targetId)), chunkId: relation.chunkId, start: relation.start, evidence: relation.evidence });
    const stamp = { id: stableId('rev', JSON.stringify(decision), at, index), at, ...(decision.note === undefined ? {} : { note: decision.note }) };
    if ('relationId' in decision) {
      const relation = relations.get(decision.relationId);
      if (!relation) throw new RhizomeError('INPUT_NOT_FOUND', `${where}: no relation ${decision.relationId} in the graph (\`rhizome review --sample\` prints the ids)`);
      const seen = relationReference(relation);
      if (decision.action === 'retype-relation') {
        checkEdgeFits(decision.type, entityOf(relation.sourceId), entityOf(relation.targetId), schema, where);
        return { ...stamp, action: decision.action, relation: seen, type: decision.type };
      }
      if (decision.action === 'reverse-relation') checkEdgeFits(relation.type, entityOf(relation.targetId), entityOf(relation.sourceId), schema, where);
      return { ...stamp, action: decision.action, relation: seen };
    }
    const entity = entityOf(decision.entityId);
    const seen = reference(entity);
    switch (decision.action) {
      case 'retype-entity': {
        const types = nodeTypeNames(schema);
        if (!types.includes(decision.type)) throw new RhizomeError('INPUT_INVALID', `${where}: field type: "${decision.type}" is not a node type of the schema (${types.join(', ')})`);
        return { ...stamp, action: decision.action, entity: seen, type: decision.type };
      }
      case 'rename-entity': {
        const name = decision.name.trim();
        if (normaliseName(name) === '') throw new RhizomeError('INPUT_INVALID', `${where}: field name: "${decision.name}" has no letter or digit`);
        return { ...stamp, action: decision.action, entity: seen, name };
      }
      case 'merge-entities': {
        if (decision.otherEntityId === entity.id) throw new RhizomeError('INPUT_INVALID', `${where}: an entity cannot be merged into itself`);
        return { ...stamp, action: decision.action, entity: seen, other: reference(entityOf(decision.otherEntityId)) };
      }
      case 'split-alias': {
        const alias = splittableAlias(entity, decision.alias, graph.merges);
        if (alias === null) throw new RhizomeError('INPUT_INVALID', `${where}: "${decision.alias}" is not an alias of ${entity.name} (${entity.aliases.join(', ') || 'it has none'}) other than a spelling of its name`);
        return { ...stamp, action: decision.action, entity: { ...seen, aliases: [...new Set([...seen.aliases, alias])] }, alias };
      }
      default:
        return { ...stamp, action: decision.action, entity: seen };
    }
  });
}

/** The alias to split off, as written: one of the entity's aliases or the merged name of one of its merges, never a spelling of its name. */
function splittableAlias(entity: Entity, alias: string, merges: MergeRecord[]): string | null {
  const key = normaliseName(alias);
  if (key === '' || key === normaliseName(entity.name)) return null;
  if (entityKeys(entity).includes(key)) return entity.aliases.find((candidate) => normaliseName(candidate) === key) ?? alias;
  const merged = merges.find((merge) => merge.entityId === entity.id && normaliseName(merge.merged) === key);
  return merged ? merged.merged : null;
}

function checkEdgeFits(type: string, source: Entity, target: Entity, schema: GraphSchema, where: string): void {
  if (type === COOCCURRENCE_EDGE_TYPE) return;
  const edge = schema.edgeTypes.find((candidate) => candidate.name === type);
  if (!edge) throw new RhizomeError('INPUT_INVALID', `${where}: field type: "${type}" is not an edge type of the schema (${[...schema.edgeTypes.map((candidate) => candidate.name), COOCCURRENCE_EDGE_TYPE].join(', ')})`);
  if (!edge.source.includes(source.type) || !edge.target.includes(target.type)) {
    throw new RhizomeError('INPUT_INVALID', `${where}: ${type} goes from ${edge.source.join('|')} to ${edge.target.join('|')}, but ${source.name} is a ${source.type} and ${target.name} a ${target.type}`);
  }
}
