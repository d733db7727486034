import { z } from 'zod';
import type { Answer } from '../../answer/answer.js';
import { QUERY_MODES, type QueryMode } from '../../core/retrieval-context.js';
import type { RhizomeEvent } from '../../events/events.js';
import { defineRoute } from '../api-route.js';
import { answerSchema, cypherResponseSchema, statsResponseSchema } from '../response-schemas.js';
import type { ServerContext } from '../server-context.js';
import { answerPieces, eventStream, wantsEventStream } from '../sse.js';

/** The body of POST /api/query. */
export const queryRequestSchema = z.object({
  question: z.string().min(1).max(4000).describe('the question, in any language the workspace holds'),
  mode: z.enum(QUERY_MODES as [QueryMode, ...QueryMode[]]).optional().describe('retrieval mode (default: the configured one, auto unless changed)'),
  stream: z.boolean().optional().describe('answer with Server-Sent Events: progress, answer pieces, then the answer'),
  asOf: z.string().min(4).max(40).optional().describe('answer with the facts valid on this date (2024, 2024-06, 2024-06-01)'),
  knownAt: z.string().min(4).max(40).optional().describe('answer with what had been recorded by this time (transaction time)'),
});

/** The time options of a query body, for rhizome.query. */
function timeOf(body: { asOf?: string | undefined; knownAt?: string | undefined }): { asOf?: string; knownAt?: string } {
  return { ...(body.asOf ? { asOf: body.asOf } : {}), ...(body.knownAt ? { knownAt: body.knownAt } : {}) };
}

/** The body of POST /api/cypher. */
export const cypherRequestSchema = z.object({
  query: z.string().min(1).max(4000).describe('a read-only Cypher query; writes are rejected'),
  parameters: z.record(z.string(), z.unknown()).default({}).describe('query parameters ($name)'),
});

/** Streams one answer: `progress` events (retrieve, answer stages), `delta` pieces of the answer text, then `answer`. */
async function streamAnswer(context: ServerContext, question: string, mode: QueryMode | undefined, send: (event: string, data: unknown) => Promise<void>, signal: AbortSignal, time: { asOf?: string; knownAt?: string } = {}): Promise<Answer> {
  let sent = Promise.resolve();
  const onEvent = (event: RhizomeEvent) => {
    sent = sent.then(() => send('progress', event));
  };
  const answer = await context.rhizome.query(question, { ...(mode ? { mode } : {}), ...time, signal, onEvent });
  await sent;
  for (const piece of answerPieces(answer.answer)) await send('delta', { text: piece });
  await send('answer', answer);
  return answer;
}

/** Questions, read-only Cypher probes and statistics. */
export function queryRoutes(context: ServerContext) {
  return [
    defineRoute({
      method: 'post',
      path: '/api/query',
      tag: 'query',
      summary: 'Answer a question with citations and graph paths (JSON, or Server-Sent Events with stream: true)',
      body: queryRequestSchema,
      response: answerSchema,
      streams: true,
      async handle({ context: request, body }) {
        if (wantsEventStream(request, body.stream)) return eventStream(request, async (send) => void (await streamAnswer(context, body.question, body.mode, send, request.req.raw.signal, timeOf(body))));
        return context.rhizome.query(body.question, { ...(body.mode ? { mode: body.mode } : {}), ...timeOf(body), signal: request.req.raw.signal });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/cypher',
      tag: 'query',
      summary: 'Run a read-only Cypher probe (guarded, read-only transaction, timeout and row limit)',
      body: cypherRequestSchema,
      response: cypherResponseSchema,
      handle: async ({ body }) => ({ rows: await context.rhizome.cypher(body.query, body.parameters) }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/stats',
      tag: 'workspace',
      summary: 'Counts of the workspace and the components in use',
      response: statsResponseSchema,
      handle: () => context.rhizome.stats(),
    }),
  ];
}
