import { contentHash } from '../core/ids.js';
import type { ChunkExtraction } from '../core/records.js';
import type { RhizomeConfig } from '../config/config-schema.js';
import type { EventSink } from '../events/events.js';
import { describeDeadLetter } from '../extraction/llm/dead-letter.js';
import { extractChunksWithLlm } from '../extraction/llm/extract-chunks-with-llm.js';
import { LLM_EXTRACTOR_VERSION, type ChunkSource } from '../extraction/llm/extract-with-llm.js';
import type { LlmExtractionCounts } from '../extraction/llm/extraction-counts.js';
import { extractWithNlp, NLP_EXTRACTOR_VERSION } from '../extraction/nlp/extract-with-nlp.js';
import type { StoredChunk, StoredDocument } from '../graph/store.js';
import type { ChatModel } from '../llm/chat-model.js';
import { describeChatModel } from '../llm/model-identity.js';
import { EXTRACT_GRAPH_PROMPT_VERSION } from '../prompts/extract-graph-prompt.js';
import { GLEAN_GRAPH_PROMPT_VERSION } from '../prompts/glean-graph-prompt.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import type { ExtractionFailure } from './index-summary.js';

/** The document facts extraction needs for a chunk. */
export type ChunkDocument = Pick<StoredDocument, 'id' | 'path' | 'title' | 'language' | 'date'>;

/** What the extract stage did. */
export interface ExtractStageResult {
  failures: ExtractionFailure[];
  /** Chunks left unextracted because the budget ran out (the next run resumes them). */
  pendingChunkIds: string[];
  budgetReached: boolean;
  llmCounts: LlmExtractionCounts | null;
}

/**
 * Identifies what an extraction was made with; a stored extraction is reused only under the
 * same key (extractor and prompt versions, model, schema and options).
 */
export function extractionKeyFor(config: RhizomeConfig): string {
  if (config.llm.provider === 'none') return contentHash(JSON.stringify([NLP_EXTRACTOR_VERSION, config.schema, config.extraction]));
  const llm = config.llm;
  return contentHash(JSON.stringify([LLM_EXTRACTOR_VERSION, EXTRACT_GRAPH_PROMPT_VERSION, GLEAN_GRAPH_PROMPT_VERSION, describeChatModel(llm).cacheIdentity, config.schema, llm.gleaning, llm.temperature, llm.maxOutputTokens]));
}

/** The key of extractions imported from elsewhere (`rhizome import` of an extractions file): kept as they are by every later run. */
export const EXTERNAL_EXTRACTION_KEY = 'external-1';

/** The extractor a config selects, in words for summaries and `rhizome stats`. */
export function describeExtractor(config: RhizomeConfig): string {
  if (config.llm.provider === 'none') return `${NLP_EXTRACTOR_VERSION} (offline NLP: no LLM configured)`;
  return `${LLM_EXTRACTOR_VERSION} with ${describeChatModel(config.llm).modelId}`;
}

/** Sources for LLM extraction: each chunk with its document's language, date and title. */
export function chunkSources(chunks: StoredChunk[], documents: Map<string, ChunkDocument>): ChunkSource[] {
  return chunks.map((chunk) => {
    const document = documents.get(chunk.documentId);
    return { chunk, language: document?.language ?? 'en', documentDate: document?.date ?? null, documentTitle: document?.title };
  });
}

/**
 * Extracts the pending chunks in place (setting `extraction` and `extractionKey`) with the NLP
 * extractor, or with the chat model when one is configured. A chunk that fails is recorded
 * with its reason and left unextracted; a budget stop leaves the rest pending.
 */
export async function runExtractStage(
  pending: StoredChunk[],
  documents: Map<string, ChunkDocument>,
  context: { config: RhizomeConfig; vocabulary: ReadonlySet<string>; names?: ReadonlySet<string>; cueNamedWords?: ReadonlySet<string>; events: EventSink; model: ChatModel | null; signal?: AbortSignal; onExtracted?: (chunk: StoredChunk) => void },
): Promise<ExtractStageResult> {
  const key = extractionKeyFor(context.config);
  const failures: ExtractionFailure[] = [];
  const pathOf = (chunk: StoredChunk) => documents.get(chunk.documentId)?.path ?? chunk.documentId;
  const accept = (chunk: StoredChunk, extraction: ChunkExtraction) => {
    chunk.extraction = extraction;
    chunk.extractionKey = key;
    context.onExtracted?.(chunk);
  };
  if (!context.model) {
    let lastYield = performance.now();
    for (const [index, chunk] of pending.entries()) {
      // Offline extraction is synchronous work: give the event loop (and Ctrl-C) a turn every 50 ms.
      if (performance.now() - lastYield > 50) {
        await new Promise((resolve) => setImmediate(resolve));
        lastYield = performance.now();
      }
      if (context.signal?.aborted === true) throw new RhizomeError('ABORTED', 'extraction was cancelled', { cause: context.signal.reason });
      const document = documents.get(chunk.documentId);
      try {
        accept(chunk, extractWithNlp(chunk, {
          schema: context.config.schema,
          language: document?.language ?? 'en',
          documentDate: document?.date ?? null,
          knownLowercase: context.vocabulary,
          ...(context.names ? { knownNames: context.names } : {}),
          ...(context.cueNamedWords ? { cueNamedWords: context.cueNamedWords } : {}),
          cooccurrence: context.config.extraction.cooccurrence,
          maxEntitiesPerSentence: context.config.extraction.maxEntitiesPerSentence,
        }));
      } catch (cause) {
        failures.push({ chunkId: chunk.id, documentPath: pathOf(chunk), reason: (cause as Error).message });
      }
      if (index % 25 === 0 || index === pending.length - 1) context.events({ type: 'stage-progress', stage: 'extract', done: index + 1, total: pending.length });
    }
    return { failures, pendingChunkIds: [], budgetReached: false, llmCounts: null };
  }
  const byId = new Map(pending.map((chunk) => [chunk.id, chunk]));
  const run = await extractChunksWithLlm(chunkSources(pending, documents), {
    model: context.model,
    schema: context.config.schema,
    gleaning: context.config.llm.gleaning,
    ...(context.signal ? { signal: context.signal } : {}),
  }, {
    concurrency: context.config.llm.concurrency,
    onChunkDone: (outcome, done, total) => {
      const chunk = byId.get(outcome.chunkId);
      if (chunk && outcome.extraction) accept(chunk, outcome.extraction);
      context.events({ type: 'stage-progress', stage: 'extract', done, total });
    },
  });
  for (const letter of run.deadLetters) {
    const chunk = byId.get(letter.chunkId);
    failures.push({ chunkId: letter.chunkId, documentPath: chunk ? pathOf(chunk) : letter.chunkId, reason: describeDeadLetter(letter) });
  }
  return { failures, pendingChunkIds: run.pendingChunkIds, budgetReached: run.stoppedBy !== null, llmCounts: run.counts };
}
