import { setTimeout as sleep } from 'node:timers/promises';
import type { ChatModel } from '../chat-model.js';
import type { Embedder } from '../embedder.js';
import { abortedError } from '../model-errors.js';
import { forward } from './forward.js';

/**
 * Spaces request starts evenly: with N requests per minute, a request starts no sooner than
 * 60/N seconds after the previous one (retries included, since they pass through here again).
 */
export class RateLimiter {
  private nextStart = 0;
  private readonly spacingMs: number;

  constructor(requestsPerMinute: number) {
    this.spacingMs = 60_000 / requestsPerMinute;
  }

  /** Waits for this request's start time. */
  async wait(signal?: AbortSignal): Promise<void> {
    const now = Date.now();
    const start = Math.max(now, this.nextStart);
    this.nextStart = start + this.spacingMs;
    if (start <= now) return;
    try {
      await sleep(start - now, undefined, signal ? { signal } : {});
    } catch {
      throw abortedError(signal as AbortSignal);
    }
  }
}

/** Limits a chat model to `requestsPerMinute` request starts. */
export function withChatRateLimit(model: ChatModel, requestsPerMinute: number): ChatModel {
  const limiter = new RateLimiter(requestsPerMinute);
  return {
    ...forward(model),
    async generate(request) {
      await limiter.wait(request.signal);
      return model.generate(request);
    },
  };
}

/** Limits an embedder to `requestsPerMinute` request starts. */
export function withEmbedderRateLimit(embedder: Embedder, requestsPerMinute: number): Embedder {
  const limiter = new RateLimiter(requestsPerMinute);
  return {
    ...forward(embedder),
    async embed(request) {
      await limiter.wait(request.signal);
      return embedder.embed(request);
    },
  };
}
