import { setTimeout as sleep } from 'node:timers/promises';
import type { ChatModel } from '../chat-model.js';
import type { Embedder } from '../embedder.js';
import { abortedError, ModelCallError } from '../model-errors.js';
import { forward } from './forward.js';

/** How transient failures (429, 5xx, timeouts, network, unreadable bodies) are retried. */
export interface RetryOptions {
  /** Attempts after the first. */
  maxRetries: number;
  /** First backoff delay; doubles on each attempt. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A Retry-After longer than this fails at once (a quota that resets tomorrow is not worth waiting for). */
  maxRetryAfterMs?: number;
  /** Source of jitter in [0, 1); tests may pin it. */
  random?: () => number;
  /** Told about every retry, before its wait. */
  onRetry?: (retry: { attempt: number; delayMs: number; error: ModelCallError; modelId: string; purpose: string }) => void;
}

const DEFAULTS = { baseDelayMs: 500, maxDelayMs: 30_000, maxRetryAfterMs: 120_000 };

/**
 * The wait before retry number `attempt` (1-based): the server's Retry-After when it sent one,
 * else exponential backoff with jitter (half fixed, half random) capped at `maxDelayMs`.
 */
export function retryDelayMs(attempt: number, error: ModelCallError, options: RetryOptions): number {
  if (error.retryAfterMs !== undefined) return error.retryAfterMs;
  const base = options.baseDelayMs ?? DEFAULTS.baseDelayMs;
  const ceiling = Math.min(options.maxDelayMs ?? DEFAULTS.maxDelayMs, base * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * (options.random ?? Math.random)());
}

/** Runs `attempt` until it succeeds, fails with a non-transient error, or retries run out. */
export async function retryModelCall<T>(attempt: () => Promise<T>, options: RetryOptions, call: { modelId: string; purpose: string; signal?: AbortSignal | undefined }): Promise<T> {
  const { signal } = call;
  for (let retry = 1; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ModelCallError) || !error.retryable || retry > options.maxRetries) throw error;
      if (error.retryAfterMs !== undefined && error.retryAfterMs > (options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs)) throw error;
      const delayMs = retryDelayMs(retry, error, options);
      options.onRetry?.({ attempt: retry, delayMs, error, modelId: call.modelId, purpose: call.purpose });
      try {
        await sleep(delayMs, undefined, signal ? { signal } : {});
      } catch {
        throw abortedError(signal as AbortSignal);
      }
    }
  }
}

/** Retries a chat model's transient failures with backoff, honouring Retry-After. */
export function withChatRetry(model: ChatModel, options: RetryOptions): ChatModel {
  return { ...forward(model), generate: (request) => retryModelCall(() => model.generate(request), options, { modelId: model.modelId, purpose: request.purpose, signal: request.signal }) };
}

/** Retries an embedder's transient failures with backoff, honouring Retry-After. */
export function withEmbedderRetry(embedder: Embedder, options: RetryOptions): Embedder {
  return { ...forward(embedder), embed: (request) => retryModelCall(() => embedder.embed(request), options, { modelId: embedder.modelId, purpose: request.purpose, signal: request.signal }) };
}
