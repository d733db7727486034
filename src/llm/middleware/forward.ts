import type { ChatModel } from '../chat-model.js';
import type { Embedder } from '../embedder.js';

/** The identity fields and `close` of a model, for wrappers that change only the call. */
export function forward<M extends ChatModel | Embedder>(model: M): Pick<M, 'provider' | 'modelId' | 'cacheIdentity' | 'close'> {
  return { provider: model.provider, modelId: model.modelId, cacheIdentity: model.cacheIdentity, close: () => model.close() } as Pick<M, 'provider' | 'modelId' | 'cacheIdentity' | 'close'>;
}
