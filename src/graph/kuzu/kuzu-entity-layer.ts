import { RELATION_EDGE_RETURNS, relationEdgeFromRow, relationFromRow } from '../row-records.js';
import { RELATION_HISTORY_FIELDS } from '../../core/records.js';
import { appendTo } from '../../core/group-by.js';
import { sortById } from '../../core/ids.js';
import { sharedStrings, shareRelationStrings } from '../../core/shared-strings.js';
import type { Entity, Mention, MergeRecord, Relation, RelationEdge } from '../../core/records.js';
import type { EntityLayerDiff } from '../entity-layer-diff.js';
import { updateCommunities, writeCommunities } from './kuzu-communities.js';
import { deleteNodesWithRelations } from './kuzu-delete-nodes.js';
import { COOCCURRENCE_EDGE_TYPE, nodeTypeNames, type GraphSchema } from '../../config/graph-schema.js';
import type { EntityMentionLayer, GraphProjection, RelationSelection } from '../store.js';
import { bulkCopy, insertRows, type CopyColumn } from './kuzu-bulk-copy.js';
import type { KuzuConnection, KuzuParameter, KuzuRow } from './kuzu-connection.js';
import { relationTables } from './kuzu-ddl.js';
import { entitySearchText } from './kuzu-fts-indexes.js';

const ENTITY_COLUMNS: Array<CopyColumn<Entity>> = [
  { kind: 'string', value: (entity) => entity.id },
  { kind: 'string', value: (entity) => entity.name },
  { kind: 'string-list', value: (entity) => entity.aliases },
  { kind: 'string', value: (entity) => entitySearchText(entity) },
  { kind: 'string', value: (entity) => entity.description },
  { kind: 'int', value: (entity) => entity.mentionCount },
];

const RELATION_COLUMNS: Array<CopyColumn<Relation>> = [
  { kind: 'string', value: (relation) => relation.sourceId },
  { kind: 'string', value: (relation) => relation.targetId },
  { kind: 'string', value: (relation) => relation.id },
  { kind: 'string', value: (relation) => relation.evidence },
  { kind: 'string', value: (relation) => relation.chunkId },
  { kind: 'string', value: (relation) => relation.documentId },
  { kind: 'int', value: (relation) => relation.start },
  { kind: 'int', value: (relation) => relation.end },
  { kind: 'double', value: (relation) => relation.weight },
  { kind: 'nullable-string', value: (relation) => relation.validFrom },
  { kind: 'nullable-string', value: (relation) => relation.validTo },
  ...RELATION_HISTORY_FIELDS.map((field): CopyColumn<Relation> => ({ kind: 'nullable-string', value: (relation) => relation[field] ?? null })),
];

const HISTORY_RETURNS = RELATION_HISTORY_FIELDS.map((field) => `, r.${field} AS ${field}`).join('');

/**
 * Deletes every entity, relation, mention, community and merge record (inside the caller's transaction):
 * the relation tables first, then the nodes by DETACH DELETE, which also drops a relation Kuzu 0.11.3
 * still holds in one direction only after the DELETE of its table (seen once, after many in-place
 * updates of a workspace: the plain DELETE of the nodes then failed on every later run, so nothing
 * could rebuild it). Here DETACH DELETE is safe where `deleteNodesWithRelations` avoids it: every table's
 * relations are gone by then, so a replay that got one wrong has none left to delete instead.
 */
export async function deleteEntityLayer(connection: KuzuConnection, schema: GraphSchema): Promise<void> {
  for (const table of [...relationTables(schema).map((relation) => relation.name), 'MENTIONS', 'MEMBER_OF']) {
    await connection.run(`MATCH ()-[r:${table}]->() DELETE r`);
  }
  for (const type of [...nodeTypeNames(schema), 'Community']) await connection.run(`MATCH (n:${type}) DETACH DELETE n`);
  await connection.run('MATCH (m:MergeLog) DELETE m');
}

/** Bulk-loads a resolved entity layer: nodes by type, relations by endpoint pair, mentions by target type. */
export async function writeEntityLayer(connection: KuzuConnection, schema: GraphSchema, graph: GraphProjection, merges: MergeRecord[]): Promise<void> {
  const typeOf = new Map(graph.entities.map((entity) => [entity.id, entity.type]));
  await copyEntities(connection, schema, graph.entities);
  await copyRelations(connection, schema, graph.relations, typeOf);
  await copyMentions(connection, graph.mentions, typeOf);
  await copyMergeLog(connection, merges);
}

/**
 * Brings the stored entity layer to the new one by deleting and inserting only what differs (see
 * `diffEntityLayer`), inside the caller's transaction; the full-text indexes follow each change.
 * The merge log, small, is replaced whole when it changed.
 */
export async function applyEntityLayerDiff(connection: KuzuConnection, schema: GraphSchema, diff: EntityLayerDiff, graph: GraphProjection, merges: MergeRecord[]): Promise<void> {
  const byType = new Map<string, string[]>();
  for (const entity of diff.deleteEntities) appendTo(byType, entity.type, entity.id);
  for (const [type, ids] of byType) await deleteNodesWithRelations(connection, type, ids);
  const relationsByTable = new Map<string, string[]>();
  for (const relation of diff.deleteRelations) appendTo(relationsByTable, relation.type, relation.id);
  for (const [table, ids] of relationsByTable) await connection.run(`MATCH ()-[r:${table}]->() WHERE r.id IN $ids DELETE r`, { ids: ids as KuzuParameter });
  const mentionsByChunk = new Map<string, string[]>();
  for (const mention of diff.deleteMentions) appendTo(mentionsByChunk, mention.chunkId, mention.entityId);
  for (const [chunkId, entityIds] of mentionsByChunk) await connection.run('MATCH (c:Chunk)-[m:MENTIONS]->(e) WHERE c.id = $chunkId AND e.id IN $entityIds DELETE m', { chunkId, entityIds: entityIds as KuzuParameter });
  await deleteNodesWithRelations(connection, 'Community', diff.deleteCommunityIds);
  await deleteMemberships(connection, diff.deleteMemberships);
  await updateCommunities(connection, diff.updateCommunities);
  const mergesChanged = !(await holdsMergeLog(connection, merges));
  if (mergesChanged) await connection.run('MATCH (m:MergeLog) DELETE m');

  const typeOf = new Map(graph.entities.map((entity) => [entity.id, entity.type]));
  await copyEntities(connection, schema, diff.insertEntities);
  await copyRelations(connection, schema, diff.insertRelations, typeOf);
  await copyMentions(connection, diff.insertMentions, typeOf);
  // Hundreds of rows, written through the log all the same: a COPY would force a checkpoint (see insertRows).
  if (mergesChanged) await copyMergeLog(connection, merges, insertRows);
  await writeCommunities(connection, diff.insertCommunities, graph.entities);
  await copyMemberships(connection, diff.insertMemberships, typeOf);
}

async function copyEntities(connection: KuzuConnection, schema: GraphSchema, entities: Entity[]): Promise<void> {
  const declared = new Map(schema.nodeTypes.map((type) => [type.name, type.properties]));
  for (const type of nodeTypeNames(schema)) {
    const columns = [...ENTITY_COLUMNS, ...nullColumns<Entity>(declared.get(type) ?? [])];
    await bulkCopy(connection, type, columns, entities.filter((entity) => entity.type === type));
  }
}

async function copyRelations(connection: KuzuConnection, schema: GraphSchema, relations: Relation[], typeOf: ReadonlyMap<string, string>): Promise<void> {
  const groups = new Map<string, Relation[]>();
  for (const relation of relations) {
    const key = `${relation.type}\u0000${typeOf.get(relation.sourceId)}\u0000${typeOf.get(relation.targetId)}`;
    appendTo(groups, key, relation);
  }
  const relationProperties = new Map(relationTables(schema).map((table) => [table.name, table.properties]));
  for (const [key, group] of groups) {
    const [table = COOCCURRENCE_EDGE_TYPE, from = '', to = ''] = key.split('\u0000');
    const columns = [...RELATION_COLUMNS, ...nullColumns<Relation>(relationProperties.get(table) ?? [])];
    await bulkCopy(connection, table, columns, group, { from, to });
  }
}

async function copyMentions(connection: KuzuConnection, mentions: Mention[], typeOf: ReadonlyMap<string, string>): Promise<void> {
  const mentionsByType = new Map<string, Mention[]>();
  for (const mention of mentions) {
    const type = typeOf.get(mention.entityId);
    if (!type) continue;
    appendTo(mentionsByType, type, mention);
  }
  for (const [type, group] of mentionsByType) {
    await bulkCopy(connection, 'MENTIONS', [
      { kind: 'string', value: (mention: Mention) => mention.chunkId },
      { kind: 'string', value: (mention: Mention) => mention.entityId },
      { kind: 'int', value: (mention: Mention) => mention.count },
    ], group, { from: 'Chunk', to: type });
  }
}

async function copyMergeLog(connection: KuzuConnection, merges: MergeRecord[], load: typeof bulkCopy = bulkCopy): Promise<void> {
  await load(connection, 'MergeLog', [
    { kind: 'string', value: (merge: MergeRecord & { index: number }) => `${merge.entityId}:${merge.index}` },
    { kind: 'string', value: (merge) => merge.entityId },
    { kind: 'string', value: (merge) => merge.kept },
    { kind: 'string', value: (merge) => merge.merged },
    { kind: 'string', value: (merge) => merge.reason },
  ], merges.map((merge, index) => ({ ...merge, index })));
}

/** True when the stored merge log holds exactly the rows `copyMergeLog` would write for `merges`. */
async function holdsMergeLog(connection: KuzuConnection, merges: MergeRecord[]): Promise<boolean> {
  const rowOf = (id: string, merge: MergeRecord) => JSON.stringify([id, merge.entityId, merge.kept, merge.merged, merge.reason]);
  const stored = await connection.run('MATCH (m:MergeLog) RETURN m.id AS id, m.entityId AS entityId, m.kept AS kept, m.merged AS merged, m.reason AS reason');
  if (stored.length !== merges.length) return false;
  const wanted = new Set(merges.map((merge, index) => rowOf(`${merge.entityId}:${index}`, merge)));
  return stored.every((row) => wanted.has(rowOf(String(row.id), { entityId: String(row.entityId), kept: String(row.kept), merged: String(row.merged), reason: row.reason as MergeRecord['reason'] })));
}

/** Member links a kept community lost, by community. */
async function deleteMemberships(connection: KuzuConnection, links: Array<{ entityId: string; communityId: string }>): Promise<void> {
  const lostBy = new Map<string, string[]>();
  for (const link of links) appendTo(lostBy, link.communityId, link.entityId);
  for (const [communityId, entityIds] of lostBy) {
    await connection.run('MATCH (e)-[m:MEMBER_OF]->(c:Community) WHERE c.id = $communityId AND e.id IN $entityIds DELETE m', { communityId, entityIds: entityIds as KuzuParameter });
  }
}

/** Member links of kept communities to entities they gained or that were inserted again. */
async function copyMemberships(connection: KuzuConnection, links: Array<{ entityId: string; communityId: string }>, typeOf: ReadonlyMap<string, string>): Promise<void> {
  const byType = new Map<string, Array<{ entityId: string; communityId: string }>>();
  for (const link of links) {
    const type = typeOf.get(link.entityId);
    if (type) appendTo(byType, type, link);
  }
  for (const [type, group] of byType) {
    await bulkCopy(connection, 'MEMBER_OF', [
      { kind: 'string', value: (link: { entityId: string }) => link.entityId },
      { kind: 'string', value: (link: { communityId: string }) => link.communityId },
    ], group, { from: type, to: 'Community' });
  }
}

/** Declared properties the extractor does not fill are loaded as typed NULLs. */
function nullColumns<Row>(properties: Array<{ type: string }>): Array<CopyColumn<Row>> {
  return properties.map((property) => ({ kind: `null ${property.type}` as const, value: () => null }));
}

/** Reads the whole entity layer back into memory for graph algorithms. */
export async function readEntityLayer(connection: KuzuConnection, schema: GraphSchema): Promise<GraphProjection> {
  const { entities, mentions } = await readEntityMentions(connection, schema);
  return { entities, relations: await readRelations(connection, schema), mentions };
}

/** The entity layer less its relations: every entity (by id) and mention, as `readEntityLayer` gives them. */
export async function readEntityMentions(connection: KuzuConnection, schema: GraphSchema): Promise<EntityMentionLayer> {
  const entities: Entity[] = [];
  for (const type of nodeTypeNames(schema)) {
    await connection.forEachRow(`MATCH (n:${type}) RETURN n.id AS id, n.name AS name, n.aliases AS aliases, n.description AS description, n.mentionCount AS mentionCount`, undefined, (row) => {
      entities.push(toEntity(row, type));
    });
  }
  // Each entity id and chunk id is held once, however many mentions repeat it.
  const shared = sharedStrings(entities.map((entity) => entity.id));
  const mentions: Mention[] = [];
  await connection.forEachRow('MATCH (c:Chunk)-[m:MENTIONS]->(e) RETURN c.id AS chunkId, e.id AS entityId, m.count AS count', undefined, (row) => {
    mentions.push({ chunkId: shared(String(row.chunkId)), entityId: shared(String(row.entityId)), count: Number(row.count) });
  });
  entities.sort((left, right) => left.id.localeCompare(right.id));
  return { entities, mentions };
}

/** The columns of a relation row, `a` and `r` its source and relation. */
const RELATION_RETURNS = `r.id AS id, a.id AS sourceId, b.id AS targetId, r.evidence AS evidence, r.chunkId AS chunkId, r.documentId AS documentId, r.startOffset AS startOffset, r.endOffset AS endOffset, r.weight AS weight, r.validFrom AS validFrom, r.validTo AS validTo${HISTORY_RETURNS}`;

/** Every relation of the entity layer, by id, as `readEntityLayer` gives them; with a selection, those of its ids or chunks only. */
export async function readRelations(connection: KuzuConnection, schema: GraphSchema, selection?: RelationSelection): Promise<Relation[]> {
  const filter = selection ? relationFilter(selection) : { where: '', parameters: {} };
  if (filter === null) return [];
  const relations: Relation[] = [];
  // Ends, chunks, documents and evidence sentences repeat across relations: each is held once.
  const shared = sharedStrings();
  await visitRelations(connection, schema, filter, (relation) => relations.push(shareRelationStrings(relation, shared)));
  return sortById(relations);
}

/**
 * The relations with an end among `entities`, by id: for each entity, a read through its adjacency
 * in each direction, the entity found by its node table's primary key, every relation table at once.
 * One entity a statement: Kuzu 0.11.3 scans the whole table for `a.id IN $ids` (tens of milliseconds
 * on a large layer) where an equality is an index lookup (a few), and with an unlabelled node
 * `(a) WHERE a.id IN $ids` it returned the relations of other nodes of other tables.
 */
export async function readRelationsTouching(connection: KuzuConnection, schema: GraphSchema, entities: ReadonlyArray<Pick<Entity, 'id' | 'type'>>): Promise<Relation[]> {
  // The relation tables as one pattern (`label(r) IN $list` matched the list's first name only).
  const tables = relationTables(schema).map((table) => table.name).join('|');
  const known = new Set(nodeTypeNames(schema));
  const idsOfType = new Map<string, Set<string>>();
  for (const { id, type } of entities) {
    if (!known.has(type)) continue;
    const ids = idsOfType.get(type);
    if (ids) ids.add(id);
    else idsOfType.set(type, new Set([id]));
  }
  const byId = new Map<string, Relation>();
  const keep = (row: KuzuRow) => {
    const relation = relationFromRow(row, String(row.type));
    byId.set(relation.id, relation);
  };
  // Per node type and direction: one entity is found by its table's primary key; several by one
  // statement with an id list, which scans the table (tens of milliseconds at 100k passages) but costs
  // no more than a lookup each from five entities on, and a third to a tenth of it from twenty
  // (measured on every node table of that corpus; a single lookup costs less than a scan).
  // The entity's side is labelled: an unlabelled `(a) WHERE a.id IN $ids` gave other tables' rows in Kuzu 0.11.3.
  for (const [type, ids] of idsOfType) {
    if (ids.size === 1) {
      const id = ids.values().next().value as string;
      for (const pattern of [`(a:${type} {id: $id})-[r:${tables}]->(b)`, `(a)-[r:${tables}]->(b:${type} {id: $id})`]) {
        await connection.forEachRow(`MATCH ${pattern} RETURN label(r) AS type, ${RELATION_RETURNS}`, { id }, keep);
      }
      continue;
    }
    for (const pattern of [`(a:${type})-[r:${tables}]->(b) WHERE a.id IN $ids`, `(a)-[r:${tables}]->(b:${type}) WHERE b.id IN $ids`]) {
      await connection.forEachRow(`MATCH ${pattern} RETURN label(r) AS type, ${RELATION_RETURNS}`, { ids: [...ids] }, keep);
    }
  }
  return sortById([...byId.values()]);
}

/** Hands every relation of the entity layer to `visit`, table by table, holding none. */
export async function visitRelations(connection: KuzuConnection, schema: GraphSchema, filter: { where: string; parameters: Record<string, KuzuParameter> }, visit: (relation: Relation) => void): Promise<void> {
  for (const table of relationTables(schema)) {
    await connection.forEachRow(`MATCH (a)-[r:${table.name}]->(b)${filter.where} RETURN ${RELATION_RETURNS}`, filter.parameters, (row) => visit(relationFromRow(row, table.name)));
  }
}

/** Every relation of the entity layer as the fields a summary of the layer reads, table by table, keeping none. */
export async function visitRelationEdges(connection: KuzuConnection, schema: GraphSchema, visit: (edge: RelationEdge) => void): Promise<void> {
  for (const table of relationTables(schema)) {
    await connection.forEachRow(`MATCH (a)-[r:${table.name}]->(b) RETURN ${RELATION_EDGE_RETURNS}`, undefined, (row) => visit(relationEdgeFromRow(row)));
  }
}

/** The WHERE clause and parameters of a relation selection (an empty list is left out: Kuzu cannot type it); null when it selects nothing. */
function relationFilter({ ids, chunkIds }: RelationSelection): { where: string; parameters: Record<string, KuzuParameter> } | null {
  const conditions: string[] = [];
  const parameters: Record<string, KuzuParameter> = {};
  if (ids.length > 0) {
    conditions.push('r.id IN $ids');
    parameters.ids = ids;
  }
  if (chunkIds.length > 0) {
    conditions.push('r.chunkId IN $chunkIds');
    parameters.chunkIds = chunkIds;
  }
  return conditions.length === 0 ? null : { where: ` WHERE ${conditions.join(' OR ')}`, parameters };
}

function toEntity(row: KuzuRow, type: string): Entity {
  return {
    id: String(row.id),
    type,
    name: String(row.name),
    aliases: (row.aliases as string[] | null) ?? [],
    description: String(row.description ?? ''),
    mentionCount: Number(row.mentionCount ?? 0),
  };
}

