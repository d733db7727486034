import { z } from 'zod';
import { defineRoute } from '../api-route.js';
import { answerSchema, entityHistoryResponseSchema, forgetResponseSchema, rememberResponseSchema } from '../response-schemas.js';
import type { ServerContext } from '../server-context.js';

const date = (what: string) => z.string().min(4).max(40).optional().describe(what);

/** Query of GET /api/entities/{id}/history. */
export const historyQuerySchema = z.object({
  from: date('only changes on or after this date'),
  to: date('only changes on or before this date'),
  knownAt: date('the history as stored at this time (transaction time): later facts left out, older document versions\' facts included'),
});

/** Body of POST /api/memory. */
export const rememberRequestSchema = z.object({
  text: z.string().min(1).max(20_000).describe('what was said or observed'),
  time: date('when it was said or held (default now)'),
  source: z.string().min(1).max(200).describe('where it comes from ("chat:42", "user")'),
  subject: z.string().min(1).max(200).optional().describe('the entity it is about'),
});

/** Body of POST /api/memory/search. */
export const recallRequestSchema = z.object({
  question: z.string().min(1).max(4000),
  asOf: date('recall as of this date: later memories and facts not yet valid are left out'),
});

/** Body of POST /api/memory/forget. */
export const forgetRequestSchema = z.object({
  fact: z.string().min(1).max(200).optional().describe('the relation id of the fact to forget'),
  query: z.string().min(1).max(4000).optional().describe('or a question: the fact its answer rests on first is forgotten'),
  reason: z.string().min(1).max(1000).describe('why (kept with the fact)'),
  time: date('when it stopped holding (default today)'),
}).refine((body) => (body.fact === undefined) !== (body.query === undefined), { message: 'give either fact or query' });

/** Entity histories and agent memory: remember, recall (search), forget. */
export function memoryRoutes(context: ServerContext) {
  const { rhizome } = context;
  const defined = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };
  return [
    defineRoute({ method: 'get', path: '/api/entities/:id/history', tag: 'graph', summary: 'The facts about an entity that started, ended or were superseded, with their evidence', query: historyQuerySchema, response: entityHistoryResponseSchema, handle: ({ params, query }) => rhizome.history(params.id ?? '', defined(query)) }),
    defineRoute({ method: 'post', path: '/api/memory', tag: 'memory', summary: 'Remember an episode: indexed as a document, its facts resolved and superseding older ones', body: rememberRequestSchema, response: rememberResponseSchema, handle: ({ body }) => rhizome.remember(defined(body)) }),
    defineRoute({ method: 'post', path: '/api/memory/search', tag: 'memory', summary: 'Recall: answer from memory, as of a date when given', body: recallRequestSchema, response: answerSchema, handle: ({ body }) => rhizome.recall(body.question, defined({ asOf: body.asOf })) }),
    defineRoute({
      method: 'post', path: '/api/memory/forget', tag: 'memory', summary: 'Forget a fact: closed with the reason, never deleted (still true as of earlier dates)', body: forgetRequestSchema, response: forgetResponseSchema,
      handle: ({ body }) => rhizome.forget(body.fact !== undefined ? { fact: body.fact } : { query: body.query ?? '' }, body.reason, defined({ time: body.time })),
    }),
  ];
}
