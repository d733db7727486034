import { countTokens } from '../../chunking/tokens.js';
import type { GraphSchema } from '../../config/graph-schema.js';
import type { LlmConfig } from '../../config/model-config.js';
import { DiskCache } from '../../llm/disk-cache.js';
import { chatCacheKey } from '../../llm/middleware/with-cache.js';
import { estimateInputTokens } from '../../llm/middleware/with-budget-guard.js';
import { describeChatModel } from '../../llm/model-identity.js';
import { costOf, resolvePrices, type PriceSource } from '../../llm/model-prices.js';
import type { ReplyLimits } from '../../prompts/extract-graph-prompt.js';
import { buildGleaningMessage } from '../../prompts/glean-graph-prompt.js';
import { buildExtractionRequest, type ChunkSource } from './extract-with-llm.js';

/** Expected reply size, in tokens per token of chunk text, plus a fixed part (JSON braces, short chunks). */
export const EXPECTED_OUTPUT_TOKENS_PER_CHUNK_TOKEN = 0.75;
const EXPECTED_OUTPUT_BASE_TOKENS = 50;
/** A gleaning reply is expected to be this fraction of the first reply. */
const GLEANING_OUTPUT_SHARE = 0.25;

/** What indexing a set of chunks with an LLM is expected to cost; computed without any model call. */
export interface ExtractionCostEstimate {
  model: string;
  chunks: number;
  /** Chunks whose first-pass reply is already cached (they cost nothing). */
  cachedChunks: number;
  /** Expected model calls: one per uncached chunk, plus one per gleaning pass. */
  calls: number;
  /** Input tokens of the real prompts (o200k count; other tokenizers differ by a few percent). */
  inputTokens: number;
  expectedOutputTokens: number;
  /** Output if every reply used its whole `maxOutputTokens`: the worst case. */
  maxOutputTokens: number;
  dollars: number;
  maxDollars: number;
  priceSource: PriceSource;
  /** Tokens of the chunk texts (overlaps counted twice, as they are sent twice). */
  corpusTokens: number;
  inputTokensPerCorpusToken: number;
}

/**
 * Estimates LLM extraction for `--dry-run`: builds each chunk's real prompt and counts it,
 * expects a reply of about 0.75 token per chunk token (capped by `llm.maxOutputTokens`), adds
 * gleaning passes, prices it all; with `cacheDirectory`, chunks already answered in the cache
 * count as free. Spends nothing and loads no model.
 */
export async function estimateExtractionCost(sources: ChunkSource[], schema: GraphSchema, config: LlmConfig, options: { cacheDirectory?: string; replyLimits?: ReplyLimits } = {}): Promise<ExtractionCostEstimate> {
  const identity = describeChatModel(config);
  const { prices, source: priceSource } = resolvePrices(config.provider, config.model, config.prices);
  const cache = options.cacheDirectory ? new DiskCache(options.cacheDirectory) : null;
  const gleaningTokens = countTokens(buildGleaningMessage()) + 4;
  const total = { cachedChunks: 0, calls: 0, inputTokens: 0, expectedOutputTokens: 0, maxOutputTokens: 0, corpusTokens: 0 };
  for (const source of sources) {
    const chunkTokens = countTokens(source.chunk.text);
    total.corpusTokens += chunkTokens;
    const { schema: _validator, schemaName, jsonSchema, maxCorrections: _corrections, ...chat } = buildExtractionRequest(source, schema, options.replyLimits);
    const request = { ...chat, temperature: config.temperature, maxOutputTokens: config.maxOutputTokens, responseFormat: { type: 'json' as const, name: schemaName, schema: jsonSchema ?? {} } };
    if (cache && (await cache.get('chat', chatCacheKey(identity.cacheIdentity, request))) !== undefined) {
      total.cachedChunks += 1;
      continue;
    }
    const input = estimateInputTokens(request);
    const output = Math.min(config.maxOutputTokens, Math.ceil(chunkTokens * EXPECTED_OUTPUT_TOKENS_PER_CHUNK_TOKEN + EXPECTED_OUTPUT_BASE_TOKENS));
    total.calls += 1 + config.gleaning;
    total.inputTokens += input;
    total.expectedOutputTokens += output;
    total.maxOutputTokens += config.maxOutputTokens * (1 + config.gleaning);
    let conversation = input + output;
    for (let pass = 1; pass <= config.gleaning; pass += 1) {
      const gleaned = Math.ceil(output * GLEANING_OUTPUT_SHARE);
      total.inputTokens += conversation + gleaningTokens;
      total.expectedOutputTokens += gleaned;
      conversation += gleaningTokens + gleaned;
    }
  }
  return {
    model: identity.modelId,
    chunks: sources.length,
    ...total,
    dollars: costOf({ inputTokens: total.inputTokens, outputTokens: total.expectedOutputTokens }, prices),
    maxDollars: costOf({ inputTokens: total.inputTokens, outputTokens: total.maxOutputTokens }, prices),
    priceSource,
    inputTokensPerCorpusToken: total.corpusTokens === 0 ? 0 : total.inputTokens / total.corpusTokens,
  };
}
