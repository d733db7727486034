import type { ChatModel, ChatRequest, ChatResponse } from '../chat-model.js';
import { DiskCache, hashKey } from '../disk-cache.js';
import type { Embedder } from '../embedder.js';
import { forward } from './forward.js';

/** Version of the cache entry layout; part of every key. */
const CACHE_FORMAT = 'rhizome-llm-cache-1';

/**
 * The cache key of a chat request: model identity, prompt version and the whole input (system,
 * messages, response schema, temperature, output limit). Purpose and signal are not part of it.
 */
export function chatCacheKey(cacheIdentity: string, request: ChatRequest): string {
  return hashKey([CACHE_FORMAT, cacheIdentity, request.promptVersion, request.system ?? '', request.messages, request.responseFormat ?? null, request.temperature ?? null, request.maxOutputTokens ?? null]);
}

/** The cache key of one text's embedding under a model. */
export function embeddingCacheKey(cacheIdentity: string, text: string): string {
  return hashKey([CACHE_FORMAT, cacheIdentity, text]);
}

type StoredChat = Pick<ChatResponse, 'text' | 'usage' | 'finishReason'>;

/**
 * Serves repeated chat requests from disk; only completed replies are stored, failures never
 * are. Identical requests in flight at the same time share one call.
 */
export function withChatCache(model: ChatModel, cache: DiskCache): ChatModel {
  const inFlight = new Map<string, Promise<ChatResponse>>();
  const readOrCall = async (key: string, request: ChatRequest): Promise<ChatResponse> => {
    const stored = await cache.get<StoredChat>('chat', key);
    if (stored && typeof stored.text === 'string') return { text: stored.text, usage: stored.usage, finishReason: stored.finishReason, cached: true };
    const response = await model.generate(request);
    await cache.set('chat', key, { text: response.text, usage: response.usage, finishReason: response.finishReason } satisfies StoredChat);
    return response;
  };
  return {
    ...forward(model),
    async generate(request) {
      const key = chatCacheKey(model.cacheIdentity, request);
      const pending = inFlight.get(key);
      if (pending) return { ...(await pending), cached: true };
      const call = readOrCall(key, request).finally(() => inFlight.delete(key));
      inFlight.set(key, call);
      return call;
    },
  };
}

/** Serves each text's vector from disk when known; only the missing texts reach the model. */
export function withEmbeddingCache(embedder: Embedder, cache: DiskCache): Embedder {
  return {
    ...forward(embedder),
    async embed(request) {
      const keys = request.texts.map((text) => embeddingCacheKey(embedder.cacheIdentity, text));
      const vectors: Array<number[] | undefined> = await Promise.all(keys.map((key) => cache.get<number[]>('embeddings', key)));
      const missing = request.texts.map((text, index) => ({ text, index })).filter(({ index }) => !Array.isArray(vectors[index]));
      let inputTokens = 0;
      if (missing.length > 0) {
        const response = await embedder.embed({ ...request, texts: missing.map(({ text }) => text) });
        inputTokens = response.usage.inputTokens;
        await Promise.all(
          missing.map(async ({ index }, position) => {
            const vector = response.embeddings[position] as number[];
            vectors[index] = vector;
            await cache.set('embeddings', keys[index] as string, vector);
          }),
        );
      }
      const embeddings = vectors as number[][];
      return { embeddings, dimensions: embeddings[0]?.length ?? 0, usage: { inputTokens }, cachedCount: request.texts.length - missing.length };
    },
  };
}
