import { RELATION_EDGE_RETURNS, relationEdgeFromRow, relationFromRow, relationHistoryValues } from '../row-records.js';
import { RELATION_HISTORY_FIELDS } from '../../core/records.js';
import { groupBy } from '../../core/group-by.js';
import type { Entity, MergeRecord, Relation, RelationEdge } from '../../core/records.js';
import { nodeTypeNames, type GraphSchema } from '../../config/graph-schema.js';
import { RhizomeError } from '../../errors/rhizome-error.js';
import type { EntityMentionLayer, GraphProjection, RelationSelection } from '../store.js';
import { writeInBatches } from './neo4j-batch-write.js';
import type { Neo4jConnection, Neo4jRow, StatementRunner } from './neo4j-connection.js';
import { allowedEndpoints, cypherName, ENTITY_LABEL, relationTypeNames } from './neo4j-ddl.js';
import { primaryLabel } from './neo4j-values.js';

const HISTORY_PROPERTIES = RELATION_HISTORY_FIELDS.map((field) => `, ${field}: row.${field}`).join('');
const HISTORY_RETURNS = RELATION_HISTORY_FIELDS.map((field) => `, r.${field} AS ${field}`).join('');

/** Deletes every entity (with its relations, mentions and memberships), community and merge record, inside the caller's transaction. */
export async function deleteEntityLayer(runner: StatementRunner): Promise<void> {
  await runner.run(`MATCH (n:${ENTITY_LABEL}) DETACH DELETE n`);
  await runner.run('MATCH (c:Community) DETACH DELETE c');
  await runner.run('MATCH (m:MergeLog) DELETE m');
}

/** Rejects relations of unknown types or between types their edge type does not allow (as Kuzu's typed tables do). */
function checkRelations(schema: GraphSchema, typeOf: Map<string, string>, relations: Relation[]): void {
  const allowed = allowedEndpoints(schema);
  for (const relation of relations) {
    const pairs = allowed.get(relation.type);
    const source = typeOf.get(relation.sourceId);
    const target = typeOf.get(relation.targetId);
    const reject = (reason: string) => {
      throw new RhizomeError('STORE_FAILED', `Neo4j write of relations failed: relation ${relation.id} (${relation.type}) ${reason}; nothing was written`, { details: { relation: relation.id } });
    };
    if (!pairs) reject('has a type the schema does not declare');
    if (!source || !target) reject(`names an entity that is not in the write (${source ? relation.targetId : relation.sourceId})`);
    if (pairs !== 'any' && !pairs?.has(`${source}>${target}`)) reject(`links ${source} to ${target}, which its edge type does not allow`);
  }
}

/** Bulk-loads a resolved entity layer with batched UNWIND writes: nodes by type, relations by type, mentions, merges. */
export async function writeEntityLayer(runner: StatementRunner, schema: GraphSchema, graph: GraphProjection, merges: MergeRecord[]): Promise<void> {
  const types = new Set(nodeTypeNames(schema));
  const unknown = graph.entities.find((entity) => !types.has(entity.type));
  if (unknown) throw new RhizomeError('STORE_FAILED', `Neo4j write of entities failed: entity ${unknown.id} has type "${unknown.type}", which the schema does not declare; nothing was written`);
  const typeOf = new Map(graph.entities.map((entity) => [entity.id, entity.type]));
  checkRelations(schema, typeOf, graph.relations);

  for (const [type, entities] of groupBy(graph.entities, (entity) => entity.type)) {
    await writeInBatches(
      runner,
      `UNWIND $rows AS row CREATE (n:${ENTITY_LABEL}:${cypherName(type)} {id: row.id, name: row.name, aliases: row.aliases, aliasText: row.aliasText, description: row.description, mentionCount: toInteger(row.mentionCount)}) RETURN count(*) AS written`,
      entities.map((entity) => ({ id: entity.id, name: entity.name, aliases: entity.aliases, aliasText: [entity.name, ...entity.aliases].join(' | '), description: entity.description, mentionCount: entity.mentionCount })),
      `${type} entities`,
    );
  }
  for (const [type, relations] of groupBy(graph.relations, (relation) => relation.type)) {
    await writeInBatches(
      runner,
      `UNWIND $rows AS row MATCH (a:${ENTITY_LABEL} {id: row.sourceId}) MATCH (b:${ENTITY_LABEL} {id: row.targetId})
CREATE (a)-[:${cypherName(type)} {id: row.id, evidence: row.evidence, chunkId: row.chunkId, documentId: row.documentId, startOffset: toInteger(row.start),
  endOffset: toInteger(row.end), weight: toFloat(row.weight), validFrom: row.validFrom, validTo: row.validTo${HISTORY_PROPERTIES}}]->(b) RETURN count(*) AS written`,
      relations.map((relation) => ({ ...relation, ...relationHistoryValues(relation) })),
      `${type} relations`,
    );
  }
  await writeInBatches(
    runner,
    `UNWIND $rows AS row MATCH (c:Chunk {id: row.chunkId}) MATCH (e:${ENTITY_LABEL} {id: row.entityId}) CREATE (c)-[:MENTIONS {count: toInteger(row.count)}]->(e) RETURN count(*) AS written`,
    graph.mentions.filter((mention) => typeOf.has(mention.entityId)).map((mention) => ({ ...mention })),
    'mentions',
  );
  await writeInBatches(
    runner,
    'UNWIND $rows AS row CREATE (:MergeLog {id: row.id, entityId: row.entityId, kept: row.kept, merged: row.merged, reason: row.reason}) RETURN count(*) AS written',
    merges.map((merge, index) => ({ ...merge, id: `${merge.entityId}:${index}` })),
    'merge records',
  );
}

/** Reads the whole entity layer back into memory for graph algorithms, in Kuzu's order (entities and relations by id). */
export async function readEntityLayer(connection: Neo4jConnection, schema: GraphSchema): Promise<GraphProjection> {
  const { entities, mentions } = await readEntityMentions(connection);
  return { entities, relations: await readRelations(connection, schema), mentions };
}

/** The entity layer less its relations: every entity (by id) and mention (by chunk, then entity), as `readEntityLayer` gives them. */
export async function readEntityMentions(connection: Neo4jConnection): Promise<EntityMentionLayer> {
  const entityRows = await connection.run(
    `MATCH (n:${ENTITY_LABEL}) RETURN n.id AS id, labels(n) AS labels, n.name AS name, n.aliases AS aliases, n.description AS description, n.mentionCount AS mentionCount`,
    {},
    'read',
  );
  const mentionRows = await connection.run(`MATCH (c:Chunk)-[m:MENTIONS]->(e:${ENTITY_LABEL}) RETURN c.id AS chunkId, e.id AS entityId, m.count AS count ORDER BY chunkId, entityId`, {}, 'read');
  const entities = entityRows.map(toEntity).sort((left, right) => left.id.localeCompare(right.id));
  const mentions = mentionRows.map((row) => ({ chunkId: String(row.chunkId), entityId: String(row.entityId), count: Number(row.count) }));
  return { entities, mentions };
}

/** Every relation of the entity layer, by id, as `readEntityLayer` gives them; with a selection, those of its ids or chunks only. */
export async function readRelations(connection: Neo4jConnection, schema: GraphSchema, selection?: RelationSelection): Promise<Relation[]> {
  const selected = selection ? ' AND (r.id IN $ids OR r.chunkId IN $chunkIds)' : '';
  const relationRows = await connection.run(
    `MATCH (a:${ENTITY_LABEL})-[r]->(b:${ENTITY_LABEL}) WHERE type(r) IN $types${selected}
RETURN r.id AS id, type(r) AS type, a.id AS sourceId, b.id AS targetId, r.evidence AS evidence, r.chunkId AS chunkId, r.documentId AS documentId,
  r.startOffset AS startOffset, r.endOffset AS endOffset, r.weight AS weight, r.validFrom AS validFrom, r.validTo AS validTo${HISTORY_RETURNS}`,
    { types: relationTypeNames(schema), ...(selection ? { ids: selection.ids, chunkIds: selection.chunkIds } : {}) },
    'read',
  );
  return relationRows.map((row) => relationFromRow(row, String(row.type))).sort((left, right) => left.id.localeCompare(right.id));
}

/** Every relation of the entity layer as the fields a summary of the layer reads. */
export async function readRelationEdges(connection: Neo4jConnection, schema: GraphSchema): Promise<RelationEdge[]> {
  const rows = await connection.run(`MATCH (a:${ENTITY_LABEL})-[r]->(b:${ENTITY_LABEL}) WHERE type(r) IN $types RETURN ${RELATION_EDGE_RETURNS}`, { types: relationTypeNames(schema) }, 'read');
  return rows.map(relationEdgeFromRow);
}

/** The relations with an end among `entityIds`, by id: a read of those entities' neighbourhoods (found through the entity id constraint's index). */
export async function readRelationsTouching(connection: Neo4jConnection, schema: GraphSchema, entityIds: readonly string[]): Promise<Relation[]> {
  if (entityIds.length === 0) return [];
  const rows = await connection.run(
    `MATCH (e:${ENTITY_LABEL}) WHERE e.id IN $ids MATCH (e)-[r]-(:${ENTITY_LABEL}) WHERE type(r) IN $types
WITH DISTINCT r WITH r, startNode(r) AS a, endNode(r) AS b
RETURN r.id AS id, type(r) AS type, a.id AS sourceId, b.id AS targetId, r.evidence AS evidence, r.chunkId AS chunkId, r.documentId AS documentId,
  r.startOffset AS startOffset, r.endOffset AS endOffset, r.weight AS weight, r.validFrom AS validFrom, r.validTo AS validTo${HISTORY_RETURNS}`,
    { ids: [...entityIds], types: relationTypeNames(schema) },
    'read',
  );
  return rows.map((row) => relationFromRow(row, String(row.type))).sort((left, right) => left.id.localeCompare(right.id));
}

function toEntity(row: Neo4jRow): Entity {
  return {
    id: String(row.id),
    type: primaryLabel(row.labels as string[]),
    name: String(row.name),
    aliases: (row.aliases as string[] | null) ?? [],
    description: String(row.description ?? ''),
    mentionCount: Number(row.mentionCount ?? 0),
  };
}

