import path from 'node:path';
import { chunkDocument } from '../chunking/chunk-document.js';
import type { RhizomeConfig } from '../config/config-schema.js';
import { timeStage, type EventSink } from '../events/events.js';
import { isVerbatimChunk } from '../extraction/nlp/extract-with-nlp.js';
import { buildLowercaseVocabulary, buildNameVocabulary } from '../extraction/nlp/lowercase-vocabulary.js';
import type { GraphStore, StoredChunk } from '../graph/store.js';
import { loadDocuments, type LoadDocumentsResult } from '../ingest/load-documents.js';
import { extractionKeyFor, type ChunkDocument } from './extract-stage.js';
import { planDocumentChanges, type DocumentChangePlan } from './plan-changes.js';

/** Everything decided before extraction: what changed, the chunks, and which need extracting. */
export interface PreparedIndex {
  loaded: LoadDocumentsResult;
  plan: DocumentChangePlan;
  /** Chunks of new and changed documents (not stored yet). */
  newChunks: StoredChunk[];
  /** Every chunk the index will hold after the run. */
  allChunks: StoredChunk[];
  /** Chunks without an extraction under the current key. */
  pending: StoredChunk[];
  documents: Map<string, ChunkDocument>;
  /** Ids of documents whose chunks are replaced or removed. */
  replacedIds: Set<string>;
  vocabulary: Set<string>;
  /** Words the corpus writes capitalised mid-sentence. */
  names: Set<string>;
  stageSeconds: Record<string, number>;
}

/** Ingests and chunks a folder and compares it with the store; writes nothing. */
export async function prepareIndex(root: string, context: { store: GraphStore; config: RhizomeConfig; events: EventSink; signal?: AbortSignal }): Promise<PreparedIndex> {
  const { store, config, events, signal } = context;
  const stageSeconds: Record<string, number> = {};
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
  const storedDocuments = await store.listDocuments();
  const storedChunks = await store.listChunks();
  const plan = planDocumentChanges(path.resolve(root), loaded.documents, loaded.failures, storedDocuments);
  const chunking = await timeStage('chunk', events, () =>
    plan.toWrite.flatMap((document) => chunkDocument(document, config.chunking).map((chunk): StoredChunk => ({ ...chunk, extraction: null, extractionKey: '' }))),
  );
  stageSeconds.chunk = chunking.seconds;
  const newChunks = chunking.result;
  const replacedIds = new Set([...plan.removedIds, ...plan.toWrite.map((document) => document.id)]);
  const allChunks = [...storedChunks.filter((chunk) => !replacedIds.has(chunk.documentId)), ...newChunks];
  const documents = new Map<string, ChunkDocument>(storedDocuments.map((document) => [document.id, document]));
  for (const document of plan.toWrite) documents.set(document.id, document);
  const key = extractionKeyFor(config);
  const pending = allChunks.filter((chunk) => chunk.extraction === null || chunk.extractionKey !== key);
  const proseTexts = allChunks.filter((chunk) => !isVerbatimChunk(chunk)).map((chunk) => chunk.text);
  const vocabulary = buildLowercaseVocabulary(proseTexts);
  const names = buildNameVocabulary(proseTexts);
  return { loaded, plan, newChunks, allChunks, pending, documents, replacedIds, vocabulary, names, stageSeconds };
}
