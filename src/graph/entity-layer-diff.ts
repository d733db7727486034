import { RELATION_HISTORY_FIELDS, type Community, type Entity, type Mention, type Relation } from '../core/records.js';
import type { GraphProjection } from './store.js';

/**
 * What an index write must change in a stored entity layer to make it equal the new one: records
 * to delete and records to insert, each compared by every stored field. An entity whose fields
 * changed is deleted with everything attached to it (relations, mentions, community links) and
 * inserted again, so the relations, mentions and links it keeps are inserted again too.
 */
export interface EntityLayerDiff {
  /** Stored entities to delete with their relations, mentions and community links. */
  deleteEntities: Entity[];
  insertEntities: Entity[];
  /** Stored relations between kept entities that are gone or changed. */
  deleteRelations: Relation[];
  insertRelations: Relation[];
  /** Stored mentions (of kept chunks and entities) that are gone or whose count changed. */
  deleteMentions: Mention[];
  insertMentions: Mention[];
  /** Stored communities that are gone (deleted with their member links). */
  deleteCommunityIds: string[];
  insertCommunities: Community[];
  /** Stored communities whose level, parent, report or input hash changed: written in place under their id. */
  updateCommunities: Community[];
  /** Member links a kept community lost to a kept entity (an entity deleted takes its links with it). */
  deleteMemberships: Array<{ entityId: string; communityId: string }>;
  /** Member links a kept community gained, and those of kept communities to entities inserted again. */
  insertMemberships: Array<{ entityId: string; communityId: string }>;
  /** Records changed: deletions and insertions together. */
  size: number;
}

/**
 * Compares the stored layer with the new one. `removedChunkIds` are the stored chunks the write
 * deletes (their mentions go with them).
 */
export function diffEntityLayer(
  stored: { graph: GraphProjection; communities: Community[] },
  next: { graph: GraphProjection; communities: Community[] },
  removedChunkIds: ReadonlySet<string>,
): EntityLayerDiff {
  const storedEntities = new Map(stored.graph.entities.map((entity) => [entity.id, entity]));
  const nextIds = new Set(next.graph.entities.map((entity) => entity.id));
  const deleteEntities = stored.graph.entities.filter((entity) => !nextIds.has(entity.id));
  const insertEntities: Entity[] = [];
  for (const entity of next.graph.entities) {
    const before = storedEntities.get(entity.id);
    if (before && sameEntity(before, entity)) continue;
    if (before) deleteEntities.push(before);
    insertEntities.push(entity);
  }
  const gone = new Set(deleteEntities.map((entity) => entity.id));

  const { deleteRelations, insertRelations } = diffRelations(stored.graph.relations, next.graph.relations, gone);
  const { deleteMentions, insertMentions } = diffMentions(stored.graph.mentions, next.graph.mentions, gone, removedChunkIds);

  const { deleteCommunityIds, insertCommunities, updateCommunities, deleteMemberships, insertMemberships } = diffCommunities(
    stored.communities,
    next.communities,
    gone,
    new Set(insertEntities.map((entity) => entity.id)),
  );
  const size =
    deleteEntities.length + insertEntities.length + deleteRelations.length + insertRelations.length + deleteMentions.length + insertMentions.length +
    deleteCommunityIds.length + insertCommunities.length + updateCommunities.length + deleteMemberships.length + insertMemberships.length;
  return { deleteEntities, insertEntities, deleteRelations, insertRelations, deleteMentions, insertMentions, deleteCommunityIds, insertCommunities, updateCommunities, deleteMemberships, insertMemberships, size };
}

type CommunityChanges = Pick<EntityLayerDiff, 'deleteCommunityIds' | 'insertCommunities' | 'updateCommunities' | 'deleteMemberships' | 'insertMemberships'>;

/**
 * Communities gone, new, and kept under their id: a kept one whose fields changed is written in
 * place, and only the member links it lost or gained change (a community keeps its id when its
 * members change, see build-communities). `gone` are the stored entities deleted (their links go
 * with them), `inserted` the entities written (again): every community holding one links it anew.
 */
function diffCommunities(stored: readonly Community[], next: readonly Community[], gone: ReadonlySet<string>, inserted: ReadonlySet<string>): CommunityChanges {
  const storedCommunities = new Map(stored.map((community) => [community.id, community]));
  const nextCommunityIds = new Set(next.map((community) => community.id));
  const changes: CommunityChanges = {
    deleteCommunityIds: stored.filter((community) => !nextCommunityIds.has(community.id)).map((community) => community.id),
    insertCommunities: [],
    updateCommunities: [],
    deleteMemberships: [],
    insertMemberships: [],
  };
  for (const community of next) {
    const before = storedCommunities.get(community.id);
    if (!before) {
      changes.insertCommunities.push(community);
      continue;
    }
    if (!sameCommunityFields(before, community)) changes.updateCommunities.push(community);
    const sameMembership = before.memberIds.length === community.memberIds.length && sameMembers(before.memberIds, community.memberIds);
    const had = sameMembership ? null : new Set(before.memberIds);
    for (const entityId of community.memberIds) {
      if (inserted.has(entityId) || (had !== null && !had.has(entityId))) changes.insertMemberships.push({ entityId, communityId: community.id });
    }
    if (sameMembership) continue;
    const has = new Set(community.memberIds);
    for (const entityId of before.memberIds) {
      if (!has.has(entityId) && !gone.has(entityId)) changes.deleteMemberships.push({ entityId, communityId: community.id });
    }
  }
  return changes;
}

/**
 * Stored relations between kept entities that are gone or changed, and new relations that are not
 * stored as they are. Relations are matched by id (which hashes the type, ends, chunk and offset), and
 * by type and id when some stored id is shared by two types.
 */
function diffRelations(stored: readonly Relation[], next: readonly Relation[], gone: ReadonlySet<string>): { deleteRelations: Relation[]; insertRelations: Relation[] } {
  const storedById = new Map<string, Relation>();
  for (const relation of stored) storedById.set(relation.id, relation);
  const keyOf = storedById.size === stored.length ? (relation: Relation) => relation.id : relationId;
  const keptByKey = keyOf === relationId ? new Map(stored.map((relation) => [relationId(relation), relation])) : storedById;
  const kept = (relation: Relation | undefined) => relation !== undefined && !gone.has(relation.sourceId) && !gone.has(relation.targetId);
  const nextByKey = new Map<string, Relation>();
  const insertRelations: Relation[] = [];
  // New relations found equal to the stored one of their key: that pair need not be compared again below.
  const equalToStored = new Set<Relation>();
  for (const relation of next) {
    const key = keyOf(relation);
    nextByKey.set(key, relation);
    const before = keptByKey.get(key);
    if (kept(before) && sameTypedRelation(before as Relation, relation)) equalToStored.add(relation);
    else insertRelations.push(relation);
  }
  const deleteRelations = stored.filter((relation) => {
    if (!kept(relation)) return false;
    const key = keyOf(relation);
    const after = nextByKey.get(key);
    if (after && keptByKey.get(key) === relation && equalToStored.has(after)) return false;
    return !after || !sameTypedRelation(after, relation);
  });
  return { deleteRelations, insertRelations };
}

/** Stored mentions (of kept chunks and entities) whose count changed or that are gone, and new mentions not stored with their count. */
function diffMentions(stored: readonly Mention[], next: readonly Mention[], gone: ReadonlySet<string>, removedChunkIds: ReadonlySet<string>): { deleteMentions: Mention[]; insertMentions: Mention[] } {
  const countsOf = (mentions: readonly Mention[], keep: (mention: Mention) => boolean) => {
    const byChunk = new Map<string, Map<string, number>>();
    for (const mention of mentions) {
      if (!keep(mention)) continue;
      let counts = byChunk.get(mention.chunkId);
      if (!counts) byChunk.set(mention.chunkId, (counts = new Map()));
      counts.set(mention.entityId, mention.count);
    }
    return byChunk;
  };
  const isKept = (mention: Mention) => !gone.has(mention.entityId) && !removedChunkIds.has(mention.chunkId);
  const keptCounts = countsOf(stored, isKept);
  const nextCounts = countsOf(next, () => true);
  const deleteMentions = stored.filter((mention) => isKept(mention) && nextCounts.get(mention.chunkId)?.get(mention.entityId) !== mention.count);
  const insertMentions = next.filter((mention) => keptCounts.get(mention.chunkId)?.get(mention.entityId) !== mention.count);
  return { deleteMentions, insertMentions };
}

/** Records in a layer, for comparing a diff's size with a whole rewrite. */
export function layerSize(graph: GraphProjection, communities: Community[]): number {
  return graph.entities.length + graph.relations.length + graph.mentions.length + communities.reduce((sum, community) => sum + 1 + community.memberIds.length, 0);
}

function sameEntity(left: Entity, right: Entity): boolean {
  return left.type === right.type && left.name === right.name && left.description === right.description && left.mentionCount === right.mentionCount && sameList(left.aliases, right.aliases);
}

function sameTypedRelation(left: Relation, right: Relation): boolean {
  return left.type === right.type && sameRelation(left, right);
}

function relationId(relation: Relation): string {
  return `${relation.type}\u0000${relation.id}`;
}

/** Every stored field of a relation, its endpoints included (a field read back as null equals one left out). */
export function sameRelation(left: Relation, right: Relation): boolean {
  return left.sourceId === right.sourceId && left.targetId === right.targetId && left.chunkId === right.chunkId && left.documentId === right.documentId
    && left.start === right.start && left.end === right.end && left.weight === right.weight
    && (left.validFrom ?? null) === (right.validFrom ?? null) && (left.validTo ?? null) === (right.validTo ?? null)
    && sameHistory(left, right)
    && left.evidence === right.evidence;
}

/** The history fields of two relations (a field read back as null equals one left out); a loop, as this runs for every relation of a layer. */
function sameHistory(left: Relation, right: Relation): boolean {
  for (let index = 0; index < RELATION_HISTORY_FIELDS.length; index++) {
    const field = RELATION_HISTORY_FIELDS[index] as (typeof RELATION_HISTORY_FIELDS)[number];
    if ((left[field] ?? null) !== (right[field] ?? null)) return false;
  }
  return true;
}

/** Level, parent, input hash and report: a community's own fields, its members aside. */
function sameCommunityFields(left: Community, right: Community): boolean {
  if (left === right) return true;
  if (left.level !== right.level || left.parentId !== right.parentId || left.inputHash !== right.inputHash) return false;
  // A report taken back from the stored community (its inputs unchanged) is the stored object itself.
  return left.report === right.report || JSON.stringify(left.report) === JSON.stringify(right.report);
}

/** The same member ids in any order (lists of one length): compared through a set when `left` repeats no id, else sorted. */
function sameMembers(left: readonly string[], right: readonly string[]): boolean {
  const remaining = new Set(left);
  if (remaining.size !== left.length) return sameList([...left].sort(), [...right].sort());
  // Each id of `right` takes a distinct id of `left` (a repeated one finds it taken): as many ids, so the same ones.
  for (const id of right) if (!remaining.delete(id)) return false;
  return true;
}

function sameList(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((item, index) => item === right[index]);
}
