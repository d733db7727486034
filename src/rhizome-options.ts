import path from 'node:path';
import { validateConfig } from './config/load-config.js';
import type { RhizomeConfig, RhizomeConfigInput } from './config/config-schema.js';
import type { Environment } from './config/read-environment.js';
import { RhizomeError } from './errors/rhizome-error.js';
import type { GraphStore } from './graph/store.js';
import { isSuppliedChatModel, isSuppliedEmbedder, SUPPLIED_PROVIDER, suppliedModelId, type SuppliedChatModel, type SuppliedEmbedder } from './llm/supplied-models.js';

/**
 * What `createRhizome` takes: any config fields, and parts built in code. `model` and
 * `embeddingModel` are AI SDK model objects (`openai('gpt-4o-mini')`) or Rhizome's own ports;
 * `store` may be an already-open GraphStore (it stays the caller's: `close()` leaves it open);
 * `env` is where API keys and Neo4j settings are read (default: the real environment over `.env`).
 */
export type RhizomeOptions = Omit<RhizomeConfigInput, 'store'> & {
  store?: RhizomeConfigInput['store'] | GraphStore;
  model?: SuppliedChatModel;
  embeddingModel?: SuppliedEmbedder;
  env?: Environment;
};

function isGraphStore(value: unknown): value is GraphStore {
  return typeof value === 'object' && value !== null && typeof (value as GraphStore).ensureSchema === 'function' && typeof (value as GraphStore).writeIndex === 'function';
}

/** Splits the parts from the config fields and validates the config; a supplied model sets its section's provider to "ai-sdk". */
export function resolveOptions(input: RhizomeOptions | RhizomeConfig): { config: RhizomeConfig; model?: SuppliedChatModel; embeddingModel?: SuppliedEmbedder; store?: GraphStore; env?: Environment } {
  const { model, embeddingModel, env, store, ...fields } = input as RhizomeOptions;
  if (model !== undefined && !isSuppliedChatModel(model)) throw new RhizomeError('CONFIG_INVALID', 'option "model": expected an AI SDK language model object (such as openai(\'gpt-4o-mini\')) or a ChatModel');
  if (embeddingModel !== undefined && !isSuppliedEmbedder(embeddingModel)) throw new RhizomeError('CONFIG_INVALID', 'option "embeddingModel": expected an AI SDK embedding model object (such as openai.embedding(\'text-embedding-3-small\')) or an Embedder');
  const openStore = isGraphStore(store) ? store : undefined;
  const parsed = validateConfig({ ...fields, ...(store !== undefined && !openStore ? { store } : {}) });
  const config: RhizomeConfig = {
    ...parsed,
    workspace: path.resolve(parsed.workspace),
    ...(openStore ? { store: { ...parsed.store, backend: openStore.capabilities.cypherDialect } } : {}),
    ...(model ? { llm: { ...parsed.llm, provider: SUPPLIED_PROVIDER, model: suppliedModelId(model) } } : {}),
    ...(embeddingModel ? { embeddings: { ...parsed.embeddings, provider: SUPPLIED_PROVIDER, model: suppliedModelId(embeddingModel) } } : {}),
  };
  return { config, ...(model ? { model } : {}), ...(embeddingModel ? { embeddingModel } : {}), ...(openStore ? { store: openStore } : {}), ...(env ? { env } : {}) };
}
