/** Tokens one model call consumed, as the provider reports them (or the local tokenizer counts them). */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/** One turn of a conversation; the system prompt travels separately in `ChatRequest.system`. */
export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** A JSON Schema (draft 7 subset: type, properties, required, items, enum, additionalProperties). */
export type JsonSchema = { [key: string]: unknown };

/** Asks for a JSON reply shaped by `schema` (a grammar, a provider's json_schema mode, or both). */
export interface JsonResponseFormat {
  type: 'json';
  name: string;
  schema: JsonSchema;
}

/** One request to a chat model, shaped like the AI SDK's `generateText` options. */
export interface ChatRequest {
  system?: string;
  messages: ChatMessage[];
  responseFormat?: JsonResponseFormat;
  temperature?: number;
  maxOutputTokens?: number;
  /** Version of the prompt that built the messages; part of the cache key. */
  promptVersion: string;
  /** What the call is for ("extract", "glean", "answer"); usage is reported per purpose. */
  purpose: string;
  signal?: AbortSignal;
}

/** Why generation ended: a natural stop, the output-token limit, or something else. */
export type FinishReason = 'stop' | 'length' | 'other';

/** A chat model's reply; `cached` is true when no model was called. */
export interface ChatResponse {
  text: string;
  usage: TokenUsage;
  finishReason: FinishReason;
  cached: boolean;
}

/**
 * The chat-model port: every adapter (AI SDK providers, node-llama-cpp) implements `generate`,
 * and every middleware (cache, retry, limits, usage, budget) wraps it.
 */
export interface ChatModel {
  readonly provider: string;
  /** The model id as reported ("gpt-4o-mini", "llama-cpp:SmolLM2-135M-Instruct.Q4_1.gguf"). */
  readonly modelId: string;
  /** What identifies the model's outputs in cache keys (includes the GGUF file size for local files). */
  readonly cacheIdentity: string;
  generate(request: ChatRequest): Promise<ChatResponse>;
  /** Frees native resources (local models); remote adapters do nothing. */
  close(): Promise<void>;
}

/** Sum of two usages. */
export function addUsage(left: TokenUsage, right: TokenUsage): TokenUsage {
  return { inputTokens: left.inputTokens + right.inputTokens, outputTokens: left.outputTokens + right.outputTokens };
}

/** A usage of zero tokens. */
export const NO_USAGE: TokenUsage = Object.freeze({ inputTokens: 0, outputTokens: 0 });
