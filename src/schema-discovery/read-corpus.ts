import path from 'node:path';
import { chunkDocument } from '../chunking/chunk-document.js';
import type { RhizomeConfig } from '../config/config-schema.js';
import type { GraphSchema } from '../config/graph-schema.js';
import type { Chunk, ChunkExtraction, Language } from '../core/records.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import { extractWithNlp, isVerbatimChunk } from '../extraction/nlp/extract-with-nlp.js';
import { buildCueNamedWords, buildLowercaseVocabulary, buildNameVocabulary, typeNounsAfterNames } from '../extraction/nlp/lowercase-vocabulary.js';
import { loadDocuments } from '../ingest/load-documents.js';

/** A prose chunk of the corpus with its document's language and date. */
export interface CorpusChunk {
  chunk: Chunk;
  language: Language;
  date: string | null;
}

/** A corpus read as the indexer reads it: prose chunks and the vocabularies the offline extractor is given. */
export interface ReadCorpus {
  documents: number;
  /** Files that could not be read, with the reason. */
  failures: Array<{ path: string; reason: string }>;
  chunks: CorpusChunk[];
  vocabulary: Set<string>;
  names: Set<string>;
}

/**
 * Loads and chunks every supported file under `folder` with the indexer's loaders and chunker, keeping
 * prose chunks only (code and tables are never read as sentences). Throws INPUT_NOT_FOUND when the
 * folder holds no document.
 */
export async function readCorpus(folder: string, config: Pick<RhizomeConfig, 'ingest' | 'chunking'>, signal?: AbortSignal): Promise<ReadCorpus> {
  const loaded = await loadDocuments(path.resolve(folder), {
    extensions: config.ingest.extensions,
    maxFileBytes: config.ingest.maxFileBytes,
    exclude: config.ingest.exclude,
    ...(signal ? { signal } : {}),
  });
  if (loaded.documents.length === 0) {
    throw new RhizomeError('INPUT_NOT_FOUND', `${folder}: no document to read (supported: ${config.ingest.extensions.join(' ')})`, { details: { path: folder } });
  }
  const chunks = loaded.documents.flatMap((document) =>
    chunkDocument(document, config.chunking)
      .filter((chunk) => !isVerbatimChunk(chunk))
      .map((chunk): CorpusChunk => ({ chunk, language: document.language, date: document.date })),
  );
  const texts = chunks.map(({ chunk }) => chunk.text);
  return {
    documents: loaded.documents.length,
    failures: loaded.failures.map((failure) => ({ path: failure.path, reason: failure.reason })),
    chunks,
    vocabulary: buildLowercaseVocabulary(texts),
    names: buildNameVocabulary(texts),
  };
}

/** Extracts every chunk of the corpus offline under `schema`, as the index stage would (co-occurrence on, default limits). */
export function extractCorpus(corpus: ReadCorpus, schema: GraphSchema, maxEntitiesPerSentence: number): ChunkExtraction[] {
  const cueNamedWords = buildCueNamedWords(corpus.chunks.map(({ chunk }) => chunk.text), typeNounsAfterNames(schema));
  return corpus.chunks.map(({ chunk, language, date }) =>
    extractWithNlp(chunk, {
      schema,
      language,
      documentDate: date,
      knownLowercase: corpus.vocabulary,
      knownNames: corpus.names,
      cueNamedWords,
      cooccurrence: true,
      maxEntitiesPerSentence,
    }),
  );
}
