import type { Chunk, ChunkExtraction, Community, Entity, Mention, MergeRecord, Relation, RelationEdge, RetractedFact, SourceDocument } from '../core/records.js';
import type { GraphSchema } from '../config/graph-schema.js';

/** A document as stored, without its text. */
export type StoredDocument = Omit<SourceDocument, 'text'>;

/** A chunk as stored, with the extraction cached for it and the key that extraction was made under. */
export interface StoredChunk extends Chunk {
  extraction: ChunkExtraction | null;
  extractionKey: string;
}

/** A chunk with the document it came from, as retrieval returns it. */
export interface ChunkWithSource extends Chunk {
  documentPath: string;
  documentTitle: string;
  documentDate: string | null;
}

/** A chunk's text with where it sits, without its extraction or structure (what in-memory text indexes read). */
export type ChunkText = Pick<Chunk, 'id' | 'documentId' | 'start' | 'text'>;
/** A chunk's id, document id and, when it lies under headings, its section path. */
export type ChunkDocument = Pick<Chunk, 'id' | 'documentId' | 'section'>;

/** The in-memory projection of the entity layer that graph algorithms run on. */
export interface GraphProjection {
  entities: Entity[];
  relations: Relation[];
  mentions: Mention[];
}

/** The entity layer less its relations: what reads that follow no relation need (question linking, community sentences). */
export type EntityMentionLayer = Pick<GraphProjection, 'entities' | 'mentions'>;

/** Relations to find by id, or by the chunk their evidence was read from. */
export interface RelationSelection {
  ids: string[];
  chunkIds: string[];
}

/** The stored entity layer with its communities, as read back from a store. */
export interface StoredLayer {
  graph: GraphProjection;
  communities: Community[];
}

/** Everything one indexing run writes, applied atomically. */
export interface IndexWrite {
  /** Documents (with their chunks) to delete: removed from disk or about to be replaced. */
  removedDocumentIds: string[];
  /** New or changed documents, with all their chunks. */
  documents: SourceDocument[];
  chunks: StoredChunk[];
  /** Chunks of unchanged documents whose extraction was redone (schema or extractor changed). */
  updatedExtractions: Array<{ chunkId: string; extraction: ChunkExtraction; extractionKey: string }>;
  /** The whole resolved entity layer; it replaces the stored one. */
  graph: GraphProjection;
  merges: MergeRecord[];
  /** The whole community hierarchy with reports; it replaces the stored one. */
  communities: Community[];
  /**
   * The entity layer and communities as this run read them from the same store (loadProjection,
   * listCommunities) before writing. A backend that writes only the difference may compare with
   * them instead of reading the layer again, when it knows no write came between; others ignore it.
   */
  storedLayer?: StoredLayer;
  /**
   * Facts this write retracts (transaction time), added to the stored ones: they outlive the
   * documents and entity layer they came from (a removal, a schema change, a re-index keep them).
   */
  retractedFacts?: RetractedFact[];
  /**
   * Stored retracted facts to delete first: every one (a migration replacing a target's whole
   * graph), or those of the keys given (`rhizome remove --erase`: the history of the documents goes too).
   */
  eraseRetractedFacts?: 'all' | string[];
}

/** One stored fact to close without deleting it (agent memory's `forget`). */
export interface RelationInvalidation {
  relationId: string;
  /** Valid time: the last day the fact held. */
  validTo: string;
  /** Transaction time: when it was invalidated. */
  invalidatedAt: string;
  reason: string;
}

/** An id with a retrieval score. */
export interface ScoredId {
  id: string;
  score: number;
}

/** What dense vectors describe: chunks (passages) or entities (name and description). */
export type VectorKind = 'chunk' | 'entity';

/** One vector to store, keyed by the chunk or entity id it describes. */
export interface StoredVector {
  id: string;
  vector: number[];
}

/** Which embedding model the stored vectors come from, their size, and how many there are. */
export interface VectorState {
  model: string | null;
  dimensions: number | null;
  chunks: number;
  entities: number;
}

/** Row counts of a workspace. */
export interface StoreCounts {
  documents: number;
  chunks: number;
  entities: number;
  relations: number;
  typedRelations: number;
  mentions: number;
  communities: number;
  entitiesByType: Record<string, number>;
  relationsByType: Record<string, number>;
}

/** Files derived from one version of the entity layer (see GraphStore.derivedFiles), by name. */
export interface DerivedFiles {
  /** The bytes written under `name` for this version of the layer, or null when there are none. */
  read(name: string): Promise<Uint8Array | null>;
  /** Keeps `bytes` under `name` for this version of the layer (replacing any kept for another version). */
  write(name: string, bytes: Uint8Array): Promise<void>;
  /** Parts of what is kept under `name` for this version of the layer, read as asked (a file too large to read whole), or null when there is none. */
  openReader?(name: string): Promise<DerivedFileReader | null>;
  /** A file for `name` written as it comes (too large to hold whole): kept on `commit`, as `write` keeps one; null when none can be written here. */
  createWriter?(name: string): DerivedFileWriter | null;
}

/** Reads parts of one kept file. */
export interface DerivedFileReader {
  /** The file's size in bytes. */
  readonly size: number;
  /**
   * The bytes at each range, read at once with the file opened for these reads only (synchronously:
   * thousands of small reads a search); null when the file is gone (the layer changed since it was opened).
   */
  readRanges(ranges: ReadonlyArray<{ position: number; length: number }>): Uint8Array[] | null;
}

/** Writes one kept file as its bytes come; nothing is kept before `commit`, nor after `abort`. */
export interface DerivedFileWriter {
  /** Bytes written so far. */
  readonly size: number;
  append(bytes: Uint8Array): void;
  /** Keeps the file under its name for this version of the layer (replacing any kept for another version). */
  commit(): Promise<void>;
  abort(): void;
}

/** The Cypher a backend runs; text-to-Cypher prompts and examples are written in it. */
export type CypherDialect = 'kuzu' | 'neo4j';

/** What a backend can do natively; shared code asks these, never the backend's name. */
export interface StoreCapabilities {
  fullTextSearch: boolean;
  vectorIndex: boolean;
  atomicWrites: boolean;
  readOnlyCypher: boolean;
  cypherDialect: CypherDialect;
}

/** Limits applied to user-supplied read-only Cypher. */
export interface CypherLimits {
  timeoutMs: number;
  rowLimit: number;
}

/**
 * Values of the `needsReindex` meta key other than 'false': the entity layer was cleared by a
 * schema (or layout) change ('true', as older workspaces wrote it), or a write failed part-way.
 */
export const NEEDS_REINDEX_AFTER_SCHEMA_CHANGE = 'true';
export const NEEDS_REINDEX_AFTER_FAILED_WRITE = 'write-failed';

/** The nodes `GraphStore.countNodes` counts. */
export type CountedNode = 'Document' | 'Chunk' | 'Community';

/** The storage port: every backend (Kuzu, Neo4j) implements it and passes the same contract tests. */
export interface GraphStore {
  readonly capabilities: StoreCapabilities;
  /** Creates tables and indexes for the schema before any load; `reset` is true when a changed schema dropped the entity layer. */
  ensureSchema(schema: GraphSchema): Promise<{ reset: boolean }>;
  listDocuments(): Promise<StoredDocument[]>;
  listChunks(): Promise<StoredChunk[]>;
  /** Every chunk's id, document id, start offset and text, in the order of `listChunks`, without decoding the cached extractions. */
  listChunkTexts(): Promise<ChunkText[]>;
  /**
   * Every stored chunk with its extraction, for an index run to build on: the same records as
   * listChunks gives, in no particular order, the caller's own to change. A backend may answer
   * without reading, from the chunks it followed through its own writes since a whole read.
   * Optional: runs on a backend without it read listChunks.
   */
  readStoredChunks?(): Promise<StoredChunk[]>;
  /** Every chunk's id, document id and section path (when it has one), without text or extraction (for lookups by document or heading). */
  listChunkDocuments(): Promise<ChunkDocument[]>;
  /**
   * Applies one run's write atomically. When `signal` fires mid-write, the write stops before its
   * next statement, is rolled back and ABORTED is thrown (the previous index stays).
   */
  writeIndex(write: IndexWrite, options?: { signal?: AbortSignal }): Promise<void>;
  /** Closes stored facts in place (validTo, invalidatedAt, invalidationReason); the relation stays. Returns the ids found. */
  invalidateRelations(invalidations: RelationInvalidation[]): Promise<string[]>;
  searchChunks(query: string, limit: number): Promise<ScoredId[]>;
  searchEntities(query: string, limit: number): Promise<ScoredId[]>;
  getChunks(ids: string[]): Promise<ChunkWithSource[]>;
  loadProjection(): Promise<GraphProjection>;
  /** The entities and mentions of `loadProjection`, in its order, without reading a relation. */
  loadEntityMentions(): Promise<EntityMentionLayer>;
  /** The relations of `loadProjection`, in its order, without reading an entity or mention. */
  listRelations(): Promise<Relation[]>;
  /** The relations of `listRelations` that have one of `ids` or were read from one of `chunkIds`, in its order. */
  findRelations(selection: RelationSelection): Promise<Relation[]>;
  /**
   * The relations of `listRelations` with an end among `entities` (by id; the type says where a
   * backend keeps the entity), in its order: a read of those entities' neighbourhoods through the
   * store's adjacency, whatever the size of the layer.
   */
  relationsTouching(entities: Array<Pick<Entity, 'id' | 'type'>>): Promise<Relation[]>;
  /** Hands every relation of `listRelations` to `visit`, in no particular order, keeping none of them (for a summary of the whole layer); each record is the visitor's own. */
  forEachRelation(visit: (relation: Relation) => void): Promise<void>;
  /**
   * Hands every relation of `listRelations` to `visit` as the fields a summary of the whole layer
   * reads (RelationEdge), in no particular order: a narrower read than `forEachRelation`, for a layer too large to hold.
   */
  forEachRelationEdge(visit: (edge: RelationEdge) => void): Promise<void>;
  /** Every fact retracted by a write (see IndexWrite.retractedFacts), ordered by retraction time then relation id. */
  listRetractedFacts(): Promise<RetractedFact[]>;
  listMerges(): Promise<MergeRecord[]>;
  /** Every community with its members and report, ordered by level then id. */
  listCommunities(): Promise<Community[]>;
  /**
   * The stored entity layer and communities, for an index run to build on and compare with
   * (IndexWrite.storedLayer): the same records as loadProjection and listCommunities give. A backend
   * may answer without reading, from the layer it wrote last itself when nothing changed it since.
   * The records returned are shared with later calls: read them, never change them. Optional: runs on
   * a backend without it read loadProjection and listCommunities.
   */
  readStoredLayer?(): Promise<StoredLayer>;
  /** Runs a query that must not write; the backend enforces it too. */
  runReadOnlyCypher(query: string, parameters: Record<string, unknown>, limits: CypherLimits): Promise<Array<Record<string, unknown>>>;
  counts(): Promise<StoreCounts>;
  /** How many documents, chunks or communities the store holds: one count, where `counts` counts every table (a query asks only whether there are any). */
  countNodes(label: CountedNode): Promise<number>;
  /**
   * Where data derived from the entity layer as it stands may be kept between processes (a query
   * index too costly to work out on every start): files bound to the layer's current version, never
   * read back once a write changed the layer; null when the backend keeps none or cannot tell the version.
   */
  derivedFiles(): Promise<DerivedFiles | null>;
  /** Stores vectors (replacing those of the same ids) and drops vectors of ids not in `keepIds`; a new model replaces every vector. Present when `capabilities.vectorIndex`. */
  writeVectors?(kind: VectorKind, vectors: StoredVector[], model: string, keepIds: string[]): Promise<void>;
  /** Nearest stored vectors by cosine similarity (score = similarity), best first. Present when `capabilities.vectorIndex`. */
  searchVectors?(kind: VectorKind, vector: number[], limit: number): Promise<ScoredId[]>;
  /** Model, size and counts of the stored vectors. Present when `capabilities.vectorIndex`. */
  vectorState?(): Promise<VectorState>;
  getMeta(key: string): Promise<string | null>;
  setMeta(key: string, value: string): Promise<void>;
  close(): Promise<void>;
}
