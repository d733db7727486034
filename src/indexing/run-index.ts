import { mkdirSync, writeFileSync } from 'node:fs';
import { isVerbatimChunk } from '../extraction/nlp/extract-with-nlp.js';
import path from 'node:path';
import type { ChunkExtraction } from '../core/records.js';
import type { RhizomeConfig } from '../config/config-schema.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import { timeStage, type EventSink } from '../events/events.js';
import { resolveGraph, type LocatedExtraction } from '../extraction/resolution/resolve-graph.js';
import type { GraphStore } from '../graph/store.js';
import type { ChatModel } from '../llm/chat-model.js';
import type { UsageMeter } from '../llm/usage-meter.js';
import type { Embedder } from '../llm/embedder.js';
import { runEmbedStage, type EmbedStageResult } from './embed-stage.js';
import { buildCommunities } from '../communities/build-communities.js';
import { EXTRACTIVE_REPORT_VERSION, writeExtractiveReport } from '../communities/extractive-report.js';
import { createLlmReportWriter, type ReportCounts } from '../communities/llm-report.js';
import { COMMUNITY_REPORT_PROMPT_VERSION } from '../prompts/community-report-prompt.js';
import { describeExtractor, runExtractStage } from './extract-stage.js';
import type { IndexSummary } from './index-summary.js';
import { prepareIndex } from './prepare-index.js';

/** What the indexing pipeline runs with: the store, its config, events, the model (if any) and cancellation. */
export interface IndexContext {
  store: GraphStore;
  config: RhizomeConfig;
  events: EventSink;
  /** The chat model for extraction; null runs the offline NLP extractor. */
  model: ChatModel | null;
  /** Where model usage of the run is accounted (for the run report). */
  usage?: UsageMeter;
  /** The embedding model for dense vectors; null stores none. */
  embedder?: Embedder | null;
  signal?: AbortSignal;
}

/**
 * Indexes a folder (or one file) into the workspace: ingest → chunk → extract → resolve →
 * communities → store → embed (when an embedder is configured). Unchanged documents reuse their chunks and cached extractions; documents
 * deleted from the folder are removed; the entity layer is re-resolved over the whole corpus and
 * replaced in one checked transaction (see GraphStore.writeIndex). When a budget
 * stops LLM extraction, what was extracted is stored and the rest stays pending for the next run.
 */
export async function runIndex(root: string, context: IndexContext): Promise<IndexSummary> {
  const started = performance.now();
  const { store, config, events, signal } = context;
  const checkAbort = () => {
    if (signal?.aborted) throw new RhizomeError('ABORTED', 'indexing was cancelled; the previous index is unchanged');
  };
  await store.ensureSchema(config.schema);
  const prepared = await prepareIndex(root, context);
  const stageSeconds = { ...prepared.stageSeconds };
  checkAbort();

  const extraction = await timeStage('extract', events, () =>
    runExtractStage(prepared.pending, prepared.documents, { config, vocabulary: prepared.vocabulary, names: prepared.names, events, model: context.model, ...(signal ? { signal } : {}) }), prepared.pending.length);
  stageSeconds.extract = extraction.seconds;
  checkAbort();
  const updatedExtractions: Array<{ chunkId: string; extraction: ChunkExtraction; extractionKey: string }> = prepared.pending
    .filter((chunk) => chunk.extraction !== null && !prepared.replacedIds.has(chunk.documentId))
    .map((chunk) => ({ chunkId: chunk.id, extraction: chunk.extraction as ChunkExtraction, extractionKey: chunk.extractionKey }));

  const located: LocatedExtraction[] = prepared.allChunks.flatMap((chunk) => (chunk.extraction ? [{ extraction: chunk.extraction, documentId: chunk.documentId }] : []));
  const resolution = await timeStage('resolve', events, () => resolveGraph(located, config.schema, config.resolution));
  stageSeconds.resolve = resolution.seconds;
  const graph = resolution.result;
  checkAbort();

  const previousCommunities = await store.listCommunities();
  const reportCounts: ReportCounts = { written: 0, fallbacks: 0 };
  const writer = context.model ? createLlmReportWriter(context.model, reportCounts, signal) : writeExtractiveReport;
  const reportVersion = context.model ? `${COMMUNITY_REPORT_PROMPT_VERSION}:${context.model.cacheIdentity}` : EXTRACTIVE_REPORT_VERSION;
  const communityStage = await timeStage('communities', events, () => buildCommunities({ entities: graph.entities, relations: graph.relations, mentions: graph.mentions }, config.communities, previousCommunities, writer, reportVersion));
  stageSeconds.communities = communityStage.seconds;
  checkAbort();

  const storing = await timeStage('store', events, () =>
    store.writeIndex({
      removedDocumentIds: prepared.plan.removedIds,
      documents: prepared.plan.toWrite,
      chunks: prepared.newChunks,
      updatedExtractions,
      graph: { entities: graph.entities, relations: graph.relations, mentions: graph.mentions },
      merges: graph.merges,
      communities: communityStage.result.communities,
    }),
  );
  stageSeconds.store = storing.seconds;

  let embedded: EmbedStageResult | null = null;
  if (context.embedder) {
    const embedder = context.embedder;
    const embedding = await timeStage('embed', events, () => runEmbedStage(store, embedder, { all: prepared.allChunks, fresh: prepared.newChunks }, graph.entities, signal));
    stageSeconds.embed = embedding.seconds;
    embedded = embedding.result;
  }

  const { loaded, plan, allChunks } = prepared;
  const extracted = prepared.pending.filter((chunk) => chunk.extraction !== null).length;
  const summary: IndexSummary = {
    root: path.resolve(root),
    documents: { seen: loaded.documents.length, added: plan.added, changed: plan.changed, unchanged: plan.unchanged, removed: plan.removedIds.length },
    chunks: {
      total: allChunks.length,
      extracted,
      reused: allChunks.length - prepared.pending.length,
      empty: allChunks.filter((chunk) => !isVerbatimChunk(chunk) && chunk.extraction !== null && chunk.extraction.entities.length === 0).length,
      pending: extraction.result.pendingChunkIds.length,
      verbatim: allChunks.filter(isVerbatimChunk).length,
    },
    entities: graph.entities.length,
    relations: graph.relations.length,
    typedRelations: graph.relations.filter((relation) => relation.type !== 'RELATED_TO').length,
    merges: graph.merges.length,
    communities: communityStage.result.communities.length,
    failures: loaded.failures,
    extractionFailures: extraction.result.failures,
    skipped: loaded.skipped,
    otherEncodings: loaded.documents.flatMap((document) => (document.encoding === undefined || document.encoding === 'utf-8' ? [] : [{ path: document.path, encoding: document.encoding }])),
    stageSeconds,
    seconds: (performance.now() - started) / 1000,
    extractor: describeExtractor(config),
    budgetReached: extraction.result.budgetReached,
    usage: context.usage ? context.usage.report() : null,
    llmExtraction: extraction.result.llmCounts,
    vectors: embedded,
    communityReports: context.model ? { ...reportCounts, reused: communityStage.result.reused } : null,
    partial: loaded.failures.length > 0 || extraction.result.failures.length > 0 || extraction.result.budgetReached,
    reportPath: '',
  };
  summary.reportPath = writeRunReport(config.workspace, summary, graph.merges);
  return summary;
}

function writeRunReport(workspace: string, summary: IndexSummary, merges: unknown[]): string {
  const folder = path.join(workspace, 'runs');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `index-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ ...summary, reportPath: file, merges }, null, 2)}\n`);
  return file;
}
