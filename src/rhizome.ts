import path from 'node:path';
import { answerExtractively } from './answer/extractive-answer.js';
import type { Answer } from './answer/answer.js';
import { validateConfig } from './config/load-config.js';
import type { RhizomeConfig, RhizomeConfigInput } from './config/config-schema.js';
import { RhizomeError } from './errors/rhizome-error.js';
import { ignoreEvents, type EventSink } from './events/events.js';
import { openGraphStore } from './graph/open-store.js';
import type { GraphStore, StoreCounts } from './graph/store.js';
import type { IndexSummary } from './indexing/index-summary.js';
import { runIndex } from './indexing/run-index.js';
import { detectLanguage } from './ingest/detect-language.js';
import type { Community, MergeRecord } from './core/records.js';
import { QUERY_MODES, type QueryMode, type RetrievalContext, type RetrievalMode } from './query/context.js';
import { GlobalSearcher } from './query/global/global-search.js';
import { searchHybrid } from './query/hybrid/hybrid-search.js';
import { routeQuestion, type Route } from './query/route-question.js';
import { LocalSearcher } from './query/local/local-search.js';
import { searchNaive } from './query/naive/naive-search.js';
import { Bm25Searcher } from './query/bm25/bm25-search.js';

/** Options of one query. */
export interface QueryOptions {
  mode?: QueryMode;
}

/** Workspace statistics, and which components are in use. */
export interface RhizomeStats extends StoreCounts {
  workspace: string;
  store: string;
  extractor: string;
  answerer: string;
  lastIndexedAt: string | null;
}

/** The library's entry point: index folders, ask questions, inspect the graph. */
export interface Rhizome {
  readonly config: RhizomeConfig;
  index(folder: string, options?: { signal?: AbortSignal; onEvent?: EventSink }): Promise<IndexSummary>;
  query(question: string, options?: QueryOptions): Promise<Answer>;
  /** Builds the context a mode would answer from, without answering (for evaluation and debugging). */
  retrieve(question: string, options?: QueryOptions): Promise<RetrievalContext>;
  cypher(query: string, parameters?: Record<string, unknown>): Promise<Array<Record<string, unknown>>>;
  /** The source file path of each chunk id (unknown ids are left out). */
  chunkSources(chunkIds: string[]): Promise<Map<string, string>>;
  stats(): Promise<RhizomeStats>;
  merges(): Promise<MergeRecord[]>;
  /** The community hierarchy with its reports, by level. */
  communities(): Promise<Community[]>;
  close(): Promise<void>;
}

const CYPHER_LIMITS = { timeoutMs: 10_000, rowLimit: 1_000 };

/** Creates a Rhizome over the workspace named by the config (defaults: `.rhizome/` in the working directory, Kuzu). */
export function createRhizome(input: RhizomeConfigInput | RhizomeConfig = {}): Rhizome {
  const parsed = validateConfig(input);
  const config: RhizomeConfig = { ...parsed, workspace: path.resolve(parsed.workspace) };
  let store: GraphStore | null = null;
  let opening: Promise<GraphStore> | null = null;
  let localSearcher: LocalSearcher | null = null;
  let bm25Searcher: Bm25Searcher | null = null;
  let globalSearcher: GlobalSearcher | null = null;

  const openStore = async (): Promise<GraphStore> => {
    if (store) return store;
    opening ??= (async () => {
      const opened = await openGraphStore(config);
      await opened.ensureSchema(config.schema);
      store = opened;
      const bm25 = new Bm25Searcher(opened);
      bm25Searcher = bm25;
      localSearcher = new LocalSearcher(opened, (question, limit) => bm25.rank(question, limit));
      globalSearcher = new GlobalSearcher(opened);
      return opened;
    })();
    try {
      return await opening;
    } catch (error) {
      opening = null;
      throw error;
    }
  };

  const searchers = () => ({ local: localSearcher as LocalSearcher, bm25: bm25Searcher as Bm25Searcher, global: globalSearcher as GlobalSearcher });

  const route = async (question: string, options: QueryOptions): Promise<Route> => {
    const mode = options.mode ?? config.query.defaultMode;
    if (mode !== 'auto') return { mode, reason: options.mode ? 'mode chosen by the caller' : 'default mode from the configuration' };
    const opened = await openStore();
    const namedEntities = await searchers().local.namedEntities(question);
    const hasCommunities = (await opened.listCommunities()).length > 0;
    return routeQuestion(question, { namedEntities, hasCommunities });
  };

  const retrieveWith = async (question: string, mode: RetrievalMode): Promise<RetrievalContext> => {
    const opened = await openStore();
    const { local, bm25, global } = searchers();
    const graphOptions = { ...config.query, schema: config.schema };
    switch (mode) {
      case 'naive':
        return searchNaive(question, opened, config.query);
      case 'bm25':
        return bm25.search(question, config.query);
      case 'local':
        return local.search(question, graphOptions);
      case 'global':
        return global.search(question, config.query);
      case 'hybrid':
        return searchHybrid(question, local, global, opened, graphOptions);
      default:
        throw new RhizomeError('QUERY_INVALID', `unknown query mode "${String(mode)}" (available: ${QUERY_MODES.join(', ')})`);
    }
  };

  const retrieve = async (question: string, options: QueryOptions = {}): Promise<RetrievalContext> => {
    if (question.trim() === '') throw new RhizomeError('QUERY_INVALID', 'the question is empty');
    await openStore();
    return retrieveWith(question, (await route(question, options)).mode);
  };

  return {
    config,
    async index(folder, options = {}) {
      const opened = await openStore();
      try {
        const summary = await runIndex(folder, { store: opened, config, events: options.onEvent ?? ignoreEvents, ...(options.signal ? { signal: options.signal } : {}) });
        await opened.setMeta('lastIndexedAt', new Date().toISOString());
        return summary;
      } finally {
        localSearcher?.invalidate();
        bm25Searcher?.invalidate();
        globalSearcher?.invalidate();
      }
    },
    retrieve,
    async query(question, options = {}) {
      const started = performance.now();
      if (question.trim() === '') throw new RhizomeError('QUERY_INVALID', 'the question is empty');
      await openStore();
      const chosen = await route(question, options);
      const context = await retrieveWith(question, chosen.mode);
      const answer = answerExtractively(question, context, {
        maxSentences: config.query.answerSentences,
        maxWords: config.query.answerWords,
        schema: config.schema,
        language: detectLanguage(question),
      });
      return { ...answer, metadata: { ...answer.metadata, route: chosen.mode, reason: chosen.reason, latencyMs: performance.now() - started } };
    },
    async cypher(query, parameters = {}) {
      return (await openStore()).runReadOnlyCypher(query, parameters, CYPHER_LIMITS);
    },
    async chunkSources(chunkIds) {
      const chunks = await (await openStore()).getChunks(chunkIds);
      return new Map(chunks.map((chunk) => [chunk.id, chunk.documentPath]));
    },
    async stats() {
      const opened = await openStore();
      return {
        ...(await opened.counts()),
        workspace: config.workspace,
        store: config.store.backend === 'kuzu' ? `kuzu (embedded, ${path.join(config.workspace, 'graph.kuzu')})` : config.store.backend,
        extractor: 'offline NLP extraction (no LLM configured)',
        answerer: 'extractive (no LLM configured)',
        lastIndexedAt: await opened.getMeta('lastIndexedAt'),
      };
    },
    async communities() {
      return (await openStore()).listCommunities();
    },
    async merges() {
      return (await openStore()).listMerges();
    },
    async close() {
      const current = store;
      store = null;
      opening = null;
      await current?.close();
    },
  };
}
