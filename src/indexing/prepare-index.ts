import path from 'node:path';
import type { SourceDocument } from '../core/records.js';
import { chunkDocument } from '../chunking/chunk-document.js';
import type { RhizomeConfig } from '../config/config-schema.js';
import { timeStage, type EventSink } from '../events/events.js';
import { isVerbatimChunk } from '../extraction/nlp/extract-with-nlp.js';
import { typeNounsAfterNames } from '../extraction/nlp/lowercase-vocabulary.js';
import { buildCorpusVocabularies } from '../extraction/nlp/corpus-vocabularies.js';
import type { GraphStore, StoredChunk, StoredDocument } from '../graph/store.js';
import { loadDocuments, type LoadDocumentsResult } from '../ingest/load-documents.js';
import { EXTERNAL_EXTRACTION_KEY, extractionKeyFor, type ChunkDocument } from './extract-stage.js';
import { planDocumentChanges, type DocumentChangePlan, type DocumentReference } from './plan-changes.js';

/** Everything decided before extraction: what changed, the chunks, and which need extracting. */
export interface PreparedIndex {
  /** The paths indexed (absolute); empty for a removal. */
  roots: string[];
  /** Roots under which no supported file was found. */
  emptyRoots: string[];
  loaded: LoadDocumentsResult;
  plan: DocumentChangePlan;
  /** The documents stored when the run was prepared (the run writes over them). */
  storedDocuments: StoredDocument[];
  /** The stored documents the run removes. */
  removedDocuments: DocumentReference[];
  /** Chunks of new and changed documents (not stored yet). */
  newChunks: StoredChunk[];
  /** Every chunk the index will hold after the run, in document path then chunk order. */
  allChunks: StoredChunk[];
  /** Chunks without an extraction under the current key. */
  pending: StoredChunk[];
  documents: Map<string, ChunkDocument>;
  /** Ids of documents whose chunks are replaced or removed. */
  replacedIds: Set<string>;
  vocabulary: Set<string>;
  /** Words the corpus writes capitalised mid-sentence. */
  names: Set<string>;
  /** Words the corpus writes capitalised just before a type noun ("the Plover programme"). */
  cueNamedWords: Set<string>;
  stageSeconds: Record<string, number>;
}

interface PrepareContext {
  store: GraphStore;
  config: RhizomeConfig;
  events: EventSink;
  signal?: AbortSignal;
}

/** Ingests and chunks the given folders or files and compares them with the store; writes nothing. */
export async function prepareIndex(roots: string[], context: PrepareContext, options: { prune?: boolean } = {}): Promise<PreparedIndex> {
  const { config, events, signal } = context;
  const resolvedRoots = [...new Set(roots.map((root) => path.resolve(root)))];
  const storedDocuments = await context.store.listDocuments();
  // A file whose bytes hash to its stored version is kept as it is (see planDocumentChanges): it need not be parsed.
  const indexedHashes = new Map(storedDocuments.map((document) => [document.path, document.contentHash]));
  const ingest = await timeStage('ingest', events, async () => {
    const results: LoadDocumentsResult[] = [];
    for (const root of resolvedRoots) {
      results.push(await loadDocuments(root, {
        extensions: config.ingest.extensions,
        maxFileBytes: config.ingest.maxFileBytes,
        exclude: config.ingest.exclude,
        indexedHashes,
        ...(signal ? { signal } : {}),
        onProgress: (progress) => events({ type: 'stage-progress', stage: 'ingest', done: progress.index + 1, total: progress.total, item: progress.path }),
      }));
    }
    return results;
  });
  const results = ingest.result;
  const emptyRoots = resolvedRoots.filter((_, index) => results[index]?.documents.length === 0 && results[index]?.unchanged.length === 0 && results[index]?.failures.length === 0);
  const loaded = mergeLoaded(results);
  const plan = planDocumentChanges(resolvedRoots, [...loaded.documents, ...loaded.unchanged], loaded.failures, storedDocuments, options.prune ?? false);
  return assemble({ roots: resolvedRoots, emptyRoots, loaded, plan, storedDocuments, ingestSeconds: ingest.seconds }, context);
}

/** Prepares a run that adds or refreshes documents given in memory (imported extractions), keeping every other stored document. */
export async function prepareDocuments(documents: SourceDocument[], context: PrepareContext): Promise<PreparedIndex> {
  const storedDocuments = await context.store.listDocuments();
  const loaded: LoadDocumentsResult = { documents, unchanged: [], failures: [], skipped: [] };
  const plan = planDocumentChanges([], documents, [], storedDocuments, false);
  return assemble({ roots: [], emptyRoots: [], loaded, plan, storedDocuments, ingestSeconds: 0 }, context);
}

/** Prepares a run that removes the given stored documents and changes nothing else. */
export async function prepareRemoval(documentIds: string[], context: PrepareContext): Promise<PreparedIndex> {
  const storedDocuments = await context.store.listDocuments();
  const plan: DocumentChangePlan = { toWrite: [], removedIds: [...new Set(documentIds)], missing: [], added: 0, changed: 0, unchanged: 0 };
  return assemble({ roots: [], emptyRoots: [], loaded: { documents: [], unchanged: [], failures: [], skipped: [] }, plan, storedDocuments, ingestSeconds: 0 }, context);
}

interface Decided {
  roots: string[];
  emptyRoots: string[];
  loaded: LoadDocumentsResult;
  plan: DocumentChangePlan;
  storedDocuments: StoredDocument[];
  ingestSeconds: number;
}

async function assemble(decided: Decided, context: PrepareContext): Promise<PreparedIndex> {
  const { config, events } = context;
  const { plan, storedDocuments } = decided;
  const storedChunks = context.store.readStoredChunks ? await context.store.readStoredChunks() : await context.store.listChunks();
  const chunking = await timeStage('chunk', events, () =>
    plan.toWrite.flatMap((document) => chunkDocument(document, config.chunking).map((chunk): StoredChunk => ({ ...chunk, extraction: null, extractionKey: '' }))),
  );
  const newChunks = chunking.result;
  const replacedIds = new Set([...plan.removedIds, ...plan.toWrite.map((document) => document.id)]);
  const documents = new Map<string, ChunkDocument>(storedDocuments.map((document) => [document.id, document]));
  for (const document of plan.toWrite) documents.set(document.id, document);
  const pathOf = (chunk: StoredChunk) => documents.get(chunk.documentId)?.path ?? '';
  // One order whatever the history (fresh run, refresh, remove then re-add): resolution depends on it.
  const allChunks = [...storedChunks.filter((chunk) => !replacedIds.has(chunk.documentId)), ...newChunks]
    .sort((left, right) => compareStrings(pathOf(left), pathOf(right)) || left.index - right.index);
  const key = extractionKeyFor(config);
  const pending = allChunks.filter((chunk) => chunk.extraction === null || (chunk.extractionKey !== key && chunk.extractionKey !== EXTERNAL_EXTRACTION_KEY));
  const proseTexts = allChunks.filter((chunk) => !isVerbatimChunk(chunk)).map((chunk) => chunk.text);
  const { vocabulary, names, cueNamedWords } = buildCorpusVocabularies(proseTexts, typeNounsAfterNames(config.schema));
  const removedSet = new Set(plan.removedIds);
  const removedDocuments = storedDocuments.filter((document) => removedSet.has(document.id)).map((document) => ({ id: document.id, path: document.path }));
  return {
    roots: decided.roots,
    emptyRoots: decided.emptyRoots,
    loaded: decided.loaded,
    plan,
    storedDocuments,
    removedDocuments,
    newChunks,
    allChunks,
    pending,
    documents,
    replacedIds,
    vocabulary,
    names,
    cueNamedWords,
    stageSeconds: { ingest: decided.ingestSeconds, chunk: chunking.seconds },
  };
}

function mergeLoaded(results: LoadDocumentsResult[]): LoadDocumentsResult {
  const seen = new Set<string>();
  const firstSeen = (file: { path: string }) => !seen.has(file.path) && Boolean(seen.add(file.path));
  // One file reached through two roots (a folder and a file in it) is read once: the first root's reading stands.
  const documents: LoadDocumentsResult['documents'] = [];
  const unchanged: LoadDocumentsResult['unchanged'] = [];
  for (const result of results) {
    documents.push(...result.documents.filter(firstSeen));
    unchanged.push(...result.unchanged.filter(firstSeen));
  }
  const failed = new Set<string>();
  const failures = results.flatMap((result) => result.failures).filter((failure) => !failed.has(failure.path) && Boolean(failed.add(failure.path)));
  return { documents, unchanged, failures, skipped: [...new Set(results.flatMap((result) => result.skipped))] };
}

/** Code-unit order, the order folders are walked in, so a fresh run keeps its load order. */
function compareStrings(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
