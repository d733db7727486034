import type { EmbeddingModel, LanguageModel } from 'ai';
import type { Environment } from '../../config/read-environment.js';
import { modelConfigError } from '../model-errors.js';
import { OLLAMA_DEFAULT_BASE_URL } from '../model-identity.js';

/** The provider fields of an `llm` or `embeddings` config section. */
export interface AiSdkProviderSettings {
  section: 'llm' | 'embeddings';
  provider: string;
  model: string;
  baseUrl?: string | undefined;
  apiKeyEnv?: string | undefined;
  /** Where the key is read from: the real environment over `.env`, or the map given to `createRhizome({ env })`. */
  env: Environment;
}

/** Environment variable each provider's key is read from when `apiKeyEnv` is not set. */
const DEFAULT_KEY_VARIABLES: Record<string, string> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
};

/**
 * Reads the API key at the moment a model is first used (never at import). A provider that
 * needs one, or an `apiKeyEnv` that names an unset variable, fails with an error naming both
 * the option and the variable. Local servers (ollama, openai-compatible) may run without a key.
 */
export function readApiKey(settings: Pick<AiSdkProviderSettings, 'section' | 'provider' | 'apiKeyEnv' | 'env'>): string | undefined {
  const variable = settings.apiKeyEnv ?? DEFAULT_KEY_VARIABLES[settings.provider];
  if (variable === undefined) return undefined;
  const value = settings.env[variable];
  if (value === undefined || value.trim() === '') {
    const how = settings.apiKeyEnv ? `${settings.section}.apiKeyEnv names it` : `the default for provider "${settings.provider}"; set ${settings.section}.apiKeyEnv to read another variable`;
    throw modelConfigError(`${settings.section}.apiKeyEnv: environment variable ${variable} is not set (${how}); provider "${settings.provider}" needs an API key`);
  }
  return value.trim();
}

type ProviderInstance = {
  chat?: (id: string) => LanguageModel;
  chatModel?: (id: string) => LanguageModel;
  languageModel: (id: string) => LanguageModel;
  embeddingModel?: (id: string) => EmbeddingModel;
};

/** Imports only the chosen provider package and builds it with the base URL and key. */
async function loadProvider(settings: AiSdkProviderSettings): Promise<ProviderInstance> {
  const apiKey = readApiKey(settings);
  const baseURL = settings.baseUrl;
  switch (settings.provider) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({ ...(apiKey ? { apiKey } : {}), ...(baseURL ? { baseURL } : {}) }) as unknown as ProviderInstance;
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ ...(apiKey ? { apiKey } : {}), ...(baseURL ? { baseURL } : {}) }) as unknown as ProviderInstance;
    }
    case 'google': {
      const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
      return createGoogleGenerativeAI({ ...(apiKey ? { apiKey } : {}), ...(baseURL ? { baseURL } : {}) }) as unknown as ProviderInstance;
    }
    case 'ollama':
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      const url = baseURL ?? (settings.provider === 'ollama' ? OLLAMA_DEFAULT_BASE_URL : undefined);
      if (!url) throw modelConfigError(`${settings.section}.baseUrl is required for provider "openai-compatible"`);
      return createOpenAICompatible({ name: settings.provider, baseURL: url, ...(apiKey ? { apiKey } : {}), supportsStructuredOutputs: true, includeUsage: true }) as unknown as ProviderInstance;
    }
    default:
      throw modelConfigError(`${settings.section}.provider "${settings.provider}" is not served by the AI SDK adapter`);
  }
}

/** The AI SDK chat model for a config: the Chat Completions API for OpenAI (what proxies serve too). */
export async function loadLanguageModel(settings: AiSdkProviderSettings): Promise<LanguageModel> {
  const provider = await loadProvider(settings);
  const factory = provider.chat ?? provider.chatModel ?? provider.languageModel;
  return factory.call(provider, settings.model);
}

/** The AI SDK embedding model for a config (openai, ollama, openai-compatible). */
export async function loadEmbeddingModel(settings: AiSdkProviderSettings): Promise<EmbeddingModel> {
  const provider = await loadProvider(settings);
  if (!provider.embeddingModel) throw modelConfigError(`${settings.section}.provider "${settings.provider}" has no embedding models in the AI SDK`);
  return provider.embeddingModel.call(provider, settings.model);
}
