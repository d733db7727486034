import type { ChatModel } from '../chat-model.js';
import type { Embedder } from '../embedder.js';
import { abortedError } from '../model-errors.js';
import { forward } from './forward.js';

/** A counting semaphore: at most `limit` holders at once, served in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  /** Runs `work` once a slot is free; a waiting caller leaves the queue when `signal` aborts. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await work();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortedError(signal));
    if (this.active < this.limit) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener('abort', leave);
        this.active += 1;
        resolve();
      };
      const leave = () => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(abortedError(signal as AbortSignal));
      };
      this.waiting.push(grant);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }
}

/** Lets at most `limit` chat requests run at once; the others wait their turn. */
export function withChatConcurrencyLimit(model: ChatModel, limit: number): ChatModel {
  const semaphore = new Semaphore(limit);
  return { ...forward(model), generate: (request) => semaphore.run(() => model.generate(request), request.signal) };
}

/** Lets at most `limit` embedding requests run at once. */
export function withEmbedderConcurrencyLimit(embedder: Embedder, limit: number): Embedder {
  const semaphore = new Semaphore(limit);
  return { ...forward(embedder), embed: (request) => semaphore.run(() => embedder.embed(request), request.signal) };
}
