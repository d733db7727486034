import type { ChatModel } from '../chat-model.js';
import { forward } from './forward.js';

/** Sampling settings a request gets when it names none. */
export interface RequestDefaults {
  temperature: number;
  maxOutputTokens: number;
}

/**
 * Fills a request's temperature and output limit from the config before the cache sees it, so
 * the cache key always holds the values actually used (changing `llm.temperature` invalidates).
 */
export function withRequestDefaults(model: ChatModel, defaults: RequestDefaults): ChatModel {
  return {
    ...forward(model),
    generate: (request) => model.generate({ ...request, temperature: request.temperature ?? defaults.temperature, maxOutputTokens: request.maxOutputTokens ?? defaults.maxOutputTokens }),
  };
}
