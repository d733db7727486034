import type { Answer } from '../answer/answer.js';
import { answerExtractively } from '../answer/extractive-answer.js';
import { answerGlobalWithLlm } from '../answer/llm-global-answer.js';
import { answerWithLlm, type LlmAnswer, type LlmAnswerOptions } from '../answer/llm-answer.js';
import type { RhizomeConfig } from '../config/config-schema.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import type { EntityMentionLayer, GraphProjection, GraphStore, ScoredId } from '../graph/store.js';
import type { Relation } from '../core/records.js';
import type { QuestionAnalysis } from '../core/question-analysis.js';
import { analyzeQuestion } from './analyze-question.js';
import { includesAgentType } from './expected-answer-type.js';
import { answerWhatChanged } from '../history/what-changed.js';
import type { ChatModel } from '../llm/chat-model.js';
import { Bm25Searcher } from '../query/bm25/bm25-search.js';
import { QUERY_MODES, type QueryMode, type RetrievalContext, type RetrievalMode } from '../core/retrieval-context.js';
import { searchWithCypher } from '../query/cypher/cypher-search.js';
import { concernLexicon } from '../text/concerns/concern-lexicon.js';
import { GlobalSearcher } from '../query/global/global-search.js';
import { searchHybrid } from '../query/hybrid/hybrid-search.js';
import { LocalSearcher } from '../query/local/local-search.js';
import { RANKING_DEPTH, searchNaive } from '../query/naive/naive-search.js';
import { buildTextContext } from '../query/text-context.js';
import type { Embedder } from '../llm/embedder.js';
import { ignoreEvents, timeStage, type EventSink } from '../events/events.js';

/** Entities taken from vector search when the question names none, and how similar they must be. */
const VECTOR_SEEDS = 3;
/** Chunks taken from the vector index to join the full-text hits in `local`. */
const DENSE_HITS = 20;
const VECTOR_SEED_SIMILARITY = 0.5;
import { routeQuestion, type Route } from './route-question.js';

/** Reads a question once (see `analyzeQuestion`); QUERY_INVALID when it is empty. */
export function readQuestion(question: string, config: RhizomeConfig): QuestionAnalysis {
  if (question.trim() === '') throw new RhizomeError('QUERY_INVALID', 'the question is empty');
  return analyzeQuestion(question, config.schema);
}

/**
 * Routes, retrieves and answers over one open store. Searchers cache what they derive from the
 * store (graph projection, BM25 index, community sentences) until `invalidate`.
 */
export class QueryEngine {
  private readonly local: LocalSearcher;
  private readonly bm25: Bm25Searcher;
  private readonly global: GlobalSearcher;
  private hasCommunities: Promise<boolean> | null = null;
  /** The entity layer's entities and mentions, and its relations, each read once for every searcher (until `invalidate`). */
  private entityMentions: Promise<EntityMentionLayer> | null = null;
  private relations: Promise<Relation[]> | null = null;

  /** `model` and `embedder` create the chat and embedding models on first use (null when not configured). */
  constructor(
    private readonly store: GraphStore,
    private readonly config: RhizomeConfig,
    private readonly model: () => Promise<ChatModel | null>,
    private readonly embedder: () => Promise<Embedder | null> = async () => null,
  ) {
    this.bm25 = new Bm25Searcher(store);
    this.local = new LocalSearcher(store, (question, limit) => this.bm25.rank(question, limit), () => this.loadEntityMentions());
    // Global search reads local search's entity index: built once, or read back from the store's kept files.
    this.global = new GlobalSearcher(store, concernLexicon(config.query.concernTerms), () => this.local.entityIndex());
  }

  /** The entity layer of the store as one projection, from the parts the searchers read (each part read once until `invalidate`). */
  async entityLayer(): Promise<GraphProjection> {
    const [{ entities, mentions }, relations] = await Promise.all([this.loadEntityMentions(), this.loadRelations()]);
    return { entities, relations, mentions };
  }

  private loadEntityMentions(): Promise<EntityMentionLayer> {
    return (this.entityMentions ??= this.store.loadEntityMentions().catch((error: unknown) => {
      this.entityMentions = null;
      throw error;
    }));
  }

  private loadRelations(): Promise<Relation[]> {
    return (this.relations ??= this.store.listRelations().catch((error: unknown) => {
      this.relations = null;
      throw error;
    }));
  }

  /** Forgets every cache derived from the store (after indexing). */
  invalidate(): void {
    this.hasCommunities = null;
    this.entityMentions = null;
    this.relations = null;
    this.local.invalidate();
    this.bm25.invalidate();
    this.global.invalidate();
  }

  /**
   * Links the entities a question names in the graph; everything below gets this record. The question is read
   * here, or was read by the caller (`readQuestion`, which chose the time slice from it). `asOf` is its date when it writes none.
   */
  async analyze(question: string | QuestionAnalysis, time: { asOf?: string } = {}): Promise<QuestionAnalysis> {
    const read = typeof question === 'string' ? readQuestion(question, this.config) : question;
    const analysis: QuestionAnalysis = { ...read, signals: { ...read.signals } };
    // Asked as of a date: facts valid then are preferred, as if the question wrote the date (a date it writes wins).
    if (time.asOf && !analysis.temporal) {
      analysis.temporal = { prefer: 'at', date: time.asOf };
      analysis.signals.temporalWording = true;
    }
    analysis.entities = await this.local.linkEntities(analysis.searchText, this.config.query.ranking.linking, analysis.language);
    // "Which suppliers …?" naming no entity, or only the corpus's background subject ("… does the Trust buy from"), asks for the items of a kind across the documents;
    // so does one asking for firms or people that names only the organisation the documents mention most ("the outside companies X relies on").
    const { headPlural, types } = analysis.answerType;
    const linking = this.config.query.ranking.linking;
    if (headPlural && types.size > 0 && (analysis.entities.length === 0 || (await this.local.namesOnlyBackground(analysis, linking)) || (linking.subjectDominance > 0 && includesAgentType(types, this.config.schema) && (await this.local.namesOnlyTypeLeaders(analysis))))) {
      analysis.signals.list = true;
    }
    return analysis;
  }

  /** The mode for a question: the caller's, the configured default, or the router's choice for `auto`. */
  async route(analysis: QuestionAnalysis, requested: QueryMode | undefined): Promise<Route> {
    const mode = requested ?? this.config.query.defaultMode;
    if (mode !== 'auto') return { mode, reason: requested ? 'mode chosen by the caller' : 'default mode from the configuration' };
    this.hasCommunities ??= this.store.countNodes('Community').then((communities) => communities > 0);
    const namedEntities = analysis.entities.map((entity) => entity.name);
    const asksBeyondGraph = namedEntities.length > 0 && (await this.local.asksBeyondGraph(analysis, this.config.query.ranking.linking));
    return routeQuestion(analysis, { namedEntities, hasCommunities: await this.hasCommunities, canWriteCypher: this.config.llm.provider !== 'none', asksBeyondGraph });
  }

  /** Builds the context of one retrieval mode. */
  async retrieve(analysis: QuestionAnalysis, mode: RetrievalMode, signal?: AbortSignal): Promise<RetrievalContext> {
    const question = analysis.searchText;
    const query = this.config.query;
    switch (mode) {
      case 'naive':
        return searchNaive(question, this.store, query);
      case 'bm25':
        return this.bm25.search(question, query);
      case 'vector':
        return this.searchVectors(question, signal);
      case 'local': {
        const vector = await this.questionVector(question, signal);
        return this.local.search(analysis, { ...query, vectorSeedIds: await this.entitiesByVector(vector), denseHits: await this.chunksByVector(vector) });
      }
      case 'global':
        return this.global.search(analysis, query);
      case 'hybrid':
        return searchHybrid(analysis, this.local, this.global, this.store, query);
      case 'cypher': {
        const model = await this.model();
        if (!model) throw new RhizomeError('QUERY_INVALID', 'the cypher mode needs a chat model: set llm.provider (and llm.model) in the configuration');
        return searchWithCypher(analysis.text, this.store, { model, schema: this.config.schema, ...(signal ? { signal } : {}) });
      }
      default:
        throw new RhizomeError('QUERY_INVALID', `unknown query mode "${String(mode)}" (available: ${QUERY_MODES.join(', ')})`);
    }
  }

  /** Dense retrieval (seed 003's vector RAG): the chunks nearest to the question's embedding. */
  private async searchVectors(question: string, signal?: AbortSignal): Promise<RetrievalContext> {
    const embedder = await this.embedder();
    if (!embedder || !this.store.searchVectors) throw new RhizomeError('QUERY_INVALID', 'the vector mode needs an embedding model: set embeddings.provider (and re-index so chunks get vectors)');
    const [vector] = (await embedder.embed({ texts: [question], purpose: 'query', ...(signal ? { signal } : {}) })).embeddings;
    const hits = await this.store.searchVectors('chunk', vector ?? [], RANKING_DEPTH);
    return buildTextContext('vector', hits, this.store, this.config.query, `dense vectors (${embedder.modelId}, ${this.config.store.backend} vector index)`);
  }

  /** The question's embedding, when an embedding model is configured and the store holds vectors. */
  private async questionVector(question: string, signal?: AbortSignal): Promise<number[] | null> {
    const embedder = await this.embedder();
    if (!embedder || !this.store.searchVectors) return null;
    const [vector] = (await embedder.embed({ texts: [question], purpose: 'query', ...(signal ? { signal } : {}) })).embeddings;
    return vector ?? null;
  }

  /** Entities whose name and description embeddings are close to the question (a fallback when it names none). */
  private async entitiesByVector(vector: number[] | null): Promise<string[]> {
    if (!vector || !this.store.searchVectors) return [];
    const hits = await this.store.searchVectors('entity', vector, VECTOR_SEEDS);
    return hits.filter((hit) => hit.score >= VECTOR_SEED_SIMILARITY).map((hit) => hit.id);
  }

  /** Chunks nearest to the question's embedding (empty without embeddings). */
  private async chunksByVector(vector: number[] | null): Promise<ScoredId[]> {
    if (!vector || !this.store.searchVectors) return [];
    return this.store.searchVectors('chunk', vector, DENSE_HITS);
  }

  /** Global mode with a model: map-reduce over the chosen community reports (the statistics go to the notes only). */
  private async answerGlobally(question: string, context: RetrievalContext, options: LlmAnswerOptions): Promise<LlmAnswer> {
    const budget = this.config.query.contextTokens;
    const { mapReduce: _statistics, ...answer } = await answerGlobalWithLlm(question, context, { ...options, mapPromptTokens: budget, reduceTokens: budget });
    return answer;
  }

  /** The relations read from these chunks, from what an earlier search of this engine holds; null when it holds none that tell (read the store then). */
  relationsStatedIn(chunkIds: readonly string[]): Promise<Relation[] | null> {
    return this.local.relationsStatedIn(chunkIds);
  }

  /** Routes, retrieves and answers (the question as asked, or as `readQuestion` read it); the answer carries the route, the reason and the latency. With a model, global mode map-reduces the community reports. `asOf` prefers facts valid on that date. */
  async answer(asked: string | QuestionAnalysis, requested: QueryMode | undefined, signal?: AbortSignal, events: EventSink = ignoreEvents, time: { asOf?: string } = {}): Promise<Answer> {
    return (await this.answerFrom(asked, requested, signal, events, time)).answer;
  }

  /** `answer`, with the context it was answered from (none for a question about what changed, answered from the entity's history). */
  async answerFrom(asked: string | QuestionAnalysis, requested: QueryMode | undefined, signal?: AbortSignal, events: EventSink = ignoreEvents, time: { asOf?: string } = {}): Promise<{ answer: Answer; context: RetrievalContext | null }> {
    const started = performance.now();
    const analysis = await this.analyze(asked, time);
    const question = analysis.text;
    // "What changed about X between D1 and D2", routed: X's history in the window, with both citations of each change.
    if (analysis.changeWindow && analysis.entities.length > 0 && (requested ?? this.config.query.defaultMode) === 'auto') return { answer: await answerWhatChanged(this.store, analysis, analysis.changeWindow, started), context: null };
    const route = await this.route(analysis, requested);
    const { result: context } = await timeStage('retrieve', events, () => this.retrieve(analysis, route.mode, signal));
    const model = await this.model();
    const language = analysis.language;
    if (model) {
      const options = { model, maxSentences: Math.min(2, this.config.query.answerSentences), language, ...(signal ? { signal } : {}) };
      const { result: answer } = await timeStage('answer', events, () => (route.mode === 'global' ? this.answerGlobally(question, context, options) : answerWithLlm(question, context, options)));
      const notes = answer.modelNotes.length > 0 ? ` (${answer.modelNotes.join('; ')})` : '';
      return { answer: { ...answer, metadata: { ...answer.metadata, route: route.mode, reason: `${route.reason}${notes}`, latencyMs: performance.now() - started } }, context };
    }
    const { result: answer } = await timeStage('answer', events, () => answerExtractively(analysis, context, { maxSentences: this.config.query.answerSentences, maxWords: this.config.query.answerWords, language, ranking: this.config.query.ranking.sentences, reports: this.config.query.ranking.reports }));
    return { answer: { ...answer, metadata: { ...answer.metadata, route: route.mode, reason: route.reason, latencyMs: performance.now() - started } }, context };
  }
}
