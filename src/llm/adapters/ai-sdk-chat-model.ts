import type { LanguageModel, OutputInterface } from 'ai';
import { countTokens } from '../../chunking/tokens.js';
import type { ChatModel, ChatRequest, FinishReason, JsonResponseFormat, JsonSchema } from '../chat-model.js';
import type { ModelIdentity } from '../model-identity.js';
import { estimateInputTokens } from '../middleware/with-budget-guard.js';
import { loadLanguageModel, type AiSdkProviderSettings } from './ai-sdk-provider.js';
import { toModelCallError } from './ai-sdk-errors.js';

/** What the AI SDK adapter needs: the provider settings of a config, or a model object the caller built. */
export interface AiSdkChatOptions {
  identity: ModelIdentity;
  source: { settings: AiSdkProviderSettings } | { model: Exclude<LanguageModel, string> };
  timeoutMs: number;
  temperature: number;
  maxOutputTokens: number;
}

/**
 * An output spec that sends the JSON schema to the provider (json_schema response format,
 * tool or native structured output, as each provider does it) and returns the raw text:
 * validation and repair happen in `generateObject`, the same for every adapter.
 */
function rawJsonOutput(format: JsonResponseFormat): OutputInterface<string, string, never> {
  return {
    name: 'raw-json',
    responseFormat: Promise.resolve({ type: 'json', schema: toProviderSchema(format.schema) as JsonSchema, name: format.name }),
    parseCompleteOutput: async ({ text }) => text,
    parsePartialOutput: async ({ text }) => ({ partial: text }),
    createElementStreamTransform: () => undefined,
  } as OutputInterface<string, string, never>;
}

/** Size keywords some providers refuse in strict JSON-schema mode; their bounds are for local grammars. */
const SIZE_KEYWORDS = new Set(['maxLength', 'minLength', 'maxItems', 'minItems', 'pattern', 'format']);

/** The guidance schema without size keywords, as sent to remote providers. */
export function toProviderSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toProviderSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema as Record<string, unknown>)
      .filter(([key]) => !SIZE_KEYWORDS.has(key))
      .map(([key, value]) => [key, key === 'properties' ? Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, inner]) => [name, toProviderSchema(inner)])) : key === 'enum' || key === 'required' ? value : toProviderSchema(value)]),
  );
}

function finishReasonOf(reason: string): FinishReason {
  return reason === 'stop' ? 'stop' : reason === 'length' ? 'length' : 'other';
}

/**
 * A ChatModel over any AI SDK provider (OpenAI, Anthropic, Google, Ollama, OpenAI-compatible)
 * or over an AI SDK model object passed to `createRhizome({ model })`.
 * The provider package and the API key are loaded on the first call; the SDK's own retries are
 * off (the retry middleware owns them); each call times out after `timeoutMs`.
 */
export function createAiSdkChatModel(options: AiSdkChatOptions): ChatModel {
  let loading: Promise<{ generateText: typeof import('ai').generateText; model: LanguageModel }> | undefined;
  const load = () => {
    const source = options.source;
    loading ??= Promise.all([import('ai'), 'model' in source ? source.model : loadLanguageModel(source.settings)]).then(([ai, model]) => ({ generateText: ai.generateText, model }));
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  const { modelId } = options.identity;
  return {
    ...options.identity,
    async generate(request: ChatRequest) {
      const { generateText, model } = await load();
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const abortSignal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      try {
        const result = await generateText({
          model,
          ...(request.system ? { system: request.system } : {}),
          messages: request.messages,
          temperature: request.temperature ?? options.temperature,
          maxOutputTokens: request.maxOutputTokens ?? options.maxOutputTokens,
          maxRetries: 0,
          abortSignal,
          ...(request.responseFormat ? { output: rawJsonOutput(request.responseFormat) } : {}),
        });
        const inputTokens = result.usage.inputTokens ?? estimateInputTokens(request);
        const outputTokens = result.usage.outputTokens ?? countTokens(result.text);
        return { text: result.text, usage: { inputTokens, outputTokens }, finishReason: finishReasonOf(result.finishReason), cached: false };
      } catch (error) {
        throw toModelCallError(error, { modelId, timeoutMs: options.timeoutMs, timedOut: timeout.aborted, callerSignal: request.signal });
      }
    },
    close: async () => undefined,
  };
}
