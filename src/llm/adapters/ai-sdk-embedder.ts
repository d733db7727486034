import type { EmbeddingModel } from 'ai';
import { countTokens } from '../../chunking/tokens.js';
import type { Embedder, EmbedRequest } from '../embedder.js';
import type { ModelIdentity } from '../model-identity.js';
import { loadEmbeddingModel, type AiSdkProviderSettings } from './ai-sdk-provider.js';
import { toModelCallError } from './ai-sdk-errors.js';

/** What the AI SDK embedder needs: the provider settings of a config, or a model object the caller built. */
export interface AiSdkEmbedderOptions {
  identity: ModelIdentity;
  source: { settings: AiSdkProviderSettings } | { model: Exclude<EmbeddingModel, string> };
  timeoutMs: number;
  batchSize: number;
  /** Requested vector size, for models that can shorten their vectors (text-embedding-3-*). */
  dimensions?: number | undefined;
}

/** An Embedder over an AI SDK embedding model (OpenAI, Ollama, OpenAI-compatible, or a model object given to `createRhizome`), in batches of `batchSize`. */
export function createAiSdkEmbedder(options: AiSdkEmbedderOptions): Embedder {
  let loading: Promise<{ embedMany: typeof import('ai').embedMany; model: EmbeddingModel }> | undefined;
  const load = () => {
    const source = options.source;
    loading ??= Promise.all([import('ai'), 'model' in source ? source.model : loadEmbeddingModel(source.settings)]).then(([ai, model]) => ({ embedMany: ai.embedMany, model }));
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  const { modelId } = options.identity;
  const providerName = 'model' in options.source ? options.source.model.provider.split('.')[0] ?? '' : options.source.settings.provider;
  const providerOptions = options.dimensions === undefined ? {} : { providerOptions: { [providerName]: { dimensions: options.dimensions } } };
  return {
    ...options.identity,
    async embed(request: EmbedRequest) {
      const { embedMany, model } = await load();
      const embeddings: number[][] = [];
      let inputTokens = 0;
      for (let start = 0; start < request.texts.length; start += options.batchSize) {
        const values = request.texts.slice(start, start + options.batchSize);
        const timeout = AbortSignal.timeout(options.timeoutMs);
        const abortSignal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
        try {
          const result = await embedMany({ model, values, maxRetries: 0, abortSignal, ...providerOptions });
          embeddings.push(...result.embeddings);
          inputTokens += result.usage.tokens ?? values.reduce((sum, text) => sum + countTokens(text), 0);
        } catch (error) {
          throw toModelCallError(error, { modelId, timeoutMs: options.timeoutMs, timedOut: timeout.aborted, callerSignal: request.signal });
        }
      }
      return { embeddings, dimensions: embeddings[0]?.length ?? 0, usage: { inputTokens }, cachedCount: 0 };
    },
    close: async () => undefined,
  };
}
