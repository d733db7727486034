import { matchesStoredLayout, schemaLayoutHash } from '../schema-layout.js';
import { decodeChunkStructure, sectionOf } from '../chunk-structure-columns.js';
import type { ChunkExtraction, Community, Entity, MergeRecord, Relation, RelationEdge, RetractedFact } from '../../core/records.js';
import { nodeTypeNames, type GraphSchema } from '../../config/graph-schema.js';
import { RhizomeError } from '../../errors/rhizome-error.js';
import { assertReadOnlyCypher } from '../read-only-cypher.js';
import type { ChunkDocument, CountedNode, ChunkText, ChunkWithSource, DerivedFiles, EntityMentionLayer, RelationSelection, CypherLimits, GraphProjection, GraphStore, IndexWrite, RelationInvalidation, ScoredId, StoreCapabilities, StoreCounts, StoredChunk, StoredDocument, StoredVector, VectorKind, VectorState } from '../store.js';
import { Neo4jVectors } from './neo4j-vectors.js';
import { countStore } from '../count-store.js';
import { toFullTextQuery } from './full-text-query.js';
import { readCommunities, writeCommunities } from './neo4j-communities.js';
import { Neo4jConnection, type Neo4jRow } from './neo4j-connection.js';
import { writeCorpus } from './neo4j-corpus.js';
import { readRetractedFacts, writeRetractedFacts } from './neo4j-retracted-facts.js';
import { CHUNK_TEXT_INDEX, cypherName, ENTITY_LABEL, ENTITY_NAME_INDEX, relationTypeNames, SCHEMA_STATEMENTS } from './neo4j-ddl.js';
import { deleteEntityLayer, readEntityLayer, readEntityMentions, readRelationEdges, readRelations, readRelationsTouching, writeEntityLayer } from './neo4j-entity-layer.js';
import type { Neo4jSettings } from './neo4j-settings.js';

/** Bump when the stored layout changes shape: existing databases then rebuild their entity layer. */
const NEO4J_LAYOUT_VERSION = 1;
/** How long ensureSchema waits for new indexes to come online. */
const INDEX_WAIT_SECONDS = 300;

const CHUNK_COLUMNS = 'c.id AS id, c.documentId AS documentId, c.chunkIndex AS chunkIndex, c.text AS text, c.startOffset AS startOffset, c.endOffset AS endOffset, c.tokenCount AS tokenCount, c.kind AS kind, c.section AS section, c.page AS page';

/** A GraphStore on a Neo4j 5.13+ server (one workspace per database), with the same layout and results as the Kuzu store. */
export class Neo4jGraphStore implements GraphStore {
  readonly capabilities: StoreCapabilities = { fullTextSearch: true, vectorIndex: true, atomicWrites: true, readOnlyCypher: true, cypherDialect: 'neo4j' };
  private schema: GraphSchema | null = null;

  private readonly vectors: Neo4jVectors;

  private constructor(private readonly connection: Neo4jConnection) {
    this.vectors = new Neo4jVectors(connection, { get: (key) => this.getMeta(key), set: (key, value) => this.setMeta(key, value) });
  }

  /** Connects to the server the settings name; unreachable servers, refused credentials and old versions are RhizomeErrors. */
  static async open(settings: Neo4jSettings): Promise<Neo4jGraphStore> {
    return new Neo4jGraphStore(await Neo4jConnection.open(settings));
  }

  /** Where the store lives, for messages: URI, database and server version. */
  describe(): string {
    const { uri, database } = this.connection.settings;
    return `neo4j ${this.connection.serverVersion} (${uri}, database ${database ?? 'default'})`;
  }

  async ensureSchema(schema: GraphSchema): Promise<{ reset: boolean }> {
    for (const type of [...nodeTypeNames(schema), ...relationTypeNames(schema)]) cypherName(type);
    this.schema = schema;
    for (const statement of SCHEMA_STATEMENTS) await this.connection.run(statement);
    await this.connection.run('CALL db.awaitIndexes(toInteger($seconds))', { seconds: INDEX_WAIT_SECONDS });
    const schemaHash = schemaLayoutHash(NEO4J_LAYOUT_VERSION, schema);
    const storedHash = await this.getMeta('schemaHash');
    if (matchesStoredLayout(storedHash, NEO4J_LAYOUT_VERSION, schema)) {
      if (storedHash !== schemaHash) await this.setMeta('schemaHash', schemaHash);
      return { reset: false };
    }
    if (storedHash !== null) await this.connection.writeTransaction((runner) => deleteEntityLayer(runner));
    await this.setMeta('schemaHash', schemaHash);
    return { reset: storedHash !== null };
  }

  async listDocuments(): Promise<StoredDocument[]> {
    const rows = await this.read('MATCH (d:Document) RETURN d.id AS id, d.path AS path, d.format AS format, d.title AS title, d.date AS date, d.language AS language, d.contentHash AS contentHash, d.byteSize AS byteSize, d.recordedAt AS recordedAt ORDER BY d.path');
    return rows.map((row) => ({
      id: String(row.id),
      path: String(row.path),
      format: row.format as StoredDocument['format'],
      title: String(row.title),
      date: (row.date as string | null) ?? null,
      language: row.language as StoredDocument['language'],
      contentHash: String(row.contentHash),
      byteSize: Number(row.byteSize),
      ...(row.recordedAt ? { recordedAt: String(row.recordedAt) } : {}),
    }));
  }

  async listChunkDocuments(): Promise<ChunkDocument[]> {
    const rows = await this.read('MATCH (c:Chunk) RETURN c.id AS id, c.documentId AS documentId, c.section AS section ORDER BY c.id');
    return rows.map((row) => ({ id: String(row.id), documentId: String(row.documentId), ...sectionOf(row.section) }));
  }

  async listChunkTexts(): Promise<ChunkText[]> {
    const rows = await this.read('MATCH (c:Chunk) RETURN c.id AS id, c.documentId AS documentId, c.startOffset AS start, c.text AS text ORDER BY c.documentId, c.chunkIndex');
    return rows.map((row) => ({ id: String(row.id), documentId: String(row.documentId), start: Number(row.start), text: String(row.text) }));
  }

  async listChunks(): Promise<StoredChunk[]> {
    const rows = await this.read(`MATCH (c:Chunk) RETURN ${CHUNK_COLUMNS}, c.extraction AS extraction, c.extractionKey AS extractionKey ORDER BY c.documentId, c.chunkIndex`);
    return rows.map((row) => ({
      ...toChunk(row),
      extraction: row.extraction ? (JSON.parse(String(row.extraction)) as ChunkExtraction) : null,
      extractionKey: String(row.extractionKey ?? ''),
    }));
  }

  async writeIndex(write: IndexWrite, options: { signal?: AbortSignal } = {}): Promise<void> {
    const schema = this.requireSchema();
    await this.connection.writeTransaction(async (runner) => {
      await deleteEntityLayer(runner);
      await writeRetractedFacts(runner, write);
      await writeCorpus(runner, write);
      await writeEntityLayer(runner, schema, write.graph, write.merges);
      await writeCommunities(runner, write.communities, write.graph.entities);
    }, options.signal);
  }

  async searchChunks(query: string, limit: number): Promise<ScoredId[]> {
    return this.searchFullText(CHUNK_TEXT_INDEX, query, limit);
  }

  async searchEntities(query: string, limit: number): Promise<ScoredId[]> {
    return this.searchFullText(ENTITY_NAME_INDEX, query, limit);
  }

  async getChunks(ids: string[]): Promise<ChunkWithSource[]> {
    if (ids.length === 0) return [];
    const rows = await this.read(`MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk) WHERE c.id IN $ids RETURN ${CHUNK_COLUMNS}, d.path AS path, d.title AS title, d.date AS date`, { ids });
    const byId = new Map(rows.map((row) => [String(row.id), { ...toChunk(row), documentPath: String(row.path), documentTitle: String(row.title), documentDate: (row.date as string | null) ?? null }]));
    return ids.flatMap((id) => {
      const chunk = byId.get(id);
      return chunk ? [chunk] : [];
    });
  }

  async loadProjection(): Promise<GraphProjection> {
    return readEntityLayer(this.connection, this.requireSchema());
  }

  async loadEntityMentions(): Promise<EntityMentionLayer> {
    return readEntityMentions(this.connection);
  }

  async listRelations(): Promise<Relation[]> {
    return readRelations(this.connection, this.requireSchema());
  }

  async findRelations(selection: RelationSelection): Promise<Relation[]> {
    return readRelations(this.connection, this.requireSchema(), selection);
  }

  async relationsTouching(entities: Array<Pick<Entity, 'id' | 'type'>>): Promise<Relation[]> {
    return readRelationsTouching(this.connection, this.requireSchema(), entities.map((entity) => entity.id));
  }

  async forEachRelation(visit: (relation: Relation) => void): Promise<void> {
    for (const relation of await readRelations(this.connection, this.requireSchema())) visit(relation);
  }

  async forEachRelationEdge(visit: (edge: RelationEdge) => void): Promise<void> {
    for (const edge of await readRelationEdges(this.connection, this.requireSchema())) visit(edge);
  }

  async listRetractedFacts(): Promise<RetractedFact[]> {
    return readRetractedFacts(this.connection);
  }

  async listMerges(): Promise<MergeRecord[]> {
    const rows = await this.read('MATCH (m:MergeLog) RETURN m.entityId AS entityId, m.kept AS kept, m.merged AS merged, m.reason AS reason ORDER BY m.id');
    return rows.map((row) => ({ entityId: String(row.entityId), kept: String(row.kept), merged: String(row.merged), reason: row.reason as MergeRecord['reason'] }));
  }

  async listCommunities(): Promise<Community[]> {
    return readCommunities(this.connection);
  }

  async runReadOnlyCypher(query: string, parameters: Record<string, unknown>, limits: CypherLimits): Promise<Neo4jRow[]> {
    assertReadOnlyCypher(query);
    return this.connection.runReadOnly(query, parameters, limits);
  }

  async counts(): Promise<StoreCounts> {
    const schema = this.requireSchema();
    return countStore({
      count: async (statement) => Number((await this.read(statement))[0]?.total ?? 0),
      entityQueries: nodeTypeNames(schema).map((type) => [type, `MATCH (n:${ENTITY_LABEL}:${cypherName(type)}) RETURN count(n) AS total`]),
      relationQueries: relationTypeNames(schema).map((type) => [type, `MATCH (:${ENTITY_LABEL})-[r:${cypherName(type)}]->(:${ENTITY_LABEL}) RETURN count(r) AS total`]),
      mentionsQuery: 'MATCH (:Chunk)-[m:MENTIONS]->() RETURN count(m) AS total',
    });
  }


  async countNodes(label: CountedNode): Promise<number> {
    return Number((await this.read(`MATCH (n:${label}) RETURN count(n) AS total`))[0]?.total ?? 0);
  }

  /** None: a Neo4j server is shared by processes this store does not see write (and queries there push their work into Cypher). */
  async derivedFiles(): Promise<DerivedFiles | null> {
    return null;
  }

  async writeVectors(kind: VectorKind, vectors: StoredVector[], model: string, keepIds: string[]): Promise<void> {
    await this.vectors.write(kind, vectors, model, keepIds);
  }

  async searchVectors(kind: VectorKind, vector: number[], limit: number): Promise<ScoredId[]> {
    return this.vectors.search(kind, vector, limit);
  }

  async vectorState(): Promise<VectorState> {
    return this.vectors.state();
  }

  async getMeta(key: string): Promise<string | null> {
    const rows = await this.read('MATCH (m:Meta {key: $key}) RETURN m.value AS value', { key });
    return rows.length > 0 ? String(rows[0]?.value) : null;
  }

  async invalidateRelations(invalidations: RelationInvalidation[]): Promise<string[]> {
    if (invalidations.length === 0) return [];
    const rows = await this.connection.run(
      `UNWIND $rows AS row MATCH (:${ENTITY_LABEL})-[r {id: row.relationId}]->(:${ENTITY_LABEL})
SET r.validTo = row.validTo, r.invalidatedAt = row.invalidatedAt, r.invalidationReason = row.reason RETURN DISTINCT r.id AS id`,
      { rows: invalidations.map((invalidation) => ({ ...invalidation })) },
    );
    return rows.map((row) => String(row.id));
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.connection.run('MERGE (m:Meta {key: $key}) SET m.value = $value', { key, value });
  }

  async close(): Promise<void> {
    await this.connection.close();
  }

  private read(statement: string, parameters: Record<string, unknown> = {}): Promise<Neo4jRow[]> {
    return this.connection.run(statement, parameters, 'read');
  }

  private async searchFullText(index: string, query: string, limit: number): Promise<ScoredId[]> {
    const terms = toFullTextQuery(query);
    if (!terms) return [];
    const rows = await this.read(
      'CALL db.index.fulltext.queryNodes($index, $terms, {limit: toInteger($limit)}) YIELD node, score RETURN node.id AS id, score ORDER BY score DESC, id',
      { index, terms, limit: Math.max(1, Math.floor(limit)) },
    );
    return rows.map((row) => ({ id: String(row.id), score: Number(row.score) }));
  }

  private requireSchema(): GraphSchema {
    if (!this.schema) throw new RhizomeError('INTERNAL', 'ensureSchema must be called before using the store');
    return this.schema;
  }
}

function toChunk(row: Neo4jRow) {
  return {
    id: String(row.id),
    documentId: String(row.documentId),
    index: Number(row.chunkIndex),
    text: String(row.text),
    start: Number(row.startOffset),
    end: Number(row.endOffset),
    tokenCount: Number(row.tokenCount),
    ...decodeChunkStructure(row.kind, row.section, row.page),
  };
}
