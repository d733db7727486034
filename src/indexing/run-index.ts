import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chunkDocument } from '../chunking/chunk-document.js';
import { contentHash } from '../core/ids.js';
import type { ChunkExtraction, SourceDocument } from '../core/records.js';
import type { RhizomeConfig } from '../config/config-schema.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import { timeStage, type EventSink } from '../events/events.js';
import { extractWithNlp, NLP_EXTRACTOR_VERSION } from '../extraction/nlp/extract-with-nlp.js';
import { buildLowercaseVocabulary } from '../extraction/nlp/lowercase-vocabulary.js';
import { resolveGraph, type LocatedExtraction } from '../extraction/resolution/resolve-graph.js';
import type { GraphStore, StoredChunk, StoredDocument } from '../graph/store.js';
import { loadDocuments } from '../ingest/load-documents.js';
import { planDocumentChanges } from './plan-changes.js';
import { buildCommunities } from '../communities/build-communities.js';
import type { ExtractionFailure, IndexSummary } from './index-summary.js';

/** What the indexing pipeline runs with: the store, its slice of config, events and cancellation. */
export interface IndexContext {
  store: GraphStore;
  config: RhizomeConfig;
  events: EventSink;
  signal?: AbortSignal;
}

/**
 * Indexes a folder (or one file) into the workspace: ingest → chunk → extract → resolve →
 * store. Unchanged documents reuse their chunks and cached extractions; documents deleted
 * from the folder are removed; the entity layer is re-resolved over the whole corpus and
 * replaced in one transaction, so a failed run leaves the previous index intact.
 */
export async function runIndex(root: string, context: IndexContext): Promise<IndexSummary> {
  const started = performance.now();
  const { store, config, events, signal } = context;
  const stageSeconds: Record<string, number> = {};
  const checkAbort = () => {
    if (signal?.aborted) throw new RhizomeError('ABORTED', 'indexing was cancelled; the previous index is unchanged');
  };
  await store.ensureSchema(config.schema);

  const ingest = await timeStage('ingest', events, () =>
    loadDocuments(root, {
      extensions: config.ingest.extensions,
      maxFileBytes: config.ingest.maxFileBytes,
      exclude: config.ingest.exclude,
      ...(signal ? { signal } : {}),
      onProgress: (progress) => events({ type: 'stage-progress', stage: 'ingest', done: progress.index + 1, total: progress.total, item: progress.path }),
    }),
  );
  stageSeconds.ingest = ingest.seconds;
  const loaded = ingest.result;
  checkAbort();

  const storedDocuments = await store.listDocuments();
  const storedChunks = await store.listChunks();
  const plan = planDocumentChanges(path.resolve(root), loaded.documents, loaded.failures, storedDocuments);

  const chunking = await timeStage('chunk', events, () =>
    plan.toWrite.flatMap((document) => chunkDocument(document, config.chunking).map((chunk) => ({ ...chunk, extraction: null, extractionKey: '' }) as StoredChunk)),
  );
  stageSeconds.chunk = chunking.seconds;
  const newChunks = chunking.result;
  const replacedIds = new Set([...plan.removedIds, ...plan.toWrite.map((document) => document.id)]);
  const keptChunks = storedChunks.filter((chunk) => !replacedIds.has(chunk.documentId));
  checkAbort();

  const documentsById = new Map<string, Pick<StoredDocument, 'id' | 'path' | 'language' | 'date'>>(storedDocuments.map((document) => [document.id, document]));
  plan.toWrite.forEach((document: SourceDocument) => documentsById.set(document.id, document));
  const extractionKey = contentHash(JSON.stringify([NLP_EXTRACTOR_VERSION, config.schema, config.extraction]));
  const allChunks = [...keptChunks, ...newChunks];
  const pending = allChunks.filter((chunk) => chunk.extraction === null || chunk.extractionKey !== extractionKey);
  const vocabulary = buildLowercaseVocabulary(allChunks.map((chunk) => chunk.text));
  const extractionFailures: ExtractionFailure[] = [];
  const updatedExtractions: Array<{ chunkId: string; extraction: ChunkExtraction; extractionKey: string }> = [];
  const extraction = await timeStage('extract', events, () => {
    pending.forEach((chunk, index) => {
      const document = documentsById.get(chunk.documentId);
      try {
        chunk.extraction = extractWithNlp(chunk, {
          schema: config.schema,
          language: document?.language ?? 'en',
          documentDate: document?.date ?? null,
          knownLowercase: vocabulary,
          cooccurrence: config.extraction.cooccurrence,
          maxEntitiesPerSentence: config.extraction.maxEntitiesPerSentence,
        });
        chunk.extractionKey = extractionKey;
        if (!replacedIds.has(chunk.documentId)) updatedExtractions.push({ chunkId: chunk.id, extraction: chunk.extraction, extractionKey });
      } catch (cause) {
        extractionFailures.push({ chunkId: chunk.id, documentPath: document?.path ?? chunk.documentId, reason: (cause as Error).message });
      }
      if (index % 25 === 0 || index === pending.length - 1) events({ type: 'stage-progress', stage: 'extract', done: index + 1, total: pending.length });
    });
  }, pending.length);
  stageSeconds.extract = extraction.seconds;
  checkAbort();

  const located: LocatedExtraction[] = allChunks.flatMap((chunk) => (chunk.extraction ? [{ extraction: chunk.extraction, documentId: chunk.documentId }] : []));
  const resolution = await timeStage('resolve', events, () => resolveGraph(located, config.schema, config.resolution));
  stageSeconds.resolve = resolution.seconds;
  const graph = resolution.result;
  checkAbort();

  const previousCommunities = await store.listCommunities();
  const communityStage = await timeStage('communities', events, () =>
    buildCommunities({ entities: graph.entities, relations: graph.relations, mentions: graph.mentions }, config.communities, previousCommunities),
  );
  stageSeconds.communities = communityStage.seconds;
  checkAbort();

  const storing = await timeStage('store', events, () =>
    store.writeIndex({
      removedDocumentIds: plan.removedIds,
      documents: plan.toWrite,
      chunks: newChunks,
      updatedExtractions,
      graph: { entities: graph.entities, relations: graph.relations, mentions: graph.mentions },
      merges: graph.merges,
      communities: communityStage.result.communities,
    }),
  );
  stageSeconds.store = storing.seconds;

  const emptyChunks = allChunks.filter((chunk) => chunk.extraction !== null && chunk.extraction.entities.length === 0).length;
  const typedRelations = graph.relations.filter((relation) => relation.type !== 'RELATED_TO').length;
  const summary: IndexSummary = {
    root: path.resolve(root),
    documents: { seen: loaded.documents.length, added: plan.added, changed: plan.changed, unchanged: plan.unchanged, removed: plan.removedIds.length },
    chunks: { total: allChunks.length, extracted: pending.length - extractionFailures.length, reused: allChunks.length - pending.length, empty: emptyChunks },
    entities: graph.entities.length,
    relations: graph.relations.length,
    typedRelations,
    merges: graph.merges.length,
    communities: communityStage.result.communities.length,
    failures: loaded.failures,
    extractionFailures,
    skipped: loaded.skipped,
    stageSeconds,
    seconds: (performance.now() - started) / 1000,
    extractor: `${NLP_EXTRACTOR_VERSION} (offline NLP: no LLM configured)`,
    partial: loaded.failures.length > 0 || extractionFailures.length > 0,
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
