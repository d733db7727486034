import path from 'node:path';
import { matchesStoredLayout, schemaLayoutHash } from '../schema-layout.js';
import type { ChunkExtraction, Entity, MergeRecord, Relation, RelationEdge, RetractedFact } from '../../core/records.js';
import { nodeTypeNames, type GraphSchema } from '../../config/graph-schema.js';
import { RhizomeError } from '../../errors/rhizome-error.js';
import type { ChunkDocument, CountedNode, ChunkText, ChunkWithSource, DerivedFiles, EntityMentionLayer, RelationSelection, CypherLimits, GraphProjection, GraphStore, IndexWrite, RelationInvalidation, ScoredId, StoreCapabilities, StoreCounts, StoredChunk, StoredDocument, StoredLayer, StoredVector, VectorKind, VectorState } from '../store.js';
import { FULL_TEXT_TOKENIZER, fullTextColumnsOf, KuzuFullTextIndexes, refreshSearchColumns } from './kuzu-fts-indexes.js';
import { beginGuardedWrite, endGuardedWrite, restoreGuardedCopy, restoreInterruptedWrite } from './kuzu-write-guard.js';
import { KuzuVectors } from './kuzu-vectors.js';
import { assertReadOnlyCypher } from '../read-only-cypher.js';
import { validateIndexWrite } from '../validate-write.js';
import { countStore } from '../count-store.js';
import { KuzuConnection, type KuzuParameter, type KuzuRow } from './kuzu-connection.js';
import { CHUNK_STRUCTURE_COLUMNS, CORPUS_DDL, DOCUMENT_HISTORY_COLUMNS, entityLayerDdl, relationTables } from './kuzu-ddl.js';
import { decodeChunkStructure, sectionOf } from '../chunk-structure-columns.js';
import { applyEntityLayerDiff, deleteEntityLayer, readEntityLayer, readEntityMentions, readRelations, readRelationsTouching, visitRelationEdges, visitRelations, writeEntityLayer } from './kuzu-entity-layer.js';
import { diffEntityLayer, layerSize, type EntityLayerDiff } from '../entity-layer-diff.js';
import { readCommunities, writeCommunities } from './kuzu-communities.js';
import { derivedFilesIn, LAYER_VERSION_KEY, newLayerVersion } from './kuzu-derived-files.js';
import { writeCorpus } from './kuzu-corpus.js';
import { stageCopies, withLoggedInserts } from './kuzu-bulk-copy.js';
import { Held } from '../../core/held.js';
import { releaseStageGarbage } from '../../indexing/collect-garbage.js';
import { decodeDeflatedJson } from './deflated-json-column.js';
import { readRetractedFacts, writeRetractedFacts } from './kuzu-retracted-facts.js';
import { toFullTextQuery } from './full-text-query.js';
import { bufferPoolForWrite, resolveBufferPoolMb, type BufferPoolSetting } from './buffer-pool-size.js';
import { estimateWriteSize } from './write-size.js';
import { NEEDS_REINDEX_AFTER_FAILED_WRITE } from '../store.js';
import { LayerReadLedger } from '../layer-read-ledger.js';
import { storedFormOf } from './kuzu-stored-form.js';
import { WrittenChunks } from './written-chunks.js';

/** Options of the embedded Kuzu store. */
export interface KuzuStoreOptions {
  /** The workspace folder; the database lives in `<workspace>/graph.kuzu`. */
  workspace: string;
  readOnly?: boolean;
  /** MiB, 0 for Kuzu's default, or `auto` (see resolveBufferPoolMb); default `auto`. */
  bufferPoolMb?: BufferPoolSetting;
}

/** A write that changes at most this share of the entity layer's records writes only the difference (see `smallDiff`). */
const INCREMENTAL_WRITE_SHARE = 0.2;

/** Bump when the generated tables change shape: existing workspaces then rebuild their entity layer. */
const KUZU_LAYOUT_VERSION = 4;
/**
 * The largest entity layer (entities, relations and mentions) the store keeps in memory after a write
 * so that the next run in the same process need not read it back. A larger one is read again: a copy
 * of it would add its size to the peak memory of a large index (about a million relations at 100k
 * passages), where the read it saves is a small part of the run.
 */
const REMEMBERED_LAYER_MAX_RECORDS = 250_000;

/** The default GraphStore: an embedded Kuzu database in the workspace folder. */
export class KuzuGraphStore implements GraphStore {
  readonly capabilities: StoreCapabilities = { fullTextSearch: true, vectorIndex: true, atomicWrites: true, readOnlyCypher: true, cypherDialect: 'kuzu' };
  private schema: GraphSchema | null = null;
  /** A cancelled write left the full-text indexes dropped: they are rebuilt before the next search (or on the next open). */
  private indexesMissing = false;
  /**
   * The schema layout ensureSchema last brought the database to, while nothing this store did since
   * can have undone any of it (only a whole rewrite or a failed write could): ensuring the same
   * layout again then skips its dozen statements (each index run of a process begins with it).
   */
  private ensuredLayout: string | null = null;
  /** Layer reads handed out since the last layer write, which a write may compare with (IndexWrite.storedLayer). */
  private readonly layerReads = new LayerReadLedger();
  /** The stored chunks, followed through this store's writes once read whole (see readStoredChunks). */
  private readonly writtenChunks = new WrittenChunks();

  /** The buffer pool the database opened with, in MiB; a large write may use a smaller one for its duration. */
  private readonly openPoolMb: number;
  private readonly vectors: KuzuVectors;
  private readonly fullText: KuzuFullTextIndexes;

  private constructor(
    private readonly connection: KuzuConnection,
    private readonly bufferPool: BufferPoolSetting,
  ) {
    this.openPoolMb = connection.bufferPoolMb;
    this.fullText = new KuzuFullTextIndexes(connection);
    this.vectors = new KuzuVectors(connection, { get: (key) => this.getMeta(key), set: (key, value) => this.setMeta(key, value) });
  }

  /** Opens the workspace database; WORKSPACE_LOCKED when another process holds it. */
  static async open(options: KuzuStoreOptions): Promise<KuzuGraphStore> {
    const databasePath = path.join(options.workspace, 'graph.kuzu');
    if (!(options.readOnly ?? false)) restoreInterruptedWrite(databasePath);
    const bufferPool = options.bufferPoolMb ?? 'auto';
    const connection = await KuzuConnection.open(databasePath, { readOnly: options.readOnly ?? false, bufferPoolMb: resolveBufferPoolMb(bufferPool) });
    return new KuzuGraphStore(connection, bufferPool);
  }

  async ensureSchema(schema: GraphSchema): Promise<{ reset: boolean }> {
    this.schema = schema;
    const layoutHash = schemaLayoutHash(KUZU_LAYOUT_VERSION, schema);
    if (this.ensuredLayout === layoutHash && !this.indexesMissing) return { reset: false };
    this.ensuredLayout = null;
    const existing = new Set((await this.connection.run('CALL show_tables() RETURN name')).map((row) => String(row.name)));
    for (const statement of CORPUS_DDL) await this.connection.run(statement);
    await this.addChunkStructureColumns();
    const schemaHash = layoutHash;
    const storedHash = existing.has('Meta') ? await this.getMeta('schemaHash') : null;
    let reset = false;
    // The same schema as stored leaves the layer and chunks as they are: reads of them (and what was written last) stay current.
    const changed = storedHash !== schemaHash;
    if (changed) {
      this.layerReads.invalidate();
      this.writtenChunks.forget();
      await this.beginLayerChange();
    }
    if (matchesStoredLayout(storedHash, KUZU_LAYOUT_VERSION, schema)) {
      if (storedHash !== schemaHash) await this.setMeta('schemaHash', schemaHash);
    } else {
      const previous = JSON.parse((await this.getMeta('entityTables')) ?? '{"nodes":[],"relations":[]}') as { nodes: string[]; relations: string[] };
      const next = { nodes: [...nodeTypeNames(schema), 'Community'], relations: [...relationTables(schema).map((table) => table.name), 'MENTIONS', 'MEMBER_OF'] };
      // Recorded before any change, so that a migration interrupted half-way is redone on the next open.
      await this.setMeta('schemaHash', '');
      await this.setMeta('entityTables', JSON.stringify({ nodes: [...new Set([...previous.nodes, ...next.nodes])], relations: [...new Set([...previous.relations, ...next.relations])] }));
      await this.dropEntityIndexes(previous.nodes.filter((name) => existing.has(name)));
      for (const name of [...previous.relations, ...previous.nodes]) if (existing.has(name)) await this.connection.run(`DROP TABLE ${name}`);
      reset = previous.nodes.length > 0;
      for (const statement of entityLayerDdl(schema)) await this.connection.run(statement);
      await this.setMeta('entityTables', JSON.stringify(next));
      await this.setMeta('schemaHash', schemaHash);
    }
    await this.createIndexes(true);
    if (changed) await this.endLayerChange();
    this.ensuredLayout = layoutHash;
    return { reset };
  }

  /** Adds the chunk columns a workspace made before them lacks; its chunks read back as prose without section. */
  private async addChunkStructureColumns(): Promise<void> {
    const columns = new Set((await this.connection.run("CALL table_info('Chunk') RETURN name")).map((row) => String(row.name)));
    for (const column of CHUNK_STRUCTURE_COLUMNS) if (!columns.has(column.name)) await this.connection.run(column.add);
    const documentColumns = new Set((await this.connection.run("CALL table_info('Document') RETURN name")).map((row) => String(row.name)));
    for (const column of DOCUMENT_HISTORY_COLUMNS) if (!documentColumns.has(column.name)) await this.connection.run(column.add);
  }

  async listDocuments(): Promise<StoredDocument[]> {
    const rows = await this.connection.run('MATCH (d:Document) RETURN d.id AS id, d.path AS path, d.format AS format, d.title AS title, d.date AS date, d.language AS language, d.contentHash AS contentHash, d.byteSize AS byteSize, d.recordedAt AS recordedAt ORDER BY d.path');
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
    const rows = await this.connection.run('MATCH (c:Chunk) RETURN c.id AS id, c.documentId AS documentId, c.section AS section ORDER BY c.id');
    return rows.map((row) => ({ id: String(row.id), documentId: String(row.documentId), ...sectionOf(row.section) }));
  }

  async listChunks(): Promise<StoredChunk[]> {
    const rows = await this.connection.run('MATCH (c:Chunk) RETURN c.* ORDER BY c.documentId, c.chunkIndex');
    return rows.map((row) => ({
      ...toChunk(row, 'c.'),
      extraction: decodeDeflatedJson<ChunkExtraction>(row['c.extraction']),
      extractionKey: String(row['c.extractionKey'] ?? ''),
    }));
  }

  async listChunkTexts(): Promise<ChunkText[]> {
    const rows = await this.connection.run('MATCH (c:Chunk) RETURN c.id AS id, c.documentId AS documentId, c.startOffset AS start, c.text AS text ORDER BY c.documentId, c.chunkIndex');
    return rows.map((row) => ({ id: String(row.id), documentId: String(row.documentId), start: Number(row.start), text: String(row.text) }));
  }

  /** The chunks as this store followed them through its writes when it knows them, else read (and followed from then on). */
  async readStoredChunks(): Promise<StoredChunk[]> {
    const known = this.writtenChunks.current();
    if (known) return known;
    const chunks = await this.listChunks();
    this.writtenChunks.rememberRead(chunks);
    return chunks;
  }

  writeIndex(write: IndexWrite, options: { signal?: AbortSignal } = {}): Promise<void> {
    // Not async, and the write handed on held: a whole rewrite of a large layer lets go of it once its
    // rows are staged (see rewriteWhole), and a parameter of an async method would keep it to the end.
    return this.writeHeld(new Held(write), options);
  }

  private async writeHeld(held: Held<IndexWrite>, options: { signal?: AbortSignal }): Promise<void> {
    const schema = this.requireSchema();
    const stored = await this.connection.run('MATCH (c:Chunk) RETURN c.id AS id, c.documentId AS documentId');
    validateHeldWrite(held, stored);
    if (options.signal?.aborted === true) throw new RhizomeError('ABORTED', 'the write was cancelled before it started', { cause: options.signal.reason });
    const diff = await this.smallDiff(held, stored.map((row) => ({ id: String(row.id), documentId: String(row.documentId) })));
    // A difference is one transaction that leaves the full-text indexes in place: Kuzu's log undoes it
    // whole if the process dies. Only a rewrite, which rebuilds those indexes in steps committed on
    // their own, needs the copy of the database (see kuzu-write-guard).
    // A rewrite drops the full-text indexes: the layout counts as ensured again once they are rebuilt.
    const ensuredLayout = this.ensuredLayout;
    await this.beginLayerChange();
    if (!diff) {
      this.ensuredLayout = null;
      await beginGuardedWrite(this.connection);
    }
    let written = false;
    let restored = false;
    const rememberable = layerRecordsOf(held) <= REMEMBERED_LAYER_MAX_RECORDS;
    // The layer to remember (see below), when made while the difference commits.
    let rememberedForm: StoredLayer | null = null;
    try {
      if (diff) {
        const change = diff;
        await this.connection.transaction(async () => {
          // Logged row by row, so that the COMMIT need not checkpoint the whole database (see withLoggedInserts).
          await withLoggedInserts(this.connection, async () => {
            await writeRetractedFacts(this.connection, held.value);
            await writeCorpus(this.connection, held.value);
            await applyEntityLayerDiff(this.connection, schema, change, held.value.graph, held.value.merges);
          });
        }, 'write', options.signal, () => {
          // Made while Kuzu commits (tens of milliseconds on the bench's first change), not after.
          if (rememberable) rememberedForm = storedFormOf(schema, { graph: held.value.graph, communities: held.value.communities });
        });
      } else {
        // A layer too large to remember is let go of once staged: neither it nor its chunks are followed after the write.
        await this.rewriteWhole(held, schema, { releaseStaged: !rememberable, ...(options.signal ? { signal: options.signal } : {}) }, () => {
          restored = true;
        });
      }
      written = true;
    } catch (error) {
      this.ensuredLayout = null;
      // A whole rewrite that failed was undone from the guard's copy (see rewriteWhole). A diff's
      // transaction was rolled back, but Kuzu 0.11.3 can lose relations it had when a transaction that
      // re-loaded them with COPY rolls back: data problems are caught by validation before this point;
      // for any other failure the entity layer is marked for rebuilding (from the stored extractions).
      // The full-text indexes are not rebuilt after a failure: after one for lack of memory that would
      // fail too (leaving a half-built index) and hide this error; the next search or open builds them.
      if (!restored) await this.setMeta('needsReindex', NEEDS_REINDEX_AFTER_FAILED_WRITE).catch(() => undefined);
      if (error instanceof RhizomeError && error.code === 'ABORTED') throw error;
      throw new RhizomeError('STORE_FAILED', `writing the index failed (${(error as Error).message}); documents and cached extractions are kept — run \`rhizome index\` again to rebuild the graph`, { cause: error });
    } finally {
      this.layerReads.invalidate();
      // Left unversioned when the write failed: nothing derived is read until the next one (a layer put back from the guard's copy has its version back).
      if (written) await this.endLayerChange().catch(() => undefined);
      if (written && held.isHeld) {
        if (rememberable) this.layerReads.remember(rememberedForm ?? storedFormOf(schema, { graph: held.value.graph, communities: held.value.communities }));
        this.writtenChunks.followWrite(held.value);
      } else {
        this.writtenChunks.forget();
      }
      held.release();
      // Rebuilding the indexes takes seconds on a large corpus: a cancelled or failed write leaves it to the next search or open.
      try {
        if (diff) this.indexesMissing = !written;
        else if (written && !isAborted(options.signal)) {
          await this.createIndexes();
          this.ensuredLayout = ensuredLayout;
        } else this.indexesMissing = true;
      } finally {
        if (!diff) endGuardedWrite(this.connection);
        await this.restoreOpenPool();
      }
    }
  }

  async searchChunks(query: string, limit: number): Promise<ScoredId[]> {
    await this.restoreMissingIndexes();
    const terms = toFullTextQuery(query);
    if (!terms) return [];
    const rows = await this.connection.run(`CALL QUERY_FTS_INDEX('Chunk', '${this.fullText.nameOf('Chunk')}', $query, top := $limit) RETURN node.id AS id, score ORDER BY score DESC, id`, { query: terms, limit });
    return rows.map((row) => ({ id: String(row.id), score: Number(row.score) }));
  }

  async searchEntities(query: string, limit: number): Promise<ScoredId[]> {
    await this.restoreMissingIndexes();
    const terms = toFullTextQuery(query);
    if (!terms) return [];
    const results: ScoredId[] = [];
    for (const type of nodeTypeNames(this.requireSchema())) {
      const rows = await this.connection.run(`CALL QUERY_FTS_INDEX('${type}', '${this.fullText.nameOf(type)}', $query, top := $limit) RETURN node.id AS id, score`, { query: terms, limit });
      results.push(...rows.map((row) => ({ id: String(row.id), score: Number(row.score) })));
    }
    return results.sort((left, right) => right.score - left.score || left.id.localeCompare(right.id)).slice(0, limit);
  }

  async getChunks(ids: string[]): Promise<ChunkWithSource[]> {
    if (ids.length === 0) return [];
    const rows = await this.connection.run(
      'MATCH (c:Chunk) WHERE c.id IN $ids MATCH (d:Document) WHERE d.id = c.documentId RETURN c.id AS `c.id`, c.documentId AS `c.documentId`, c.chunkIndex AS `c.chunkIndex`, c.text AS `c.text`, c.startOffset AS `c.startOffset`, c.endOffset AS `c.endOffset`, c.tokenCount AS `c.tokenCount`, c.kind AS `c.kind`, c.section AS `c.section`, c.page AS `c.page`, d.path AS path, d.title AS title, d.date AS date',
      { ids: ids as KuzuParameter },
    );
    const byId = new Map(rows.map((row) => [String(row['c.id']), { ...toChunk(row, 'c.'), documentPath: String(row.path), documentTitle: String(row.title), documentDate: (row.date as string | null) ?? null }]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id) as ChunkWithSource] : []));
  }

  async loadProjection(): Promise<GraphProjection> {
    return this.layerReads.track(await readEntityLayer(this.connection, this.requireSchema()));
  }

  async loadEntityMentions(): Promise<EntityMentionLayer> {
    return readEntityMentions(this.connection, this.requireSchema());
  }

  async listRelations(): Promise<Relation[]> {
    return readRelations(this.connection, this.requireSchema());
  }

  async findRelations(selection: RelationSelection): Promise<Relation[]> {
    return readRelations(this.connection, this.requireSchema(), selection);
  }

  async relationsTouching(entities: Array<Pick<Entity, 'id' | 'type'>>): Promise<Relation[]> {
    return readRelationsTouching(this.connection, this.requireSchema(), entities);
  }

  async forEachRelation(visit: (relation: Relation) => void): Promise<void> {
    await visitRelations(this.connection, this.requireSchema(), { where: '', parameters: {} }, visit);
  }

  async forEachRelationEdge(visit: (edge: RelationEdge) => void): Promise<void> {
    await visitRelationEdges(this.connection, this.requireSchema(), visit);
  }

  async listRetractedFacts(): Promise<RetractedFact[]> {
    return readRetractedFacts(this.connection);
  }

  async listMerges(): Promise<MergeRecord[]> {
    const rows = await this.connection.run('MATCH (m:MergeLog) RETURN m.entityId AS entityId, m.kept AS kept, m.merged AS merged, m.reason AS reason ORDER BY m.id');
    return rows.map((row) => ({ entityId: String(row.entityId), kept: String(row.kept), merged: String(row.merged), reason: row.reason as MergeRecord['reason'] }));
  }

  async listCommunities() {
    return this.layerReads.track(await readCommunities(this.connection));
  }

  /** The layer this store last wrote when nothing changed it since (no read), else the stored layer read now. */
  async readStoredLayer(): Promise<StoredLayer> {
    return this.layerReads.remembered() ?? { graph: await this.loadProjection(), communities: await this.listCommunities() };
  }

  async runReadOnlyCypher(query: string, parameters: Record<string, unknown>, limits: CypherLimits): Promise<KuzuRow[]> {
    assertReadOnlyCypher(query);
    this.connection.setTimeout(limits.timeoutMs);
    try {
      const rows = await this.connection.transaction(() => this.connection.run(query, parameters as Record<string, KuzuParameter>), 'read');
      return rows.slice(0, limits.rowLimit);
    } catch (cause) {
      throw new RhizomeError('QUERY_INVALID', `Cypher query failed: ${(cause as Error).message}`, { cause });
    } finally {
      this.connection.setTimeout(0);
    }
  }

  async counts(): Promise<StoreCounts> {
    const schema = this.requireSchema();
    return countStore({
      count: async (statement) => Number((await this.connection.run(statement))[0]?.total ?? 0),
      entityQueries: nodeTypeNames(schema).map((type) => [type, `MATCH (n:${type}) RETURN count(n) AS total`]),
      relationQueries: relationTables(schema).map((table) => [table.name, `MATCH ()-[r:${table.name}]->() RETURN count(r) AS total`]),
      mentionsQuery: 'MATCH ()-[m:MENTIONS]->() RETURN count(m) AS total',
    });
  }


  async countNodes(label: CountedNode): Promise<number> {
    return Number((await this.connection.run(`MATCH (n:${label}) RETURN count(n) AS total`))[0]?.total ?? 0);
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
    const rows = await this.connection.run('MATCH (m:Meta {key: $key}) RETURN m.value AS value', { key });
    return rows.length > 0 ? String(rows[0]?.value) : null;
  }

  async invalidateRelations(invalidations: RelationInvalidation[]): Promise<string[]> {
    this.layerReads.invalidate();
    await this.beginLayerChange();
    const found: string[] = [];
    for (const invalidation of invalidations) {
      for (const table of relationTables(this.requireSchema())) {
        const rows = await this.connection.run(
          `MATCH ()-[r:${table.name}]->() WHERE r.id = $id SET r.validTo = $validTo, r.invalidatedAt = $invalidatedAt, r.invalidationReason = $reason RETURN r.id AS id`,
          { id: invalidation.relationId, validTo: invalidation.validTo, invalidatedAt: invalidation.invalidatedAt, reason: invalidation.reason },
        );
        if (rows.length > 0) found.push(invalidation.relationId);
      }
    }
    await this.endLayerChange();
    return [...new Set(found)];
  }

  /** Files derived from the entity layer as it stands, beside the database; none while a write is under way or after one failed, or in a workspace no write of this version has versioned yet. */
  async derivedFiles(): Promise<DerivedFiles | null> {
    const version = await this.getMeta(LAYER_VERSION_KEY);
    return version ? derivedFilesIn(path.dirname(this.connection.databasePath), version) : null;
  }

  /** Before the entity layer changes: its version is cleared, so nothing derived from it is read until the change ends. */
  private async beginLayerChange(): Promise<void> {
    await this.setMeta(LAYER_VERSION_KEY, '');
  }

  /** After the entity layer changed: a new version, which no derived file has yet. */
  private async endLayerChange(): Promise<void> {
    await this.setMeta(LAYER_VERSION_KEY, newLayerVersion());
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.connection.run('MERGE (m:Meta {key: $key}) SET m.value = $value', { key, value });
  }

  async close(): Promise<void> {
    await this.connection.close();
  }

  /**
   * Replaces the stored graph with the write, each table's load committed on its own so that Kuzu
   * needs room for one table at a time (one transaction over every table needed a buffer pool of
   * about 1.4 times the whole write). Every table's rows are staged as CSV files first (stageCopies);
   * with `releaseStaged` the write is then let go of, so that its records (the largest part of a large
   * index's heap) can be collected before Kuzu loads the files and builds the full-text indexes.
   * Stopped or failed part-way, the guard's copy taken before the write is put back (`onRestored`
   * then runs and the error is rethrown): the workspace is as before.
   */
  private async rewriteWhole(held: Held<IndexWrite>, schema: GraphSchema, options: { releaseStaged: boolean; signal?: AbortSignal }, onRestored: () => void): Promise<void> {
    await this.useWritePool(held);
    await this.dropAllIndexes();
    try {
      await this.connection.committedEach(async () => {
        const staged = await stageCopies(this.connection, async () => {
          await writeRetractedFacts(this.connection, held.value);
          await deleteEntityLayer(this.connection, schema);
          await writeCorpus(this.connection, held.value);
          await writeEntityLayer(this.connection, schema, held.value.graph, held.value.merges);
          await writeCommunities(this.connection, held.value.communities, held.value.graph.entities);
        });
        if (options.releaseStaged) {
          held.release();
          // Nothing the write's COPY statements do allocates on the heap: without a collection now its records would stay resident.
          releaseStageGarbage(true);
        }
        await staged.run();
      }, options.signal);
    } catch (error) {
      await this.connection.reopenWithBufferPool(this.connection.bufferPoolMb, () => restoreGuardedCopy(this.connection.databasePath));
      onRestored();
      throw error;
    }
  }

  /** An `auto` store writes a large bulk write with a pool sized to it (see bufferPoolForWrite), reopening the database. */
  private async useWritePool(held: Held<IndexWrite>): Promise<void> {
    if (this.bufferPool !== 'auto') return;
    const writePool = bufferPoolForWrite(estimateWriteSize(held.value), this.openPoolMb);
    if (writePool !== null) await this.connection.reopenWithBufferPool(writePool);
  }

  /** After a write with a smaller pool, the pool the store opened with again (reads of a large graph need it). */
  private async restoreOpenPool(): Promise<void> {
    if (this.connection.bufferPoolMb !== this.openPoolMb) await this.connection.reopenWithBufferPool(this.openPoolMb);
  }

  private requireSchema(): GraphSchema {
    if (!this.schema) throw new RhizomeError('INTERNAL', 'ensureSchema must be called before using the store');
    return this.schema;
  }

  private async restoreMissingIndexes(): Promise<void> {
    if (!this.indexesMissing) return;
    await this.createIndexes(true);
    this.indexesMissing = false;
  }

  /**
   * Creates the full-text indexes tables lack, and rebuilds them all when they split words otherwise than
   * this version does (`FULL_TEXT_TOKENIZER`); outside a guarded write, the creation is guarded itself.
   */
  private async createIndexes(guard = false): Promise<void> {
    await this.fullText.refresh();
    const tables = ['Chunk', ...nodeTypeNames(this.requireSchema())];
    const current = (await this.getMeta('fullTextTokenizer')) === FULL_TEXT_TOKENIZER;
    if (current && tables.every((table) => this.fullText.has(table))) return;
    if (guard) await beginGuardedWrite(this.connection);
    try {
      if (!current) {
        await this.fullText.drop(tables);
        // Only where no index reads the columns any more (Kuzu crashes updating a column an index of a reopened database reads): a drop a crash left refusing keeps its index, and its old columns.
        await this.fullText.refresh();
        await refreshSearchColumns(this.connection, tables.filter((table) => !this.fullText.has(table)));
      }
      for (const table of tables) await this.fullText.ensure(table, fullTextColumnsOf(table));
      if (!current) await this.setMeta('fullTextTokenizer', FULL_TEXT_TOKENIZER);
    } finally {
      if (guard) endGuardedWrite(this.connection);
    }
  }

  private async dropEntityIndexes(types: string[]): Promise<void> {
    await this.fullText.refresh();
    await this.fullText.drop(types);
  }

  /**
   * What a write changes in the stored entity layer when that is at most `INCREMENTAL_WRITE_SHARE` of
   * the new layer (a document added, changed or removed among many): then only the difference is written
   * and the full-text indexes follow it. Null when there is no stored layer or the change is larger: the
   * layer is rewritten whole, its indexes rebuilt after. The stored layer is the write's `storedLayer`
   * when this store read it and nothing wrote the layer since, else it is read now.
   */
  private async smallDiff(held: Held<IndexWrite>, storedChunks: Array<{ id: string; documentId: string }>): Promise<EntityLayerDiff | null> {
    const write = held.value;
    const replaced = new Set([...write.removedDocumentIds, ...write.documents.map((document) => document.id)]);
    // Many documents replaced, or extractions redone (a new extractor or schema): the layer is rewritten without reading it first.
    const storedDocuments = new Set(storedChunks.map((chunk) => chunk.documentId)).size;
    if (write.updatedExtractions.length > 0 || replaced.size > INCREMENTAL_WRITE_SHARE * storedDocuments) return null;
    const stored = await this.currentLayer(write.storedLayer);
    if (stored.graph.entities.length === 0) return null;
    const removedChunkIds = new Set(storedChunks.filter((chunk) => replaced.has(chunk.documentId)).map((chunk) => chunk.id));
    const diff = diffEntityLayer(stored, { graph: write.graph, communities: write.communities }, removedChunkIds);
    return diff.size <= INCREMENTAL_WRITE_SHARE * layerSize(write.graph, write.communities) ? diff : null;
  }

  /** The stored entity layer and communities: those given when still current (see LayerReadLedger), else read now. */
  private async currentLayer(given: StoredLayer | undefined): Promise<StoredLayer> {
    const graph = given && this.layerReads.isCurrent(given.graph) ? given.graph : await readEntityLayer(this.connection, this.requireSchema());
    const communities = given && this.layerReads.isCurrent(given.communities) ? given.communities : await readCommunities(this.connection);
    return { graph, communities };
  }

  /** Full-text indexes are rebuilt around each bulk write: faster, and a rollback cannot leave them stale. */
  private async dropAllIndexes(): Promise<void> {
    await this.fullText.refresh();
    await this.fullText.drop(['Chunk', ...nodeTypeNames(this.requireSchema())]);
  }
}

/** Entities, relations and mentions of a write's layer: what REMEMBERED_LAYER_MAX_RECORDS bounds. */
function layerRecordsOf(held: Held<IndexWrite>): number {
  const { graph } = held.value;
  return graph.entities.length + graph.relations.length + graph.mentions.length;
}

/** validateIndexWrite of a held write against the stored chunks (read in a plain function: see Held). */
function validateHeldWrite(held: Held<IndexWrite>, stored: KuzuRow[]): void {
  validateIndexWrite(held.value, stored.map((row) => String(row.id)), new Map(stored.map((row) => [String(row.id), String(row.documentId)])));
}

function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

function toChunk(row: KuzuRow, prefix: string) {
  return {
    id: String(row[`${prefix}id`]),
    documentId: String(row[`${prefix}documentId`]),
    index: Number(row[`${prefix}chunkIndex`]),
    text: String(row[`${prefix}text`]),
    start: Number(row[`${prefix}startOffset`]),
    end: Number(row[`${prefix}endOffset`]),
    tokenCount: Number(row[`${prefix}tokenCount`]),
    ...decodeChunkStructure(row[`${prefix}kind`], row[`${prefix}section`], row[`${prefix}page`]),
  };
}
