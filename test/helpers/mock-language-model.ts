import { MockLanguageModelV3 } from 'ai/test';

/** The system and user text of one call a mock model received. */
export interface SeenPrompt {
  system: string;
  user: string;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part && typeof part === 'object' && 'text' in part ? String((part as { text: unknown }).text) : '')).join('');
  return '';
}

/**
 * An AI SDK mock model (the SDK's own `MockLanguageModelV3`) whose reply is computed from the
 * prompt; every prompt it saw is kept in `seen`, as a caller of `createRhizome({ model })` passes it.
 */
export function mockLanguageModel(reply: (prompt: SeenPrompt) => string, modelId = 'mock-chat'): { model: MockLanguageModelV3; seen: SeenPrompt[] } {
  const seen: SeenPrompt[] = [];
  const model = new MockLanguageModelV3({
    provider: 'mock-provider',
    modelId,
    doGenerate: async (options: Parameters<MockLanguageModelV3['doGenerate']>[0]) => {
      const prompt = {
        system: options.prompt.filter((message) => message.role === 'system').map((message) => textOf(message.content)).join('\n'),
        user: options.prompt.filter((message) => message.role === 'user').map((message) => textOf(message.content)).join('\n'),
      };
      seen.push(prompt);
      const text = reply(prompt);
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } },
        warnings: [],
      };
    },
  });
  return { model, seen };
}
