import { NO_USAGE, type ChatModel } from '../chat-model.js';
import type { Embedder } from '../embedder.js';
import { ModelCallError } from '../model-errors.js';
import type { ModelPrices } from '../model-prices.js';
import type { UsageMeter } from '../usage-meter.js';
import { forward } from './forward.js';

/**
 * Records every chat request in `meter`: calls, cache hits, failed calls (model errors only; a
 * budget refusal or a cancellation is no call), tokens, latency (queueing and retries included)
 * and dollars at `prices`. Placed outermost, so it sees cache hits too.
 */
export function withChatUsageAccounting(model: ChatModel, meter: UsageMeter, prices: ModelPrices): ChatModel {
  return {
    ...forward(model),
    async generate(request) {
      const started = performance.now();
      try {
        const response = await model.generate(request);
        meter.record({ modelId: model.modelId, purpose: request.purpose, usage: response.usage, latencyMs: performance.now() - started, cached: response.cached, failed: false, prices });
        return response;
      } catch (error) {
        if (error instanceof ModelCallError) meter.record({ modelId: model.modelId, purpose: request.purpose, usage: NO_USAGE, latencyMs: performance.now() - started, cached: false, failed: true, prices });
        throw error;
      }
    },
  };
}

/** Records every embedding request in `meter`; a request served wholly from the cache counts as a cache hit. */
export function withEmbedderUsageAccounting(embedder: Embedder, meter: UsageMeter, prices: ModelPrices): Embedder {
  return {
    ...forward(embedder),
    async embed(request) {
      const started = performance.now();
      const purpose = `embed:${request.purpose}`;
      try {
        const response = await embedder.embed(request);
        const cached = response.cachedCount === request.texts.length;
        meter.record({ modelId: embedder.modelId, purpose, usage: { inputTokens: response.usage.inputTokens, outputTokens: 0 }, latencyMs: performance.now() - started, cached, failed: false, prices });
        return response;
      } catch (error) {
        if (error instanceof ModelCallError) meter.record({ modelId: embedder.modelId, purpose, usage: NO_USAGE, latencyMs: performance.now() - started, cached: false, failed: true, prices });
        throw error;
      }
    },
  };
}
