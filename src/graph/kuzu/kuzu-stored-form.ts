import { RELATION_HISTORY_FIELDS, type Community, type CommunityReport, type Entity, type Mention, type Relation } from '../../core/records.js';
import { nodeTypeNames, type GraphSchema } from '../../config/graph-schema.js';
import { idOrderFor } from '../../core/ids.js';
import type { StoredLayer } from '../store.js';
import { relationTables } from './kuzu-ddl.js';

/**
 * The entity layer and communities a landed write leaves in the database, in the form
 * readEntityLayer and readCommunities give them back: new records (later changes to the written
 * ones do not reach them), only the stored fields, in the order of those reads (entities and
 * relations by id, relations of one id in table order, communities by level then id, members
 * sorted). Mentions keep the written order (a read's order is the database's own). Community
 * reports are the written objects, which nothing changes once made: a read gives back their JSON.
 */
export function storedFormOf(schema: GraphSchema, layer: StoredLayer): StoredLayer {
  const nodeTypes = new Set(nodeTypeNames(schema));
  const entities = layer.graph.entities.filter((entity) => nodeTypes.has(entity.type)).map(storedEntity);
  const compareEntityIds = idOrderFor(entities.map((entity) => entity.id));
  entities.sort((left, right) => compareEntityIds(left.id, right.id));
  const written = new Set(entities.map((entity) => entity.id));
  const tableRank = new Map(relationTables(schema).map((table, rank) => [table.name, rank]));
  const relations = layer.graph.relations.filter((relation) => tableRank.has(relation.type)).map(storedRelation);
  const compareRelationIds = idOrderFor(relations.map((relation) => relation.id));
  relations.sort((left, right) => compareRelationIds(left.id, right.id) || (tableRank.get(left.type) as number) - (tableRank.get(right.type) as number));
  const mentions = layer.graph.mentions.filter((mention) => written.has(mention.entityId)).map((mention): Mention => ({ chunkId: mention.chunkId, entityId: mention.entityId, count: mention.count }));
  const communities = layer.communities
    .map((community) => storedCommunity(community, written))
    .sort((left, right) => left.level - right.level || compareCodeUnits(left.id, right.id));
  return { graph: { entities, relations, mentions }, communities };
}

function storedEntity(entity: Entity): Entity {
  return { id: entity.id, type: entity.type, name: entity.name, aliases: [...entity.aliases], description: entity.description ?? '', mentionCount: entity.mentionCount ?? 0 };
}

function storedRelation(relation: Relation): Relation {
  const stored: Relation = {
    id: relation.id,
    type: relation.type,
    sourceId: relation.sourceId,
    targetId: relation.targetId,
    evidence: relation.evidence,
    chunkId: relation.chunkId,
    documentId: relation.documentId,
    start: relation.start,
    end: relation.end,
    weight: relation.weight,
    validFrom: relation.validFrom ?? null,
    validTo: relation.validTo ?? null,
  };
  // As relationFromRow: history fields only when set.
  for (const field of RELATION_HISTORY_FIELDS) {
    const value = relation[field];
    if (typeof value === 'string' && value !== '') stored[field] = value;
  }
  return stored;
}

function storedCommunity(community: Community, written: ReadonlySet<string>): Community {
  return {
    id: community.id,
    level: community.level,
    parentId: community.parentId ?? null,
    memberIds: community.memberIds.filter((id) => written.has(id)).sort(),
    // The written report itself (reports are never changed once made): stored as its JSON, it reads back as an equal value.
    report: community.report ?? (null as unknown as CommunityReport),
    inputHash: community.inputHash,
  };
}

function compareCodeUnits(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
