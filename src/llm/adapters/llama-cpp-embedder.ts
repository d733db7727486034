import type { LlamaEmbeddingContext } from 'node-llama-cpp';
import type { Embedder, EmbedRequest } from '../embedder.js';
import { Semaphore } from '../middleware/with-concurrency-limit.js';
import { abortedError } from '../model-errors.js';
import type { ModelIdentity } from '../model-identity.js';
import { acquireLlamaRuntime, defaultThreads, type LlamaRuntime } from './llama-cpp-runtime.js';

/** What the embedded llama.cpp embedder needs. */
export interface LlamaCppEmbedderOptions {
  identity: ModelIdentity;
  modelPath: string;
  threads?: number | undefined;
  contextSize?: number | undefined;
  gpu?: 'auto' | false | undefined;
}

/** Scales a vector to length 1 (a zero vector stays zero), so dot product equals cosine. */
export function normaliseVector(vector: readonly number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  return norm === 0 ? [...vector] : vector.map((value) => value / norm);
}

/** An Embedder running a GGUF file's embeddings in-process, one text at a time, L2-normalised. */
export function createLlamaCppEmbedder(options: LlamaCppEmbedderOptions): Embedder {
  let opening: Promise<{ runtime: LlamaRuntime; context: LlamaEmbeddingContext }> | undefined;
  const serial = new Semaphore(1);
  const open = () => {
    opening ??= (async () => {
      const runtime = await acquireLlamaRuntime({ modelPath: options.modelPath, gpu: options.gpu });
      const context = await runtime.model.createEmbeddingContext({ ...(options.contextSize ? { contextSize: options.contextSize } : {}), threads: options.threads ?? defaultThreads(runtime.llama) });
      return { runtime, context };
    })();
    opening.catch(() => {
      opening = undefined;
    });
    return opening;
  };
  return {
    ...options.identity,
    embed: (request: EmbedRequest) =>
      serial.run(async () => {
        const { runtime, context } = await open();
        const embeddings: number[][] = [];
        let inputTokens = 0;
        for (const text of request.texts) {
          if (request.signal?.aborted) throw abortedError(request.signal);
          embeddings.push(normaliseVector((await context.getEmbeddingFor(text)).vector));
          inputTokens += runtime.model.tokenize(text).length;
        }
        return { embeddings, dimensions: embeddings[0]?.length ?? 0, usage: { inputTokens }, cachedCount: 0 };
      }, request.signal),
    async close() {
      if (!opening) return;
      const session = await opening.catch(() => undefined);
      opening = undefined;
      if (!session) return;
      await session.context.dispose();
      await session.runtime.release();
    },
  };
}
