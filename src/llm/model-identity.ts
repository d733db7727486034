import { statSync } from 'node:fs';
import path from 'node:path';
import type { EmbeddingConfig, LlmConfig } from '../config/model-config.js';
import { modelConfigError } from './model-errors.js';

/** How a configured model is named in reports and in cache keys. */
export interface ModelIdentity {
  provider: string;
  modelId: string;
  /** Changes whenever the model's outputs may change: provider, server, model id, local file size. */
  cacheIdentity: string;
}

/** Default base URL of a local Ollama server's OpenAI-compatible API. */
export const OLLAMA_DEFAULT_BASE_URL = 'http://localhost:11434/v1';

/** Names the chat model a config selects, without loading or calling it (used by dry runs too). */
export function describeChatModel(config: LlmConfig): ModelIdentity {
  return describe('llm', config);
}

/** Names the embedding model a config selects, without loading it. */
export function describeEmbeddingModel(config: EmbeddingConfig): ModelIdentity {
  return describe('embeddings', config);
}

function describe(section: 'llm' | 'embeddings', config: { provider: string; model?: string | undefined; modelPath?: string | undefined; baseUrl?: string | undefined }): ModelIdentity {
  const { provider } = config;
  if (provider === 'none') throw modelConfigError(`${section}.provider is "none": no model is configured`);
  if (provider === 'llama-cpp' || provider === 'transformers') {
    if (!config.modelPath) throw modelConfigError(`${section}.modelPath is required for provider "${provider}" (a ${provider === 'llama-cpp' ? 'GGUF file' : 'model directory'})`);
    const resolved = path.resolve(config.modelPath);
    const weights = provider === 'transformers' ? ['onnx/model_quantized.onnx', 'onnx/model.onnx', 'config.json'].map((file) => path.join(resolved, file)) : [resolved];
    const size = weights.map(sizeOf).find((found) => found !== undefined);
    if (size === undefined) throw modelConfigError(`${section}.modelPath: ${weights.join(' or ')} cannot be read`);
    const name = path.basename(resolved);
    return { provider, modelId: `${provider}:${name}`, cacheIdentity: `${provider}:${name}:${size}` };
  }
  if (!config.model) throw modelConfigError(`${section}.model is required for provider "${provider}" (the provider's model id)`);
  if (provider === 'openai-compatible' && !config.baseUrl) throw modelConfigError(`${section}.baseUrl is required for provider "openai-compatible" (the server's /v1 URL)`);
  const baseUrl = config.baseUrl ?? (provider === 'ollama' ? OLLAMA_DEFAULT_BASE_URL : '');
  return { provider, modelId: config.model, cacheIdentity: [provider, baseUrl, config.model].filter(Boolean).join(':') };
}

function sizeOf(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch {
    return undefined;
  }
}
