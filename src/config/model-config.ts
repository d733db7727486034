import { z } from 'zod';

/**
 * Chat model providers; `none` is the offline default (NLP extraction, extractive answers).
 * `ai-sdk` is set by `createRhizome({ model })` for a model object handed over in code.
 */
export const LLM_PROVIDERS = ['none', 'openai', 'anthropic', 'google', 'ollama', 'openai-compatible', 'llama-cpp', 'ai-sdk'] as const;
/** Embedding providers; `none` means full-text search only; `ai-sdk` as above, for `createRhizome({ embeddingModel })`. */
export const EMBEDDING_PROVIDERS = ['none', 'transformers', 'openai', 'ollama', 'openai-compatible', 'llama-cpp', 'ai-sdk'] as const;

/** Price of a model per million tokens, in dollars, for cost reports and budgets. */
export const priceSchema = z
  .object({ inputPerMillion: z.number().nonnegative().default(0), outputPerMillion: z.number().nonnegative().default(0) })
  .default({ inputPerMillion: 0, outputPerMillion: 0 });

/** The chat model used for extraction, community reports and answers. */
export const llmConfigSchema = z
  .object({
    provider: z.enum(LLM_PROVIDERS).default('none'),
    /** Provider model id ("gpt-4o-mini", "claude-3-5-haiku-latest", "llama3.1"…). */
    model: z.string().optional(),
    /** Base URL for ollama, openai-compatible servers (vLLM, LM Studio, llama.cpp server) or proxies. */
    baseUrl: z.string().url().optional(),
    /** Name of the environment variable holding the API key (read only when the model is used). */
    apiKeyEnv: z.string().optional(),
    /** GGUF file for the embedded llama-cpp provider. */
    modelPath: z.string().optional(),
    temperature: z.number().min(0).max(2).default(0),
    maxOutputTokens: z.number().int().positive().default(2048),
    timeoutMs: z.number().int().positive().default(120_000),
    maxRetries: z.number().int().nonnegative().default(4),
    concurrency: z.number().int().positive().default(4),
    /** 0 = no rate limit. */
    requestsPerMinute: z.number().int().nonnegative().default(0),
    /** Extra extraction passes asking for missed entities (0 = none). */
    gleaning: z.number().int().min(0).max(3).default(0),
    /** Context window and threads for llama-cpp. */
    contextSize: z.number().int().positive().optional(),
    threads: z.number().int().positive().optional(),
    prices: priceSchema,
    /** On-disk response cache folder (default `<workspace>/cache`). */
    cacheDir: z.string().optional(),
  })
  .default({ provider: 'none', temperature: 0, maxOutputTokens: 2048, timeoutMs: 120_000, maxRetries: 4, concurrency: 4, requestsPerMinute: 0, gleaning: 0, prices: { inputPerMillion: 0, outputPerMillion: 0 } });

/** The embedding model used for dense vectors (chunks, entity descriptions). */
export const embeddingConfigSchema = z
  .object({
    provider: z.enum(EMBEDDING_PROVIDERS).default('none'),
    model: z.string().optional(),
    /** Local model directory (transformers: config.json, tokenizer.json, onnx/…) or GGUF file (llama-cpp). */
    modelPath: z.string().optional(),
    baseUrl: z.string().url().optional(),
    apiKeyEnv: z.string().optional(),
    dimensions: z.number().int().positive().optional(),
    batchSize: z.number().int().positive().default(32),
    prices: priceSchema,
  })
  .default({ provider: 'none', batchSize: 32, prices: { inputPerMillion: 0, outputPerMillion: 0 } });

export type LlmConfig = z.infer<typeof llmConfigSchema>;
export type EmbeddingConfig = z.infer<typeof embeddingConfigSchema>;
