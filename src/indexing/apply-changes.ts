import { isVerbatimChunk } from '../extraction/nlp/extract-with-nlp.js';
import type { ChunkExtraction, Entity, MergeRecord } from '../core/records.js';
import { Held } from '../core/held.js';
import type { StoredChunk } from '../graph/store.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import { timeStage } from '../events/events.js';
import { resolveGraph, type LocatedExtraction } from '../extraction/resolution/resolve-graph.js';
import { buildCommunities } from '../communities/build-communities.js';
import { EXTRACTIVE_REPORT_VERSION, writeExtractiveReport } from '../communities/extractive-report.js';
import { createLlmReportWriter, type ReportCounts } from '../communities/llm-report.js';
import { COMMUNITY_REPORT_PROMPT_VERSION } from '../prompts/community-report-prompt.js';
import { contentHash } from '../core/ids.js';
import { readStoredLayer, recordDocumentVersions } from './document-recordings.js';
import { applyInvalidations, readInvalidations } from '../history/invalidations.js';
import { applyOverrides, mergeConstraintsOf } from '../review/apply-overrides.js';
import { readOverrides } from '../review/override-store.js';
import { runEmbedStage, type EmbedStageResult } from './embed-stage.js';
import { storeRun, type StoreInputs } from './store-stage.js';
import { describeExtractor, extractionKeyFor, runExtractStage } from './extract-stage.js';
import { RunCheckpoint, type InterruptedRun } from './run-checkpoint.js';
import { releaseStageGarbage } from './collect-garbage.js';
import type { IndexSummary } from './index-summary.js';
import type { PreparedIndex } from './prepare-index.js';
import type { IndexContext } from './run-index.js';

/** How a removal treats the history of what it removes. */
export interface RemovalOptions {
  /** Also delete the removed documents' retracted facts (every version), and retract none: nothing of them stays for `knownAt`. */
  erase?: boolean;
}

/**
 * A run that replaces or removes more than this share of the stored documents (or indexes into an
 * empty workspace) writes a large part of the graph; a smaller one writes a difference, whose memory
 * is small (the stores write a difference up to about this share, see INCREMENTAL_WRITE_SHARE).
 */
const LARGE_WRITE_SHARE = 0.2;

function writesLargePart(prepared: PreparedIndex): boolean {
  return prepared.replacedIds.size > LARGE_WRITE_SHARE * prepared.storedDocuments.length;
}

/** Meta key of the log of alias merges undone by later runs (newest last). */
export const UNDONE_MERGES_META = 'undoneMerges';
const UNDONE_MERGES_KEPT = 500;

/** One alias merge that a run undid because the evidence for it went, with the documents removed then. */
export interface UndoneMerge extends MergeRecord {
  at: string;
  removedDocuments: string[];
}

/**
 * Applies a prepared change to the workspace: extract pending chunks → re-resolve the entity layer
 * from every kept chunk → re-apply the review decisions → communities → one checked write → vectors. Everything derived (mentions,
 * relations, entities, descriptions, aliases, merges, communities) is rebuilt from the chunks that
 * remain, so a removed document leaves no evidence behind; the facts the write drops or changes are
 * kept apart as retracted (transaction time), for `knownAt` queries only. Returns the run summary (without its report path) and the merges made.
 */
export function applyChanges(prepared: PreparedIndex, context: IndexContext, started: number, kind: 'index' | 'remove' = 'index', options: RemovalOptions = {}): Promise<{ summary: Omit<IndexSummary, 'reportPath'>; merges: MergeRecord[] }> {
  // Not async, and the prepared run handed on held: a parameter of an async function stays resident
  // until it returns, and a large index lets go of its records before the store loads them.
  const checkpoint = RunCheckpoint.open(context.config.workspace, kind, corpusKeyOf(prepared, extractionKeyFor(context.config)));
  return settleCheckpoint(checkpoint, kind, applyWithCheckpoint(new Held(prepared), context, started, checkpoint, options));
}

async function settleCheckpoint<T>(checkpoint: RunCheckpoint, kind: 'index' | 'remove', applying: Promise<T>): Promise<T> {
  try {
    const result = await applying;
    checkpoint.complete();
    return result;
  } catch (error) {
    checkpoint.release();
    if (error instanceof RhizomeError && error.code === 'ABORTED') throw new RhizomeError('ABORTED', describeCancelled(checkpoint, kind), { cause: error });
    throw error;
  }
}

async function applyWithCheckpoint(held: Held<PreparedIndex>, context: IndexContext, started: number, checkpoint: RunCheckpoint, options: RemovalOptions): Promise<{ summary: Omit<IndexSummary, 'reportPath'>; merges: MergeRecord[] }> {
  const { store, events, signal } = context;
  const interrupted = checkpoint.interrupted;
  const largeWrite = writesLargePart(held.value);
  const run = await resolveRun(held, context, checkpoint, options);
  // The write's memory is Kuzu's, outside the heap: what the stages before left behind goes first.
  releaseStageGarbage(largeWrite);
  const storing = await timeStage('store', events, () => storeRun(store, run.toStore, checkpoint.startedAt, signal));
  const stageSeconds: Record<string, number> = { ...run.stageSeconds, store: storing.seconds };
  if (run.undoneMerges.length > 0) await recordUndoneMerges(context, run.undoneMerges, run.removedPaths, checkpoint.startedAt);
  checkpoint.clearExtractions();
  checkpoint.reach('stored');

  let embedded: EmbedStageResult | null = null;
  if (context.embedder && run.toEmbed) {
    const embedder = context.embedder;
    const toEmbed = run.toEmbed;
    checkpoint.reach('embed');
    // After an interrupted run some chunks may lack vectors: embed them all (the embedding cache makes known texts free).
    const fresh = interrupted === null ? toEmbed.newChunks : toEmbed.allChunks;
    const embedding = await timeStage('embed', events, () => runEmbedStage(store, embedder, { all: toEmbed.allChunks, fresh }, toEmbed.entities, signal));
    stageSeconds.embed = embedding.seconds;
    embedded = embedding.result;
  }
  // The figures known only now take the places they were given in the run's summary.
  const summary: Omit<IndexSummary, 'reportPath'> = { ...run.summary, stageSeconds, seconds: (performance.now() - started) / 1000, usage: context.usage ? context.usage.report() : null, vectors: embedded };
  return { summary, merges: run.merges };
}

/** What the stages before the store hand on: the write (held, to be let go of) and what the summary and the embed stage need. */
interface ResolvedRun {
  toStore: Held<StoreInputs>;
  /** The records the embed stage reads, kept only when an embedder is configured. */
  toEmbed: { allChunks: StoredChunk[]; newChunks: StoredChunk[]; entities: Entity[] } | null;
  /** The run's summary, its stage times, duration, usage and vectors still to be filled in. */
  summary: Omit<IndexSummary, 'reportPath'>;
  stageSeconds: Record<string, number>;
  merges: MergeRecord[];
  undoneMerges: MergeRecord[];
  removedPaths: string[];
}

/** Extract → resolve → communities: the run up to its write, which it hands on held with the figures of its summary. */
async function resolveRun(held: Held<PreparedIndex>, context: IndexContext, checkpoint: RunCheckpoint, options: RemovalOptions): Promise<ResolvedRun> {
  const prepared = held.take();
  const { store, config, events, signal } = context;
  const checkAbort = () => {
    if (signal?.aborted) throw new RhizomeError('ABORTED', 'indexing was cancelled');
  };
  const stageSeconds = { ...prepared.stageSeconds };
  checkAbort();
  const interrupted = checkpoint.interrupted;
  if (interrupted?.undone) await recordLandedUndoneMerges(context, interrupted);

  const restored = checkpoint.restoreExtractions(prepared.pending, extractionKeyFor(config));
  const toExtract = prepared.pending.filter((chunk) => !restored.has(chunk.id));
  checkpoint.reach('extract');
  const extraction = await timeStage('extract', events, () =>
    runExtractStage(toExtract, prepared.documents, { config, vocabulary: prepared.vocabulary, names: prepared.names, cueNamedWords: prepared.cueNamedWords, events, model: context.model, onExtracted: (chunk) => checkpoint.recordExtraction(chunk), ...(signal ? { signal } : {}) }), toExtract.length);
  stageSeconds.extract = extraction.seconds;
  checkAbort();
  const updatedExtractions: Array<{ chunkId: string; extraction: ChunkExtraction; extractionKey: string }> = prepared.pending
    .filter((chunk) => chunk.extraction !== null && !prepared.replacedIds.has(chunk.documentId))
    .map((chunk) => ({ chunkId: chunk.id, extraction: chunk.extraction as ChunkExtraction, extractionKey: chunk.extractionKey }));

  checkpoint.reach('resolve');
  const located: LocatedExtraction[] = prepared.allChunks.flatMap((chunk) => (chunk.extraction ? [{ extraction: chunk.extraction, documentId: chunk.documentId }] : []));
  const recorded = recordDocumentVersions(prepared.storedDocuments, prepared.plan.toWrite, checkpoint.startedAt);
  const overrides = await readOverrides(store);
  const resolution = await timeStage('resolve', events, () => applyOverrides(resolveGraph(located, config.schema, config.resolution, recorded.recordings, mergeConstraintsOf(overrides)), overrides, config.schema));
  stageSeconds.resolve = resolution.seconds;
  const graph = resolution.result.graph;
  applyInvalidations(graph.relations, await readInvalidations(store));
  checkAbort();

  checkpoint.reach('communities');
  releaseStageGarbage(writesLargePart(prepared));
  const storedLayer = await readStoredLayer(store);
  const previousCommunities = storedLayer.communities;
  const previousMerges = await store.listMerges();
  const reportCounts: ReportCounts = { written: 0, fallbacks: 0 };
  const writer = context.model ? createLlmReportWriter(context.model, reportCounts, signal) : writeExtractiveReport;
  const reportVersion = context.model ? `${COMMUNITY_REPORT_PROMPT_VERSION}:${context.model.cacheIdentity}` : EXTRACTIVE_REPORT_VERSION;
  const communityStage = await timeStage('communities', events, () => buildCommunities({ entities: graph.entities, relations: graph.relations, mentions: graph.mentions }, config.communities, previousCommunities, writer, reportVersion));
  stageSeconds.communities = communityStage.seconds;
  checkAbort();

  const undoneMerges = findUndoneMerges(previousMerges, graph.merges);
  const removedPaths = prepared.removedDocuments.map((document) => document.path);
  checkpoint.reach('store', { merges: undoneMerges, removedDocuments: removedPaths });

  const { loaded, plan, allChunks } = prepared;
  return {
    toStore: new Held<StoreInputs>({
      storedDocumentCount: prepared.storedDocuments.length,
      rewrittenIds: plan.toWrite.map((document) => document.id),
      removedIds: plan.removedIds,
      erase: options.erase === true,
      documents: recorded.documents,
      chunks: prepared.newChunks,
      updatedExtractions,
      graph: { entities: graph.entities, relations: graph.relations, mentions: graph.mentions },
      merges: graph.merges,
      communities: communityStage.result.communities,
      storedLayer: { graph: storedLayer.graph, communities: previousCommunities },
    }),
    toEmbed: context.embedder ? { allChunks: prepared.allChunks, newChunks: prepared.newChunks, entities: graph.entities } : null,
    summary: {
      roots: prepared.roots,
      documents: { seen: loaded.documents.length + loaded.unchanged.length, added: plan.added, changed: plan.changed, unchanged: plan.unchanged, removed: plan.removedIds.length },
      removedDocuments: prepared.removedDocuments,
      missingDocuments: plan.missing,
      emptyRoots: prepared.emptyRoots,
      chunks: {
        total: allChunks.length,
        extracted: prepared.pending.filter((chunk) => chunk.extraction !== null).length,
        reused: allChunks.length - prepared.pending.length,
        empty: allChunks.filter((chunk) => !isVerbatimChunk(chunk) && chunk.extraction !== null && chunk.extraction.entities.length === 0).length,
        pending: extraction.result.pendingChunkIds.length,
        verbatim: allChunks.filter(isVerbatimChunk).length,
      },
      entities: graph.entities.length,
      relations: graph.relations.length,
      typedRelations: graph.relations.filter((relation) => relation.type !== 'RELATED_TO').length,
      merges: graph.merges.length,
      undoneMerges,
      reviewDecisions: { applied: overrides.length - resolution.result.stale.length, stale: resolution.result.stale },
      communities: communityStage.result.communities.length,
      failures: loaded.failures,
      extractionFailures: extraction.result.failures,
      skipped: loaded.skipped,
      otherEncodings: otherEncodingsOf(loaded),
      stageSeconds: {},
      seconds: 0,
      extractor: describeExtractor(config),
      budgetReached: extraction.result.budgetReached,
      usage: null,
      llmExtraction: extraction.result.llmCounts,
      vectors: null,
      communityReports: context.model ? { ...reportCounts, reused: communityStage.result.reused } : null,
      resumed: interrupted === null ? null : { stage: interrupted.stage, startedAt: interrupted.startedAt, extractions: restored.size },
      partial: loaded.failures.length > 0 || extraction.result.failures.length > 0 || extraction.result.budgetReached,
    },
    stageSeconds,
    merges: graph.merges,
    undoneMerges,
    removedPaths,
  };
}

/** The files read in another encoding than UTF-8, parsed or found unchanged, in path order. */
function otherEncodingsOf(loaded: PreparedIndex['loaded']): Array<{ path: string; encoding: string }> {
  return [...loaded.documents, ...loaded.unchanged]
    .flatMap((file) => (file.encoding === undefined || file.encoding === 'utf-8' ? [] : [{ path: file.path, encoding: file.encoding }]))
    .sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
}

/** The hash of what every extraction of this run depends on besides its chunk: extractor key and corpus vocabularies. */
function corpusKeyOf(prepared: PreparedIndex, extractionKey: string): string {
  return contentHash(JSON.stringify([extractionKey, [...prepared.vocabulary].sort(), [...prepared.names].sort()]));
}

/** What a cancelled run kept, for the ABORTED message. */
function describeCancelled(checkpoint: RunCheckpoint, kind: 'index' | 'remove'): string {
  const stage = checkpoint.stage;
  const landed = stage === 'stored' || stage === 'embed';
  const previous = landed ? 'the new graph was stored' : 'the previous index is unchanged (nothing of this run was written to the graph)';
  const journaled = checkpoint.recordedExtractions > 0 && !landed ? `; ${checkpoint.recordedExtractions} new chunk extraction(s) are kept in the checkpoint and will not be redone` : '';
  const vectors = stage === 'embed' ? '; some vectors may be missing until the next run' : '';
  return `${kind === 'index' ? 'indexing' : 'removal'} was cancelled during the ${stage === 'prepared' ? 'extract' : stage === 'stored' ? 'final' : stage} stage: ${previous}${journaled}${vectors} — run the same command again to finish`;
}

/** Merges of the previous run that the new resolution no longer makes (same alias into the same name). */
export function findUndoneMerges(previous: MergeRecord[], next: MergeRecord[]): MergeRecord[] {
  const key = (merge: MergeRecord) => `${merge.merged}\u0000${merge.kept}`;
  const kept = new Set(next.map(key));
  return previous.filter((merge) => !kept.has(key(merge)));
}

async function recordUndoneMerges(context: IndexContext, merges: MergeRecord[], removedDocuments: string[], at: string): Promise<void> {
  const log = await readUndoneMerges(context.store);
  const logged = new Set(log.map((entry) => `${entry.at}\u0000${entry.merged}\u0000${entry.kept}`));
  const fresh = merges.filter((merge) => !logged.has(`${at}\u0000${merge.merged}\u0000${merge.kept}`));
  if (fresh.length === 0) return;
  const entries = [...log, ...fresh.map((merge): UndoneMerge => ({ ...merge, at, removedDocuments }))];
  await context.store.setMeta(UNDONE_MERGES_META, JSON.stringify(entries.slice(-UNDONE_MERGES_KEPT)));
}

/**
 * An interrupted run recorded the merges it undid before its store write; when that write landed
 * (the stored merges no longer make them), they are logged now, once.
 */
async function recordLandedUndoneMerges(context: IndexContext, interrupted: InterruptedRun): Promise<void> {
  const undone = interrupted.undone;
  if (!undone || undone.merges.length === 0) return;
  const stored = await context.store.listMerges();
  const landed = undone.merges.filter((merge) => findUndoneMerges([merge], stored).length > 0);
  if (landed.length > 0) await recordUndoneMerges(context, landed, undone.removedDocuments, interrupted.startedAt);
}

/** The log of alias merges undone by later runs, oldest first. */
export async function readUndoneMerges(store: IndexContext['store']): Promise<UndoneMerge[]> {
  const raw = await store.getMeta(UNDONE_MERGES_META);
  if (!raw) return [];
  try {
    return JSON.parse(raw) as UndoneMerge[];
  } catch {
    return [];
  }
}
