import { MockLanguageModelV3 } from 'ai/test';
import type { ChatMessage, ChatModel, JsonResponseFormat } from '../../src/llm/chat-model.js';

/** What the AI SDK hands a model's `doGenerate` (the provider spec's call options). */
type CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];

function textOf(content: CallOptions['prompt'][number]['content']): string {
  if (typeof content === 'string') return content;
  return content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join('');
}

/** The AI SDK call's JSON response format as the port's, when it asks for one with a schema. */
function responseFormatOf(options: CallOptions): JsonResponseFormat | undefined {
  const format = options.responseFormat;
  if (format?.type !== 'json' || format.schema === undefined) return undefined;
  return { type: 'json', name: format.name ?? 'reply', schema: format.schema as JsonResponseFormat['schema'] };
}

/**
 * An AI SDK language model object (the SDK's own `MockLanguageModelV3` shell) whose every call is
 * answered by a real model behind Rhizome's ChatModel port (here the llama.cpp adapter over a local
 * GGUF): what a caller gets from `openai('…')`, with real text instead of a canned reply. `calls`
 * counts the generations it made.
 */
export function languageModelOverPort(port: ChatModel, purpose = 'ai-sdk-object'): { model: MockLanguageModelV3; calls: () => number } {
  let calls = 0;
  const model = new MockLanguageModelV3({
    provider: 'local-gguf',
    modelId: port.modelId,
    doGenerate: async (options: CallOptions) => {
      calls += 1;
      const system = options.prompt.filter((message) => message.role === 'system').map((message) => textOf(message.content)).join('\n');
      const messages: ChatMessage[] = options.prompt.flatMap((message) => (message.role === 'user' || message.role === 'assistant' ? [{ role: message.role, content: textOf(message.content) }] : []));
      const responseFormat = responseFormatOf(options);
      const reply = await port.generate({
        ...(system ? { system } : {}),
        messages,
        ...(responseFormat ? { responseFormat } : {}),
        ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
        ...(options.maxOutputTokens !== undefined ? { maxOutputTokens: options.maxOutputTokens } : {}),
        ...(options.abortSignal ? { signal: options.abortSignal } : {}),
        promptVersion: 'ai-sdk-object',
        purpose,
      });
      const finish = reply.finishReason === 'length' ? 'length' : reply.finishReason === 'stop' ? 'stop' : 'other';
      return {
        content: [{ type: 'text', text: reply.text }],
        finishReason: { unified: finish, raw: reply.finishReason },
        usage: { inputTokens: { total: reply.usage.inputTokens, noCache: reply.usage.inputTokens, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: reply.usage.outputTokens, text: reply.usage.outputTokens, reasoning: 0 } },
        warnings: [],
      };
    },
  });
  return { model, calls: () => calls };
}
