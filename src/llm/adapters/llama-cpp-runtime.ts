import path from 'node:path';
import type { Llama, LlamaModel } from 'node-llama-cpp';
import { modelConfigError } from '../model-errors.js';
import { loadOptionalPeer } from '../../package/optional-peers.js';

/** How to load a GGUF file. */
export interface LlamaRuntimeOptions {
  modelPath: string;
  /** `false` (default) runs on the CPU only; `auto` lets node-llama-cpp pick CUDA, Vulkan or Metal when present. */
  gpu?: 'auto' | false | undefined;
}

/** A loaded model shared by the chat and embedding adapters of one file; `release` frees it after the last user. */
export interface LlamaRuntime {
  llama: Llama;
  model: LlamaModel;
  release(): Promise<void>;
}

interface Entry {
  loading: Promise<{ llama: Llama; model: LlamaModel }>;
  users: number;
}

const loaded = new Map<string, Entry>();

/**
 * Loads node-llama-cpp (imported only here, only when a llama-cpp provider is configured) and
 * the GGUF file, once per file and GPU setting. Prebuilt binaries only (`build: 'never'`): a
 * missing binary is an error, never a download or a compile.
 */
export async function acquireLlamaRuntime(options: LlamaRuntimeOptions): Promise<LlamaRuntime> {
  const modelPath = path.resolve(options.modelPath);
  const key = `${modelPath}\u0000${options.gpu ?? false}`;
  let entry = loaded.get(key);
  if (!entry) {
    const loading = (async () => {
      const module = await loadOptionalPeer('node-llama-cpp', 'provider "llama-cpp"', () => import('node-llama-cpp'));
      const llama = await module.getLlama({ gpu: options.gpu ?? false, build: 'never' });
      try {
        return { llama, model: await llama.loadModel({ modelPath }) };
      } catch (error) {
        await llama.dispose();
        throw modelConfigError(`llm.modelPath: cannot load GGUF ${modelPath}: ${(error as Error).message}`);
      }
    })();
    entry = { loading, users: 0 };
    loaded.set(key, entry);
    loading.catch(() => loaded.delete(key));
  }
  entry.users += 1;
  const current = entry;
  const { llama, model } = await current.loading;
  let released = false;
  return {
    llama,
    model,
    async release() {
      if (released) return;
      released = true;
      current.users -= 1;
      if (current.users > 0) return;
      loaded.delete(key);
      await model.dispose();
      await llama.dispose();
    },
  };
}

/** JSON Schema keywords node-llama-cpp's grammar compiler understands; the rest is dropped. */
const GRAMMAR_KEYWORDS = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'prefixItems', 'enum', 'const', 'oneOf', 'minItems', 'maxItems', 'minLength', 'maxLength', 'format', 'description', '$defs', '$ref']);

/** A JSON Schema cut down to what node-llama-cpp turns into a GBNF grammar (`anyOf` read as `oneOf`). */
export function toGrammarSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toGrammarSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === 'anyOf') result.oneOf = toGrammarSchema(value);
    else if (key === 'properties' || key === '$defs') result[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, inner]) => [name, toGrammarSchema(inner)]));
    else if (GRAMMAR_KEYWORDS.has(key)) result[key] = key === 'enum' || key === 'required' || key === 'const' ? value : toGrammarSchema(value);
  }
  return result;
}

/**
 * Threads when `llm.threads` is not set: the cores llama.cpp computes on. node-llama-cpp's own
 * default adds two more, and on a small machine the extra threads spin against each other —
 * measured here at 3 s per generated token instead of 15 ms with two cores.
 */
export function defaultThreads(llama: { cpuMathCores: number }): number {
  return Math.max(1, llama.cpuMathCores);
}
