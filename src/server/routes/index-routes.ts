import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { RhizomeError } from '../../errors/rhizome-error.js';
import { defineRoute } from '../api-route.js';
import { indexJobListResponseSchema, indexJobSchema } from '../response-schemas.js';
import type { ServerContext } from '../server-context.js';
import { eventStream } from '../sse.js';

/** The body of POST /api/index. */
export const indexRequestSchema = z.object({
  paths: z.array(z.string().min(1).max(4096)).min(1).max(100).describe('folders or files on the server, inside the folders it was started to index from'),
  prune: z.boolean().default(false).describe('also remove indexed documents under these paths that are gone from disk'),
});

/** Query of GET /api/index/jobs/{id}: `wait=true` answers when the job has finished. */
export const jobQuerySchema = z.object({ wait: z.enum(['true', 'false']).default('false').transform((value) => value === 'true') });

function realPath(target: string): string {
  try {
    return realpathSync(target);
  } catch {
    return path.resolve(target);
  }
}

/** The absolute path of `requested` when it lies inside one of `roots` (symbolic links followed), else INPUT_INVALID. */
export function pathInsideRoots(requested: string, roots: string[]): string {
  const resolved = realPath(path.resolve(roots[0] ?? '.', requested));
  const inside = roots.some((root) => {
    const relative = path.relative(realPath(root), resolved);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  });
  if (!inside) throw new RhizomeError('INPUT_INVALID', `${requested} is outside the folders this server indexes from (${roots.join(', ')}); start it with --index-root to allow another`, { details: { path: requested } });
  return resolved;
}

/** A file name safe to write: its last segment, odd characters replaced. */
function safeFileName(name: string): string {
  const base = path.basename(name).replace(/[^\p{L}\p{N}._ -]+/gu, '_').replace(/^\.+/, '');
  return base === '' ? 'upload' : base.slice(0, 200);
}

/** Index runs: a server-side folder, or uploaded files; jobs with progress events. */
export function indexRoutes(context: ServerContext) {
  const { jobs } = context;
  return [
    defineRoute({
      method: 'post',
      path: '/api/index',
      tag: 'index',
      summary: 'Index (add or refresh) folders or files on the server; answers 202 with the job at once',
      body: indexRequestSchema,
      response: indexJobSchema,
      successStatus: 202,
      async handle({ context: request, body }) {
        const paths = body.paths.map((requested) => pathInsideRoots(requested, context.indexRoots));
        return request.json(jobs.submit(paths, { prune: body.prune }), 202);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/index/upload',
      tag: 'index',
      summary: 'Upload files (multipart field "files") and index them; answers 202 with the job',
      multipart: true,
      response: indexJobSchema,
      successStatus: 202,
      async handle({ context: request }) {
        const form = await request.req.parseBody({ all: true });
        const files = [form.files].flat().filter((value): value is File => typeof value === 'object' && value !== null && 'arrayBuffer' in value);
        if (files.length === 0) throw new RhizomeError('INPUT_INVALID', 'no file was uploaded: send multipart/form-data with one or more "files" fields');
        const folder = path.join(context.uploadDirectory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`);
        mkdirSync(folder, { recursive: true });
        for (const file of files) writeFileSync(path.join(folder, safeFileName(file.name)), Buffer.from(await file.arrayBuffer()));
        return request.json(jobs.submit([folder]), 202);
      },
    }),
    defineRoute({ method: 'get', path: '/api/index/jobs', tag: 'index', summary: 'Index jobs of this server, newest first', response: indexJobListResponseSchema, handle: async () => ({ jobs: jobs.list() }) }),
    defineRoute({
      method: 'get',
      path: '/api/index/jobs/:id',
      tag: 'index',
      summary: 'One index job: state, then its summary or error (wait=true answers when it has finished)',
      query: jobQuerySchema,
      response: indexJobSchema,
      handle: async ({ params, query }) => (query.wait ? jobs.finished(params.id ?? '') : jobs.get(params.id ?? '')),
    }),
    defineRoute({
      method: 'get',
      path: '/api/index/jobs/:id/events',
      tag: 'index',
      summary: 'Progress of an index job as Server-Sent Events (`progress` events replayed from the start, then `end` with the job)',
      streams: true,
      async handle({ context: request, params }) {
        const id = params.id ?? '';
        jobs.get(id);
        return eventStream(request, (send) =>
          new Promise<void>((resolve) => {
            let sent = Promise.resolve();
            const unsubscribe = jobs.subscribe(id, {
              onEvent: (event) => {
                sent = sent.then(() => send('progress', event));
              },
              onEnd: (job) => {
                sent = sent.then(() => send('end', job)).then(resolve, resolve);
              },
            });
            request.req.raw.signal.addEventListener('abort', () => {
              unsubscribe();
              resolve();
            });
          }),
        );
      },
    }),
  ];
}
