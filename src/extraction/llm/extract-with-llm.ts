import type { GraphSchema } from '../../config/graph-schema.js';
import type { Chunk, ChunkExtraction, Language } from '../../core/records.js';
import type { ChatModel, ChatRequest } from '../../llm/chat-model.js';
import { generateObject, type GenerateObjectRequest, type GenerateObjectResult } from '../../llm/generate-object.js';
import { ModelCallError, ModelOutputError } from '../../llm/model-errors.js';
import { buildExtractionPrompt, buildGraphReplyJsonSchema, EXTRACT_GRAPH_PROMPT_VERSION, graphReplySchema, type GraphReply, type ReplyLimits } from '../../prompts/extract-graph-prompt.js';
import { buildGleaningMessage, GLEAN_GRAPH_PROMPT_VERSION } from '../../prompts/glean-graph-prompt.js';
import type { DeadLetter } from './dead-letter.js';
import { addExtractionCounts, emptyExtractionCounts, type LlmExtractionCounts } from './extraction-counts.js';
import { groundGraphReply } from './ground-graph-reply.js';

/** Version of the LLM extractor's post-processing; with the prompt versions and model it keys stored extractions. */
export const LLM_EXTRACTOR_VERSION = 'llm-3';

/** A chunk with what its document tells the extractor. */
export interface ChunkSource {
  chunk: Chunk;
  language: Language;
  documentDate: string | null;
  documentTitle?: string | undefined;
}

/** The model and settings LLM extraction runs with. */
export interface LlmExtractionContext {
  model: ChatModel;
  schema: GraphSchema;
  /** Extra passes asking for what was missed (`llm.gleaning`). */
  gleaning: number;
  /** Correction requests per reply before dead-lettering (default 1). */
  maxCorrections?: number;
  /** Size bounds of the reply schema (tighter ones keep small local models from looping). */
  replyLimits?: ReplyLimits;
  signal?: AbortSignal;
}

/** What extracting one chunk gave: records, or a dead letter with the reason; counts either way. */
export interface LlmChunkOutcome {
  chunkId: string;
  extraction: ChunkExtraction | null;
  deadLetter: DeadLetter | null;
  counts: LlmExtractionCounts;
}

/** The first-pass request for a chunk, exactly as sent (the dry run counts and looks up the same one). */
export function buildExtractionRequest(source: ChunkSource, schema: GraphSchema, replyLimits?: ReplyLimits): GenerateObjectRequest<GraphReply> & Pick<ChatRequest, 'system'> {
  const prompt = buildExtractionPrompt({ schema, text: source.chunk.text, documentTitle: source.documentTitle });
  return { ...prompt, promptVersion: EXTRACT_GRAPH_PROMPT_VERSION, purpose: 'extract', schema: graphReplySchema, schemaName: 'knowledge_graph', jsonSchema: buildGraphReplyJsonSchema(schema, replyLimits) };
}

function countAttempts(result: GenerateObjectResult<unknown>): Partial<LlmExtractionCounts> {
  return { modelCalls: result.modelCalls, cachedRequests: result.attempts - result.modelCalls, repairedReplies: result.repaired ? 1 : 0, correctedReplies: result.corrected ? 1 : 0 };
}

/** A model-call failure that concerns this chunk only (bad request, retries exhausted), as opposed to one that stops the run. */
function isChunkFailure(error: unknown): error is ModelCallError | ModelOutputError {
  return error instanceof ModelOutputError || (error instanceof ModelCallError && !error.fatal);
}

/**
 * Extracts one chunk with a chat model: the seed-001 prompt with JSON-schema guidance, repair and
 * one correction request for an unusable reply, optional gleaning passes, then grounding in the
 * chunk's text (see groundGraphReply). An unusable reply or a failed call becomes a dead letter
 * with the reason, never an empty extraction. Budget, cancellation and fatal call errors
 * (authentication, unknown model) propagate so the run can stop.
 */
export async function extractWithLlm(source: ChunkSource, context: LlmExtractionContext): Promise<LlmChunkOutcome> {
  const counts = emptyExtractionCounts();
  const chunkId = source.chunk.id;
  const request = { ...buildExtractionRequest(source, context.schema, context.replyLimits), maxCorrections: context.maxCorrections ?? 1, ...(context.signal ? { signal: context.signal } : {}) };
  let first: GenerateObjectResult<GraphReply>;
  try {
    first = await generateObject(context.model, request);
  } catch (error) {
    if (!isChunkFailure(error)) throw error;
    if (error instanceof ModelOutputError) {
      addExtractionCounts(counts, { modelCalls: error.modelCalls, cachedRequests: error.attempts - error.modelCalls });
      return { chunkId, extraction: null, deadLetter: { chunkId, reason: error.reason, detail: error.message, reply: error.text.slice(0, 500) }, counts };
    }
    return { chunkId, extraction: null, deadLetter: { chunkId, reason: 'model-call-failed', detail: error.message }, counts };
  }
  addExtractionCounts(counts, countAttempts(first));
  const reply: GraphReply = { nodes: [...first.object.nodes], edges: [...first.object.edges] };
  let messages = [...request.messages, { role: 'assistant' as const, content: first.text }];
  for (let pass = 1; pass <= context.gleaning; pass += 1) {
    messages = [...messages, { role: 'user', content: buildGleaningMessage() }];
    try {
      const gleaned = await generateObject(context.model, { ...request, messages, promptVersion: `${EXTRACT_GRAPH_PROMPT_VERSION}+${GLEAN_GRAPH_PROMPT_VERSION}`, purpose: 'glean' });
      addExtractionCounts(counts, countAttempts(gleaned));
      reply.nodes.push(...gleaned.object.nodes);
      reply.edges.push(...gleaned.object.edges);
      if (gleaned.object.nodes.length === 0 && gleaned.object.edges.length === 0) break;
      messages = [...messages, { role: 'assistant', content: gleaned.text }];
    } catch (error) {
      if (!isChunkFailure(error)) throw error;
      addExtractionCounts(counts, { gleaningFailures: 1, ...(error instanceof ModelOutputError ? { modelCalls: error.modelCalls, cachedRequests: error.attempts - error.modelCalls } : {}) });
      break;
    }
  }
  const grounded = groundGraphReply(reply, { chunk: source.chunk, schema: context.schema, language: source.language, documentDate: source.documentDate });
  addExtractionCounts(counts, grounded.counts);
  return { chunkId, extraction: grounded.extraction, deadLetter: null, counts };
}
