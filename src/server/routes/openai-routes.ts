import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { answerWithSources } from '../../answer/answer-with-sources.js';
import { QUERY_MODES, type QueryMode } from '../../core/retrieval-context.js';
import { RhizomeError } from '../../errors/rhizome-error.js';
import { defineRoute } from '../api-route.js';
import { chatCompletionResponseSchema, chatModelsResponseSchema } from '../response-schemas.js';
import type { ServerContext } from '../server-context.js';
import { answerPieces, eventStream } from '../sse.js';

const contentSchema = z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))]);

/** The body of POST /v1/chat/completions (OpenAI's shape; options Rhizome does not use are accepted and ignored). */
export const chatCompletionRequestSchema = z.looseObject({
  model: z.string().default('rhizome').describe('"rhizome" (the configured mode) or "rhizome-<mode>", such as rhizome-local'),
  messages: z.array(z.looseObject({ role: z.string(), content: contentSchema.nullable().optional() })).min(1),
  stream: z.boolean().optional(),
});

/** The model ids offered: the default mode, then one per mode. */
export const CHAT_MODEL_IDS = ['rhizome', ...QUERY_MODES.map((mode) => `rhizome-${mode}`)];

function modeOf(model: string): QueryMode | undefined {
  if (model === 'rhizome') return undefined;
  const mode = model.replace(/^rhizome-/, '') as QueryMode;
  if (!QUERY_MODES.includes(mode)) throw new RhizomeError('INPUT_INVALID', `unknown model "${model}": use one of ${CHAT_MODEL_IDS.join(', ')}`);
  return mode;
}

function textOf(content: z.infer<typeof contentSchema> | null | undefined): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text ?? '').join('');
}

/** The question: the last user message. */
function questionOf(messages: z.infer<typeof chatCompletionRequestSchema>['messages']): string {
  const question = textOf([...messages].reverse().find((message) => message.role === 'user')?.content).trim();
  if (!question) throw new RhizomeError('QUERY_INVALID', 'no user message with text: the last user message is the question');
  return question;
}

/** An OpenAI-compatible chat endpoint, so existing chat front-ends can talk to the workspace. */
export function openAiRoutes(context: ServerContext) {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/models',
      tag: 'openai',
      summary: 'The models this endpoint serves: one per query mode',
      response: chatModelsResponseSchema,
      handle: async () => ({ object: 'list', data: CHAT_MODEL_IDS.map((id) => ({ id, object: 'model', created: 0, owned_by: 'rhizome' })) }),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/chat/completions',
      tag: 'openai',
      summary: 'OpenAI-compatible chat completion: the last user message is the question; the reply lists its sources (stream: true for SSE chunks)',
      body: chatCompletionRequestSchema,
      response: chatCompletionResponseSchema,
      streams: true,
      async handle({ context: request, body }) {
        const mode = modeOf(body.model);
        const question = questionOf(body.messages);
        const id = `chatcmpl-${randomUUID()}`;
        const created = Math.floor(Date.now() / 1000);
        const ask = () => context.rhizome.query(question, { ...(mode ? { mode } : {}), signal: request.req.raw.signal });
        if (!body.stream) {
          const answer = await ask();
          return { id, object: 'chat.completion', created, model: body.model, choices: [{ index: 0, message: { role: 'assistant', content: answerWithSources(answer) }, finish_reason: 'stop' }], usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 }, citations: answer.citations };
        }
        return eventStream(request, async (send) => {
          const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) => ({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }], ...extra });
          await send(undefined, chunk({ role: 'assistant', content: '' }, null));
          const answer = await ask();
          for (const piece of answerPieces(answerWithSources(answer))) await send(undefined, chunk({ content: piece }, null));
          await send(undefined, chunk({}, 'stop', { citations: answer.citations }));
          await send(undefined, '[DONE]');
        });
      },
    }),
  ];
}
