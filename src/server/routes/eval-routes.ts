import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { QUERY_MODES, type QueryMode } from '../../core/retrieval-context.js';
import { RhizomeError } from '../../errors/rhizome-error.js';
import { runCoverageEvaluation } from '../../eval/run-coverage.js';
import type { CoverageResult } from '../../eval/summary.js';
import { defineRoute } from '../api-route.js';
import { evalRunListResponseSchema, evalRunSchema } from '../response-schemas.js';
import type { ServerContext } from '../server-context.js';

/** The body of POST /api/eval: coverage questions asked of the workspace as it is (nothing is indexed). */
export const evalRequestSchema = z.object({
  questions: z
    .array(z.object({ id: z.string().min(1), question: z.string().min(1).max(4000), expected: z.array(z.string().min(1)).min(1), hops: z.union([z.number().int().positive(), z.string().min(1)]).default(1) }))
    .min(1)
    .max(500),
  methods: z.array(z.enum(QUERY_MODES as [QueryMode, ...QueryMode[]])).min(1).max(8).default(['auto']),
});

/** One evaluation run of this server. */
interface EvalRun {
  id: string;
  startedAt: string;
  seconds: number;
  methods: QueryMode[];
  result: CoverageResult;
}

/** Evaluation runs kept for lookup. */
const KEPT_RUNS = 20;

/** Coverage evaluation of the workspace (seed 003's method) and the runs made so far. */
export function evalRoutes(context: ServerContext) {
  const runs: EvalRun[] = [];
  return [
    defineRoute({
      method: 'post',
      path: '/api/eval',
      tag: 'eval',
      summary: 'Ask coverage questions with each method and score the answers (the workspace is not re-indexed)',
      body: evalRequestSchema,
      response: evalRunSchema,
      async handle({ body }) {
        const started = performance.now();
        const startedAt = new Date().toISOString();
        const result = await runCoverageEvaluation(context.rhizome, body.questions, body.methods);
        const run: EvalRun = { id: randomUUID(), startedAt, seconds: (performance.now() - started) / 1000, methods: body.methods, result };
        runs.unshift(run);
        runs.splice(KEPT_RUNS);
        return run;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/eval/runs',
      tag: 'eval',
      summary: 'Evaluation runs of this server, newest first (per-method summaries)',
      response: evalRunListResponseSchema,
      handle: async () => ({ runs: runs.map((run) => ({ id: run.id, startedAt: run.startedAt, seconds: run.seconds, methods: run.result.methods })) }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/eval/runs/:id',
      tag: 'eval',
      summary: 'One evaluation run with every answer and its score',
      response: evalRunSchema,
      async handle({ params }) {
        const run = runs.find((candidate) => candidate.id === params.id);
        if (!run) throw new RhizomeError('INPUT_NOT_FOUND', `no evaluation run has the id "${params.id}"`);
        return run;
      },
    }),
  ];
}
