import { countTokens } from '../../chunking/tokens.js';
import type { ChatModel, ChatRequest } from '../chat-model.js';
import type { Embedder } from '../embedder.js';
import type { Budget, BudgetReservation } from '../budget.js';
import { costOf, type ModelPrices } from '../model-prices.js';
import { forward } from './forward.js';

/** Tokens a chat format adds around each message (role markers), as OpenAI documents it. */
const TOKENS_PER_MESSAGE = 4;

/**
 * Input tokens of a chat request as an o200k count of its system prompt, messages and response
 * schema: exact for OpenAI's current models, an estimate for other tokenizers.
 */
export function estimateInputTokens(request: Pick<ChatRequest, 'system' | 'messages' | 'responseFormat'>): number {
  const texts = [request.system ?? '', ...request.messages.map((message) => message.content)];
  const schemaTokens = request.responseFormat ? countTokens(JSON.stringify(request.responseFormat.schema)) : 0;
  return texts.reduce((sum, text) => sum + countTokens(text) + TOKENS_PER_MESSAGE, 0) + schemaTokens;
}

/**
 * Refuses a chat request, before any call, when its worst case (estimated input plus its output
 * limit, or `defaultMaxOutputTokens`) would take the run past the budget; throws BudgetExceededError.
 */
export function withChatBudgetGuard(model: ChatModel, budget: Budget, prices: ModelPrices, defaultMaxOutputTokens: number): ChatModel {
  return {
    ...forward(model),
    async generate(request) {
      const worstCase = { inputTokens: estimateInputTokens(request), outputTokens: request.maxOutputTokens ?? defaultMaxOutputTokens };
      const reservation = budget.reserve({ tokens: worstCase.inputTokens + worstCase.outputTokens, dollars: costOf(worstCase, prices) });
      let actual: BudgetReservation = { tokens: 0, dollars: 0 };
      try {
        const response = await model.generate(request);
        if (!response.cached) actual = { tokens: response.usage.inputTokens + response.usage.outputTokens, dollars: costOf(response.usage, prices) };
        return response;
      } finally {
        budget.settle(reservation, actual);
      }
    },
  };
}

/** Refuses an embedding request that would take the run past the budget. */
export function withEmbedderBudgetGuard(embedder: Embedder, budget: Budget, prices: ModelPrices): Embedder {
  return {
    ...forward(embedder),
    async embed(request) {
      const tokens = request.texts.reduce((sum, text) => sum + countTokens(text), 0);
      const reservation = budget.reserve({ tokens, dollars: costOf({ inputTokens: tokens, outputTokens: 0 }, prices) });
      let actual: BudgetReservation = { tokens: 0, dollars: 0 };
      try {
        const response = await embedder.embed(request);
        actual = { tokens: response.usage.inputTokens, dollars: costOf({ inputTokens: response.usage.inputTokens, outputTokens: 0 }, prices) };
        return response;
      } finally {
        budget.settle(reservation, actual);
      }
    },
  };
}
