import type { EmbeddingConfig } from '../config/model-config.js';
import { readEnvironment } from '../config/read-environment.js';
import { cacheDirectoryOf, type ModelRuntimeOptions } from './create-chat-model.js';
import { DiskCache } from './disk-cache.js';
import type { Embedder } from './embedder.js';
import { modelConfigError } from './model-errors.js';
import { describeEmbeddingModel } from './model-identity.js';
import { resolvePrices } from './model-prices.js';
import { pricedAs, SUPPLIED_PROVIDER, type SuppliedEmbedder } from './supplied-models.js';
import { UsageMeter } from './usage-meter.js';
import { withEmbedderBudgetGuard } from './middleware/with-budget-guard.js';
import { withEmbeddingCache } from './middleware/with-cache.js';
import { withEmbedderConcurrencyLimit } from './middleware/with-concurrency-limit.js';
import { withEmbedderRetry } from './middleware/with-retry.js';
import { withEmbedderUsageAccounting } from './middleware/with-usage-accounting.js';

/** Retry attempts and timeout for remote embedding calls (the embeddings section has no such options). */
const EMBEDDING_RETRIES = 4;
const EMBEDDING_TIMEOUT_MS = 120_000;
/** Concurrent remote embedding requests. */
const EMBEDDING_CONCURRENCY = 2;

async function createAdapter(config: EmbeddingConfig, threads: number | undefined, options: ModelRuntimeOptions, supplied: SuppliedEmbedder | undefined): Promise<Embedder> {
  const identity = describeEmbeddingModel(config);
  if (config.provider === SUPPLIED_PROVIDER) {
    if (!supplied) throw modelConfigError(`embeddings.provider "${SUPPLIED_PROVIDER}" stands for a model object passed to createRhizome({ embeddingModel }); in a config file choose a provider such as "openai" or "transformers"`);
    if ('embed' in supplied) return supplied;
    const { createAiSdkEmbedder } = await import('./adapters/ai-sdk-embedder.js');
    return createAiSdkEmbedder({ identity, source: { model: supplied }, timeoutMs: EMBEDDING_TIMEOUT_MS, batchSize: config.batchSize, dimensions: config.dimensions });
  }
  if (config.provider === 'transformers') {
    const { createTransformersEmbedder } = await import('./adapters/transformers-embedder.js');
    return createTransformersEmbedder({ identity, modelPath: config.modelPath as string, batchSize: config.batchSize });
  }
  if (config.provider === 'llama-cpp') {
    const { createLlamaCppEmbedder } = await import('./adapters/llama-cpp-embedder.js');
    return createLlamaCppEmbedder({ identity, modelPath: config.modelPath as string, threads, gpu: options.gpu });
  }
  const { createAiSdkEmbedder } = await import('./adapters/ai-sdk-embedder.js');
  return createAiSdkEmbedder({
    identity,
    source: { settings: { section: 'embeddings', provider: config.provider, model: config.model as string, baseUrl: config.baseUrl, apiKeyEnv: config.apiKeyEnv, env: options.env ?? readEnvironment() } },
    timeoutMs: EMBEDDING_TIMEOUT_MS,
    batchSize: config.batchSize,
    dimensions: config.dimensions,
  });
}

/**
 * The embedder an `embeddings` config selects, wrapped in usage accounting → per-text cache →
 * budget guard → retry → concurrency limit → adapter. `threads` is passed to llama-cpp;
 * `supplied` is the model object of `createRhizome({ embeddingModel })` (provider "ai-sdk").
 */
export async function createEmbedder(config: EmbeddingConfig, options: ModelRuntimeOptions & { threads?: number }, supplied?: SuppliedEmbedder): Promise<Embedder> {
  const usage = options.usage ?? new UsageMeter();
  const priced = pricedAs(config.provider, config.model);
  const { prices } = resolvePrices(priced.provider, priced.model, config.prices);
  let embedder = await createAdapter(config, options.threads, options, supplied);
  embedder = withEmbedderConcurrencyLimit(embedder, EMBEDDING_CONCURRENCY);
  embedder = withEmbedderRetry(embedder, { ...options.retry, maxRetries: EMBEDDING_RETRIES, onRetry: (retry) => usage.countRetry(retry.modelId, `embed:${retry.purpose}`) });
  if (options.budget) embedder = withEmbedderBudgetGuard(embedder, options.budget, prices);
  if (options.cache !== false) embedder = withEmbeddingCache(embedder, new DiskCache(cacheDirectoryOf(options)));
  return withEmbedderUsageAccounting(embedder, usage, prices);
}
