import path from 'node:path';
import type { LlmConfig } from '../config/model-config.js';
import { readEnvironment, type Environment } from '../config/read-environment.js';
import type { Budget } from './budget.js';
import type { ChatModel } from './chat-model.js';
import { DiskCache } from './disk-cache.js';
import { modelConfigError } from './model-errors.js';
import { describeChatModel } from './model-identity.js';
import { resolvePrices } from './model-prices.js';
import { pricedAs, SUPPLIED_PROVIDER, type SuppliedChatModel } from './supplied-models.js';
import { UsageMeter } from './usage-meter.js';
import { withChatBudgetGuard } from './middleware/with-budget-guard.js';
import { withChatCache } from './middleware/with-cache.js';
import { withChatConcurrencyLimit } from './middleware/with-concurrency-limit.js';
import { withChatRateLimit } from './middleware/with-rate-limit.js';
import { withChatRetry, type RetryOptions } from './middleware/with-retry.js';
import { withChatUsageAccounting } from './middleware/with-usage-accounting.js';
import { withRequestDefaults } from './middleware/with-request-defaults.js';

/** What the model factories need besides the config section. */
export interface ModelRuntimeOptions {
  /** The workspace folder; the response cache defaults to `<workspace>/cache/llm`. */
  workspace: string;
  /** Overrides `llm.cacheDir` and the workspace default. */
  cacheDirectory?: string;
  /** False turns the on-disk cache off (every request reaches the model). */
  cache?: boolean;
  /** Shared by every model of a run; a new meter when absent. */
  usage?: UsageMeter;
  /** A spending cap shared by every model of a run; none when absent. */
  budget?: Budget;
  /** Retry timing (tests shorten the backoff); attempts come from `llm.maxRetries`. */
  retry?: Omit<RetryOptions, 'maxRetries' | 'onRetry'>;
  /** GPU use for llama-cpp: false (default, CPU only) or `auto`. */
  gpu?: 'auto' | false;
  /** Where API keys are read (default: the real environment over `<cwd>/.env`, read at the first request). */
  env?: Environment;
}

/** The cache folder a config and workspace give. */
export function cacheDirectoryOf(options: Pick<ModelRuntimeOptions, 'workspace' | 'cacheDirectory'>, configured?: string): string {
  return path.resolve(options.cacheDirectory ?? configured ?? path.join(options.workspace, 'cache', 'llm'));
}

async function createAdapter(config: LlmConfig, options: ModelRuntimeOptions, supplied: SuppliedChatModel | undefined): Promise<ChatModel> {
  const identity = describeChatModel(config);
  if (config.provider === SUPPLIED_PROVIDER) {
    if (!supplied) throw modelConfigError(`llm.provider "${SUPPLIED_PROVIDER}" stands for a model object passed to createRhizome({ model }); in a config file choose a provider such as "openai" or "ollama"`);
    if ('generate' in supplied) return supplied;
    const { createAiSdkChatModel } = await import('./adapters/ai-sdk-chat-model.js');
    return createAiSdkChatModel({ identity, source: { model: supplied }, timeoutMs: config.timeoutMs, temperature: config.temperature, maxOutputTokens: config.maxOutputTokens });
  }
  if (config.provider === 'llama-cpp') {
    const { createLlamaCppChatModel } = await import('./adapters/llama-cpp-chat-model.js');
    return createLlamaCppChatModel({ identity, modelPath: config.modelPath as string, threads: config.threads, contextSize: config.contextSize, gpu: options.gpu, temperature: config.temperature, maxOutputTokens: config.maxOutputTokens, timeoutMs: config.timeoutMs });
  }
  const { createAiSdkChatModel } = await import('./adapters/ai-sdk-chat-model.js');
  return createAiSdkChatModel({
    identity,
    source: { settings: { section: 'llm', provider: config.provider, model: config.model as string, baseUrl: config.baseUrl, apiKeyEnv: config.apiKeyEnv, env: options.env ?? readEnvironment() } },
    timeoutMs: config.timeoutMs,
    temperature: config.temperature,
    maxOutputTokens: config.maxOutputTokens,
  });
}

/**
 * The chat model an `llm` config selects, wrapped (outermost first) in usage accounting →
 * request defaults (temperature, output limit) → cache → budget guard → retry → rate limit → concurrency limit → adapter. Nothing is loaded,
 * no key is read and no call is made until the first request. `supplied` is the model object
 * of `createRhizome({ model })`, used when `config.provider` is "ai-sdk".
 */
export async function createChatModel(config: LlmConfig, options: ModelRuntimeOptions, supplied?: SuppliedChatModel): Promise<ChatModel> {
  const usage = options.usage ?? new UsageMeter();
  const priced = pricedAs(config.provider, config.model);
  const { prices } = resolvePrices(priced.provider, priced.model, config.prices);
  let model = await createAdapter(config, options, supplied);
  model = withChatConcurrencyLimit(model, config.concurrency);
  if (config.requestsPerMinute > 0) model = withChatRateLimit(model, config.requestsPerMinute);
  model = withChatRetry(model, { ...options.retry, maxRetries: config.maxRetries, onRetry: (retry) => usage.countRetry(retry.modelId, retry.purpose) });
  if (options.budget) model = withChatBudgetGuard(model, options.budget, prices, config.maxOutputTokens);
  if (options.cache !== false) model = withChatCache(model, new DiskCache(cacheDirectoryOf(options, config.cacheDir)));
  model = withRequestDefaults(model, { temperature: config.temperature, maxOutputTokens: config.maxOutputTokens });
  return withChatUsageAccounting(model, usage, prices);
}
