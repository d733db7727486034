import path from 'node:path';
import type { RhizomeConfig } from './config/config-schema.js';
import type { Community, MergeRecord } from './core/records.js';
import { RhizomeError } from './errors/rhizome-error.js';
import { ignoreEvents, type EventSink } from './events/events.js';
import { openGraphStore } from './graph/open-store.js';
import { gateStore } from './graph/gated-store.js';
import { readEnvironment, type Environment } from './config/read-environment.js';

export type { RhizomeOptions } from './rhizome-options.js';
import { resolveOptions, type RhizomeOptions } from './rhizome-options.js';
import { NEEDS_REINDEX_AFTER_FAILED_WRITE, NEEDS_REINDEX_AFTER_SCHEMA_CHANGE, type GraphStore, type StoreCounts, type VectorState } from './graph/store.js';
import { describeExtractor } from './indexing/extract-stage.js';
import type { IndexSummary } from './indexing/index-summary.js';
import { planIndex, type IndexPlan } from './indexing/plan-index.js';
import { renderGraphCsv } from './export/export-csv.js';
import { renderGraphCypher } from './export/export-cypher.js';
import { renderGraphml } from './export/export-graphml.js';
import { renderGraphJsonl } from './export/export-jsonl.js';
import { collectGraphRecords } from './export/graph-records.js';
import { readExtractions } from './export/read-extractions.js';
import { runImportExtractions } from './indexing/run-import-extractions.js';
import type { DoctorReport } from './doctor/doctor-report.js';
import { diagnoseWorkspace, INDEXED_SCHEMA_META } from './doctor/run-doctor.js';
import { importGraphJsonl, type ImportResult } from './export/import-jsonl.js';
import { readUndoneMerges, type UndoneMerge } from './indexing/apply-changes.js';
import { runIndex, runRemove, type IndexContext } from './indexing/run-index.js';
import { ensureWorkspaceFolder } from './workspace/workspace-folder.js';
import { readOverrides } from './review/override-store.js';
import type { ReviewOverride } from './review/review-override.js';
import type { ReviewReport } from './review/review-report.js';
import { recordReviewDecisions, reportReview, sampleForReview, undoReviewDecisions, type ReviewRun } from './review/run-review.js';
import type { ReviewItem, ReviewSampleOptions } from './review/sample-review.js';
import type { ChatModel } from './llm/chat-model.js';
import { createChatModel } from './llm/create-chat-model.js';
import { createEmbedder } from './llm/create-embedder.js';
import type { Embedder } from './llm/embedder.js';
import { Budget, parseBudget } from './llm/budget.js';
import { describeChatModel } from './llm/model-identity.js';
import { costOf } from './llm/model-prices.js';
import { UsageMeter } from './llm/usage-meter.js';
import type { QueryMode, RetrievalContext } from './core/retrieval-context.js';
import { QueryEngine } from './ask/query-engine.js';
import { summariseSchemaUsage, type SchemaUsage } from './extraction/report/summarise-schema-usage.js';
import { explainDocument, type DocumentExplanation } from './extraction/report/explain-document.js';
import { matchDocuments } from './indexing/match-documents.js';
import { GraphExplorer, type DocumentDetail, type EntityDetail, type EntityPath } from './explore/graph-explorer.js';
import type { PathSearchOptions } from './explore/find-paths.js';
import type { ChunkWithSource, StoredDocument } from './graph/store.js';
import type { Entity } from './core/records.js';
import { entityHistory, type EntityHistory } from './history/entity-history.js';
import { parseTimePoint } from './history/time-slice.js';
import { timeSlicedStore } from './graph/time-sliced-store.js';
import { recordInvalidations } from './history/invalidations.js';
import { createAgentMemory, type AgentMemory } from './memory/agent-memory.js';
import { TimedQueries, type TimedAnswer, type TimeOptions } from './history/timed-queries.js';

/** Options of one query. */
export interface QueryOptions extends TimeOptions {
  mode?: QueryMode;
  signal?: AbortSignal;
  /** Receives stage events (retrieve, answer) while the question is answered. */
  onEvent?: EventSink;
}

/** Options of one index run. */
export interface IndexOptions {
  signal?: AbortSignal;
  onEvent?: EventSink;
  /** Spending cap for model calls ("$2", "500k tokens"); the run stops cleanly at it and the next run resumes. */
  budget?: string;
  /** Also remove indexed documents under the paths that are gone from disk (else they are kept and reported). */
  prune?: boolean;
}

/** Options of a run that writes the graph (a removal, review decisions). */
export interface WriteRunOptions {
  signal?: AbortSignal;
  onEvent?: EventSink;
}

/** Options of one removal. */
export interface RemoveOptions extends WriteRunOptions {
  /**
   * Also erase the removed documents' history. By default their facts are kept as retracted at
   * the removal (hidden from every query but `knownAt` before it, see Rhizome.query); with `erase`
   * nothing of them stays, older retracted versions included.
   */
  erase?: boolean;
}

/** Workspace statistics, and which components are in use. */
export interface RhizomeStats extends StoreCounts {
  workspace: string;
  store: string;
  extractor: string;
  answerer: string;
  /** Dense vectors stored, and the model they come from (null when the store has none). */
  vectors: VectorState | null;
  lastIndexedAt: string | null;
}

/** The library's entry point: index folders, ask questions, inspect the graph, and remember, recall and forget (agent memory). */
export interface Rhizome extends AgentMemory {
  readonly config: RhizomeConfig;
  /** Adds or refreshes the documents of folders or files (one path or several). */
  index(paths: string | string[], options?: IndexOptions): Promise<IndexSummary>;
  /** Removes documents (ids, indexed file paths, or folders) and everything that rested only on them; the graph is rebuilt from the rest. */
  remove(targets: string | string[], options?: RemoveOptions): Promise<IndexSummary>;
  /** What indexing would do and cost (`--dry-run`): calls, tokens and dollars; spends nothing. */
  planIndex(paths: string | string[], options?: Pick<IndexOptions, 'prune'>): Promise<IndexPlan>;
  /** Answers a question; `asOf` answers it with the facts valid on that date, `knownAt` with what had been recorded by then. */
  query(question: string, options?: QueryOptions): Promise<TimedAnswer>;
  /** An entity's facts in time: started, ended, superseded (with both citations) or invalidated, oldest first; `from`/`to` keep what changed between two dates. */
  history(entity: string, options?: { from?: string; to?: string; knownAt?: string }): Promise<EntityHistory>;
  /** Builds the context a mode would answer from, in the time slice `query` would use (a date the question writes included), without answering (for evaluation and debugging). */
  retrieve(question: string, options?: QueryOptions): Promise<RetrievalContext>;
  cypher(query: string, parameters?: Record<string, unknown>): Promise<Array<Record<string, unknown>>>;
  /** The source file path of each chunk id (unknown ids are left out). */
  chunkSources(chunkIds: string[]): Promise<Map<string, string>>;
  stats(): Promise<RhizomeStats>;
  merges(): Promise<MergeRecord[]>;
  /** Per node and edge type: entities and relations, the cues and phrases that fired, and typed pairs no phrase linked (`stats --schema`). */
  schemaUsage(): Promise<SchemaUsage>;
  /** One indexed document (its path or id) sentence by sentence: the entities found, their types and votes, the relations and their basis. */
  explain(document: string): Promise<DocumentExplanation>;
  /** Alias merges undone by later runs (their evidence was removed or changed), oldest first. */
  undoneMerges(): Promise<UndoneMerge[]>;
  /** The community hierarchy with its reports, by level. */
  communities(): Promise<Community[]>;
  /**
   * The whole graph as deterministic text: JSON lines (the format `importGraph` reads), GraphML (the entity graph) or a Cypher script,
   * each fact with its validity, what superseded it and why, and its document version; `transactionTime` adds when documents and
   * facts were recorded and closed (recordedAt, invalidatedAt), which differ from run to run.
   */
  exportGraph(options: { format: 'jsonl' | 'graphml' | 'cypher'; transactionTime?: boolean }): Promise<string>;
  /** The whole graph as CSV files, one per record kind (file name → content); `transactionTime` as for `exportGraph`. */
  exportGraphCsv(options?: { transactionTime?: boolean }): Promise<Map<string, string>>;
  /** Loads an export into this workspace, which must be empty; `origin` names the source in errors. */
  importGraph(jsonl: string, origin?: string): Promise<ImportResult>;
  /** Entities matching a text (name, alias, description), or the most mentioned when it is empty. */
  searchEntities(query: string, options?: { limit?: number; type?: string }): Promise<Array<Entity & { score: number }>>;
  /** One entity (id or name) with its relations and their evidence, alias merges, mentions and neighbourhood. */
  entity(idOrName: string, options?: { depth?: number; limit?: number }): Promise<EntityDetail>;
  /** The shortest relation paths between two entities (ids or names), with evidence. */
  paths(from: string, to: string, options?: PathSearchOptions): Promise<EntityPath[]>;
  /** Every indexed document, without its text. */
  documents(): Promise<StoredDocument[]>;
  /** One document (id or indexed path) with its chunks. */
  document(idOrPath: string): Promise<DocumentDetail>;
  /** One chunk with its text and source. */
  chunk(id: string): Promise<ChunkWithSource>;
  /**
   * Adds documents with entities and relations extracted elsewhere (a `rhizome-extractions` JSONL
   * file; paths relative to `baseFolder`), then resolves, builds communities and stores them as
   * `index` does; the other indexed documents are kept.
   */
  importExtractions(jsonl: string, options: { baseFolder: string; origin?: string } & IndexOptions): Promise<IndexSummary>;
  /**
   * Checks the workspace's health (`rhizome doctor`): lock and interrupted runs, schema drift,
   * integrity, off-schema labels, orphans, duplicate-name candidates, degree outliers, empty or
   * oversized communities, stale reports, full-text index and vectors. Reads only; a schema that
   * changed since the graph was written is reported without touching the graph.
   */
  doctor(): Promise<DoctorReport>;
  /** Draws extractions (relations, entities) to review with their evidence sentence, deterministically for a seed; unreviewed ones only unless asked. */
  sampleReview(options: ReviewSampleOptions): Promise<ReviewItem[]>;
  /**
   * Stores review decisions (accept, reject, retype, reverse, rename, merge, split; see
   * ReviewDecision) and rebuilds the graph with them; every later index, removal, import of
   * extractions and migration keeps them.
   */
  review(decisions: readonly unknown[], options?: WriteRunOptions & { origin?: string }): Promise<ReviewRun>;
  /** Drops review decisions by id (an undone merge gives back both entities) and rebuilds the graph. */
  undoReview(ids: readonly string[], options?: WriteRunOptions): Promise<ReviewRun>;
  /** The stored review decisions, in the order they apply. */
  reviewDecisions(): Promise<ReviewOverride[]>;
  /** Estimated precision per entity and edge type, with a Wilson 95% interval, from the judgments so far. */
  reviewReport(): Promise<ReviewReport>;
  /** Model usage of the queries answered so far (calls, tokens, cost). */
  queryUsage(): UsageMeter;
  close(): Promise<void>;
}

function listOf(value: string | string[]): string[] {
  const list = typeof value === 'string' ? [value] : value;
  if (list.length === 0) throw new RhizomeError('INPUT_INVALID', 'no path given');
  return list;
}

const CYPHER_LIMITS = { timeoutMs: 10_000, rowLimit: 1_000 };

/**
 * Creates a Rhizome over the workspace named by the config (defaults: `.rhizome/` in the working
 * directory, Kuzu, offline), or over the parts given (see RhizomeOptions). One Rhizome may be used
 * concurrently: queries run while an index run extracts, and wait only for its atomic write.
 */
export function createRhizome(input: RhizomeOptions | RhizomeConfig = {}): Rhizome {
  const parts = resolveOptions(input);
  const config = parts.config;
  const environment = (): Environment => parts.env ?? readEnvironment();
  const runtime = () => ({ workspace: config.workspace, env: environment() });
  const usesModel = config.llm.provider !== 'none';
  const queryUsage = new UsageMeter();
  type Opened = { store: GraphStore; engine: QueryEngine; explorer: GraphExplorer; timed: TimedQueries };
  let opened: Opened | null = null;
  let knownIndexed = false;
  let opening: Promise<Opened> | null = null;
  let answerModel: Promise<ChatModel> | null = null;
  let queryEmbedder: Promise<Embedder> | null = null;
  const usesEmbedder = config.embeddings.provider !== 'none';

  const embedderForQueries = async (): Promise<Embedder | null> => {
    if (!usesEmbedder) return null;
    queryEmbedder ??= createEmbedder(config.embeddings, { ...runtime(), usage: queryUsage }, parts.embeddingModel);
    return queryEmbedder;
  };

  const modelForQueries = async (): Promise<ChatModel | null> => {
    if (!usesModel) return null;
    answerModel ??= createChatModel(config.llm, { ...runtime(), usage: queryUsage }, parts.model);
    return answerModel;
  };

  const open = async () => {
    if (opened) return opened;
    opening ??= (async () => {
      ensureWorkspaceFolder(config.workspace);
      const store = gateStore(parts.store ?? (await openGraphStore(config, environment())));
      const { reset } = await store.ensureSchema(config.schema);
      if (reset) await store.setMeta('needsReindex', NEEDS_REINDEX_AFTER_SCHEMA_CHANGE);
      const engine = new QueryEngine(store, config, modelForQueries, embedderForQueries);
      opened = { store, engine, explorer: new GraphExplorer(store), timed: new TimedQueries(store, engine, config, modelForQueries, embedderForQueries) };
      return opened;
    })();
    try {
      return await opening;
    } catch (error) {
      opening = null;
      throw error;
    }
  };

  /**
   * WORKSPACE_EMPTY unless the workspace holds indexed documents and no write left it needing a
   * re-index (checked once until the next write: only this instance writes the store it owns, and
   * every write resets the check, so a query does not pay a database round-trip for it).
   */
  const requireIndexed = async (store: GraphStore) => {
    if (knownIndexed) return;
    const needsReindex = await store.getMeta('needsReindex');
    if (needsReindex === NEEDS_REINDEX_AFTER_FAILED_WRITE) {
      throw new RhizomeError('WORKSPACE_EMPTY', `the last write to ${config.workspace} failed part-way (its error said why: a full Kuzu buffer pool, a full disk …), so the graph may be incomplete: fix the cause and run \`rhizome index <folder>\` again (documents and cached extractions were kept, nothing is re-extracted)`);
    }
    if (needsReindex === NEEDS_REINDEX_AFTER_SCHEMA_CHANGE) {
      throw new RhizomeError('WORKSPACE_EMPTY', `the graph schema (or Rhizome's storage layout) changed since ${config.workspace} was indexed, so its entity layer was cleared: run \`rhizome index <folder>\` again (unchanged documents are not re-extracted)`);
    }
    if ((await store.countNodes('Document')) === 0) {
      const never = (await store.getMeta('lastIndexedAt')) === null;
      throw new RhizomeError('WORKSPACE_EMPTY', `the workspace ${config.workspace} ${never ? 'has never been indexed' : 'holds no documents (all were removed)'}: run \`rhizome index <folder>\` first (or pass --workspace the folder you indexed into)`);
    }
    knownIndexed = true;
  };

  /** Runs an index or remove with models, usage and events set up, then marks the workspace indexed. */
  const runWrite = async <T>(options: IndexOptions, work: (context: IndexContext) => Promise<T>): Promise<T> => {
    const { store, engine, explorer, timed } = await open();
    const events = options.onEvent ?? ignoreEvents;
    const usage = new UsageMeter();
    usage.onRecord((record) => events({ type: 'llm-call-end', model: record.modelId, purpose: record.purpose, cached: record.cached, inputTokens: record.usage.inputTokens, outputTokens: record.usage.outputTokens, latencyMs: record.latencyMs, dollars: record.cached ? 0 : costOf(record.usage, record.prices) }));
    const budget = options.budget ? new Budget(parseBudget(options.budget)) : undefined;
    if (budget && !usesModel) events({ type: 'warning', message: 'a budget was given but no LLM is configured: offline indexing costs nothing' });
    const model = usesModel ? await createChatModel(config.llm, { ...runtime(), usage, ...(budget ? { budget } : {}) }, parts.model) : null;
    const embedder = usesEmbedder ? await createEmbedder(config.embeddings, { ...runtime(), usage, ...(budget ? { budget } : {}) }, parts.embeddingModel) : null;
    try {
      const summary = await work({ store, config, events, model, embedder, usage, ...(options.signal ? { signal: options.signal } : {}) });
      await store.setMeta('lastIndexedAt', new Date().toISOString());
      await store.setMeta('needsReindex', 'false');
      await store.setMeta(INDEXED_SCHEMA_META, JSON.stringify(config.schema));
      return summary;
    } finally {
      knownIndexed = false;
      await model?.close();
      await embedder?.close();
      engine.invalidate();
      explorer.invalidate();
      timed.invalidate();
    }
  };

  const api: Omit<Rhizome, keyof AgentMemory> = {
    config,
    index(paths, options = {}) {
      return runWrite(options, (context) => runIndex(listOf(paths), context, { prune: options.prune ?? false }));
    },
    remove(targets, options = {}) {
      return runWrite(options, (context) => runRemove(listOf(targets), context, { erase: options.erase === true }));
    },
    async planIndex(paths, options = {}) {
      const { store } = await open();
      return planIndex(listOf(paths), { store, config, events: ignoreEvents }, { prune: options.prune ?? false });
    },
    async retrieve(question, options = {}) {
      return (await open()).timed.retrieve(question, options.mode, options);
    },
    async query(question, options = {}) {
      const { store, timed } = await open();
      await requireIndexed(store);
      return timed.answer(question, options.mode, options);
    },
    async history(entity, options = {}) {
      const { store } = await open();
      await requireIndexed(store);
      const range = { ...(options.from ? { from: parseTimePoint(options.from, 'from') } : {}), ...(options.to ? { to: parseTimePoint(options.to, 'to') } : {}) };
      // As known at a time: the facts as stored then, older document versions' facts included.
      const known = options.knownAt === undefined ? store : timeSlicedStore(store, { knownAt: parseTimePoint(options.knownAt, 'knownAt') });
      return entityHistory(known, entity, range);
    },
    async cypher(query, parameters = {}) {
      return (await open()).store.runReadOnlyCypher(query, parameters, CYPHER_LIMITS);
    },
    async chunkSources(chunkIds) {
      const chunks = await (await open()).store.getChunks(chunkIds);
      return new Map(chunks.map((chunk) => [chunk.id, chunk.documentPath]));
    },
    async stats() {
      const { store } = await open();
      return {
        ...(await store.counts()),
        workspace: config.workspace,
        store: parts.store ? `${config.store.backend} (store passed to createRhizome)` : config.store.backend === 'kuzu' ? `kuzu (embedded, ${path.join(config.workspace, 'graph.kuzu')})` : config.store.backend,
        extractor: usesModel ? `LLM extraction (${describeExtractor(config)})` : 'offline NLP extraction (no LLM configured)',
        answerer: usesModel ? `LLM answers (${describeChatModel(config.llm).modelId})` : 'extractive (no LLM configured)',
        vectors: store.vectorState ? await store.vectorState() : null,
        lastIndexedAt: await store.getMeta('lastIndexedAt'),
      };
    },
    async communities() {
      return (await open()).store.listCommunities();
    },
    async schemaUsage() {
      const { store } = await open();
      const counts = await store.counts();
      const chunks = await store.listChunks();
      return summariseSchemaUsage({ schema: config.schema, extractions: chunks.map((chunk) => chunk.extraction), entitiesByType: counts.entitiesByType, relationsByType: counts.relationsByType });
    },
    async explain(target) {
      const { store } = await open();
      await requireIndexed(store);
      const documents = await store.listDocuments();
      const { ids } = matchDocuments([target], documents);
      if (ids.length !== 1) throw new RhizomeError('INPUT_NOT_FOUND', ids.length === 0 ? `no indexed document is ${target}: pass the path of an indexed file or a document id` : `${target} names ${ids.length} documents: pass one file`);
      const document = documents.find((candidate) => candidate.id === ids[0]) as (typeof documents)[number];
      const chunks = (await store.listChunks()).filter((chunk) => chunk.documentId === document.id);
      return explainDocument(document, chunks);
    },
    async merges() {
      return (await open()).store.listMerges();
    },
    async undoneMerges() {
      return readUndoneMerges((await open()).store);
    },
    async exportGraph(options) {
      const { store } = await open();
      const records = await collectGraphRecords(store, { pathsRelativeTo: config.workspace, transactionTime: options.transactionTime === true });
      return options.format === 'graphml' ? renderGraphml(records) : options.format === 'cypher' ? renderGraphCypher(records) : renderGraphJsonl(records, await readOverrides(store));
    },
    async exportGraphCsv(options = {}) {
      return renderGraphCsv(await collectGraphRecords((await open()).store, { pathsRelativeTo: config.workspace, transactionTime: options.transactionTime === true }));
    },
    async importGraph(jsonl, origin) {
      const { store, engine, explorer, timed } = await open();
      try {
        const result = await importGraphJsonl(jsonl, store, origin, { pathsRelativeTo: config.workspace });
        await store.setMeta('lastIndexedAt', new Date().toISOString());
        await store.setMeta('needsReindex', 'false');
        await store.setMeta(INDEXED_SCHEMA_META, JSON.stringify(config.schema));
        return result;
      } finally {
        knownIndexed = false;
        engine.invalidate();
        explorer.invalidate();
        timed.invalidate();
      }
    },
    async searchEntities(query, options = {}) {
      const { store, explorer } = await open();
      await requireIndexed(store);
      return explorer.searchEntities(query, options);
    },
    async entity(idOrName, options = {}) {
      return (await open()).explorer.entity(idOrName, options);
    },
    async paths(from, to, options = {}) {
      return (await open()).explorer.paths(from, to, options);
    },
    async documents() {
      return (await open()).explorer.documents();
    },
    async document(idOrPath) {
      return (await open()).explorer.document(idOrPath);
    },
    async chunk(id) {
      return (await open()).explorer.chunk(id);
    },
    doctor() {
      return diagnoseWorkspace(config, (opened as { store: GraphStore } | null)?.store ?? null);
    },
    importExtractions(jsonl, options) {
      const external = readExtractions(jsonl, options.baseFolder, options.origin);
      return runWrite(options, (context) => runImportExtractions(external, context));
    },
    async sampleReview(options) {
      const { store } = await open();
      await requireIndexed(store);
      return sampleForReview(store, options);
    },
    async review(decisions, options = {}) {
      await requireIndexed((await open()).store);
      return runWrite(options, (context) => recordReviewDecisions(decisions, context, options.origin === undefined ? {} : { origin: options.origin }));
    },
    async undoReview(ids, options = {}) {
      await requireIndexed((await open()).store);
      return runWrite(options, (context) => undoReviewDecisions(ids, context));
    },
    async reviewDecisions() {
      return readOverrides((await open()).store);
    },
    async reviewReport() {
      return reportReview((await open()).store);
    },
    queryUsage: () => queryUsage,
    async close() {
      const current = opened;
      const model = answerModel;
      const embedder = queryEmbedder;
      opened = null;
      opening = null;
      answerModel = null;
      queryEmbedder = null;
      await (await model?.catch(() => null))?.close();
      await (await embedder?.catch(() => null))?.close();
      if (!parts.store) await current?.store.close();
    },
  };
  const memory = createAgentMemory({
    workspace: config.workspace,
    index: (paths) => api.index(paths),
    query: (question, options) => api.query(question, options),
    relations: async () => (await (await open()).store.loadProjection()).relations,
    documents: async () => (await open()).store.listDocuments(),
    async invalidate(invalidations) {
      const { store, engine, explorer, timed } = await open();
      try {
        return await recordInvalidations(store, invalidations);
      } finally {
        engine.invalidate();
        explorer.invalidate();
        timed.invalidate();
      }
    },
  });
  return { ...api, ...memory };
}
