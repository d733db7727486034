import { z } from 'zod';
import { buildCorrectionMessage, CORRECT_REPLY_PROMPT_VERSION, quoteRejectedReply } from '../prompts/correct-reply-prompt.js';
import { addUsage, NO_USAGE, type ChatModel, type ChatRequest, type JsonSchema, type TokenUsage } from './chat-model.js';
import { ModelOutputError, type OutputFailureReason } from './model-errors.js';
import { parseModelJson } from './parse-model-json.js';

/** A request for a JSON object validated by a zod schema. */
export interface GenerateObjectRequest<T> extends Omit<ChatRequest, 'responseFormat'> {
  schema: z.ZodType<T>;
  schemaName: string;
  /** The JSON Schema sent to the model as guidance (defaults to the zod schema's); may be stricter than `schema`. */
  jsonSchema?: JsonSchema;
  /** Extra requests that quote the problem back to the model before giving up (default 1). */
  maxCorrections?: number;
}

/** A validated object, the reply it came from and what it took to get it. */
export interface GenerateObjectResult<T> {
  object: T;
  text: string;
  /** Tokens of the requests that reached a model (cache hits cost nothing). */
  usage: TokenUsage;
  /** Requests made, cache hits included. */
  attempts: number;
  /** Requests that reached a model. */
  modelCalls: number;
  /** The JSON had to be dug out of prose or fences, or cleaned of trailing commas. */
  repaired: boolean;
  /** A correction request was needed. */
  corrected: boolean;
}

/** The JSON Schema of a zod schema, without the `$schema` marker that some providers reject. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _marker, ...rest } = z.toJSONSchema(schema, { target: 'draft-7' }) as JsonSchema;
  return rest;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

type Verdict<T> = { ok: true; object: T; repaired: boolean } | { ok: false; reason: OutputFailureReason; detail: string };

function judge<T>(text: string, finishReason: string, schema: z.ZodType<T>): Verdict<T> {
  const parsed = parseModelJson(text);
  if (!parsed.ok) return finishReason === 'length' ? { ok: false, reason: 'truncated', detail: 'the output-token limit was reached' } : { ok: false, reason: 'invalid-json', detail: parsed.error };
  const validated = schema.safeParse(parsed.value);
  if (!validated.success) return { ok: false, reason: 'schema-mismatch', detail: describeIssues(validated.error) };
  return { ok: true, object: validated.data, repaired: parsed.repaired };
}

/**
 * Asks for JSON (schema sent as guidance), repairs and validates the reply; when it cannot be
 * used, quotes it back with the problem and asks again, up to `maxCorrections` times, then
 * throws ModelOutputError with the reason and the last reply. Model-call errors pass through.
 */
export async function generateObject<T>(model: ChatModel, request: GenerateObjectRequest<T>): Promise<GenerateObjectResult<T>> {
  const { schema, schemaName, jsonSchema, maxCorrections = 1, ...chat } = request;
  const responseFormat = { type: 'json' as const, name: schemaName, schema: jsonSchema ?? jsonSchemaOf(schema) };
  let messages = chat.messages;
  let usage = NO_USAGE;
  let modelCalls = 0;
  for (let attempt = 0; ; attempt += 1) {
    const promptVersion = attempt === 0 ? chat.promptVersion : `${chat.promptVersion}+${CORRECT_REPLY_PROMPT_VERSION}`;
    const response = await model.generate({ ...chat, messages, promptVersion, responseFormat });
    if (!response.cached) {
      modelCalls += 1;
      usage = addUsage(usage, response.usage);
    }
    const verdict = judge(response.text, response.finishReason, schema);
    if (verdict.ok) return { object: verdict.object, text: response.text, usage, attempts: attempt + 1, modelCalls, repaired: verdict.repaired, corrected: attempt > 0 };
    if (attempt >= maxCorrections) {
      throw new ModelOutputError(verdict.reason, `${model.modelId}: unusable ${schemaName} reply after ${attempt + 1} attempt(s): ${verdict.reason}: ${verdict.detail}`, response.text, { attempts: attempt + 1, modelCalls });
    }
    messages = [...messages, { role: 'assistant', content: quoteRejectedReply(response.text) }, { role: 'user', content: buildCorrectionMessage(verdict) }];
  }
}
