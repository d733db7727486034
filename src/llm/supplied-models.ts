import type { EmbeddingModel, LanguageModel } from 'ai';
import type { ChatModel } from './chat-model.js';
import type { Embedder } from './embedder.js';

/** An AI SDK language model object (`openai('gpt-4o-mini')`, `ollama('llama3.1')`, a mock). */
export type LanguageModelObject = Exclude<LanguageModel, string>;
/** An AI SDK embedding model object (`openai.embedding('text-embedding-3-small')`, a mock). */
export type EmbeddingModelObject = Exclude<EmbeddingModel, string>;

/** A chat model handed to `createRhizome({ model })`: an AI SDK model object, or Rhizome's own ChatModel port. */
export type SuppliedChatModel = LanguageModelObject | ChatModel;
/** An embedding model handed to `createRhizome({ embeddingModel })`: an AI SDK model object, or Rhizome's Embedder port. */
export type SuppliedEmbedder = EmbeddingModelObject | Embedder;

/** The provider name a config takes when its model is an object given to `createRhizome` (never written in a file). */
export const SUPPLIED_PROVIDER = 'ai-sdk';

function hasFunction(value: unknown, name: string): boolean {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[name] === 'function';
}

/** True for an AI SDK language model object or a ChatModel port. */
export function isSuppliedChatModel(value: unknown): value is SuppliedChatModel {
  return hasFunction(value, 'doGenerate') || hasFunction(value, 'generate');
}

/** True for an AI SDK embedding model object or an Embedder port. */
export function isSuppliedEmbedder(value: unknown): value is SuppliedEmbedder {
  return hasFunction(value, 'doEmbed') || hasFunction(value, 'embed');
}

/** The id a supplied model is reported and cached under: "openai.chat:gpt-4o-mini" (provider:model), or the port's own id. */
export function suppliedModelId(model: SuppliedChatModel | SuppliedEmbedder): string {
  if ('cacheIdentity' in model) return model.cacheIdentity;
  return `${model.provider}:${model.modelId}`;
}

/** The provider and model id a price table lists a supplied model under ("openai.chat:gpt-4o-mini" → openai, gpt-4o-mini). */
export function pricedAs(provider: string, model: string | undefined): { provider: string; model: string | undefined } {
  if (provider !== SUPPLIED_PROVIDER || model === undefined) return { provider, model };
  const separator = model.indexOf(':');
  if (separator < 0) return { provider, model };
  return { provider: model.slice(0, separator).split('.')[0] ?? provider, model: model.slice(separator + 1) };
}
