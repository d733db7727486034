import path from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Rhizome } from '../rhizome.js';
import { defineRoute, mountRoutes, type ApiRoute } from './api-route.js';
import { requireToken } from './authorize.js';
import { errorResponse, type ErrorBody } from './error-status.js';
import { IndexJobs } from './index-jobs.js';
import { buildOpenApiDocument } from './openapi.js';
import { healthResponseSchema } from './response-schemas.js';
import { defaultWebDirectory, isWebAppPath, mountWebApp } from './web-app.js';
import { evalRoutes } from './routes/eval-routes.js';
import { graphRoutes } from './routes/graph-routes.js';
import { indexRoutes } from './routes/index-routes.js';
import { openAiRoutes } from './routes/openai-routes.js';
import { queryRoutes } from './routes/query-routes.js';
import { memoryRoutes } from './routes/memory-routes.js';
import type { ServerContext } from './server-context.js';

/** How an app serves one workspace. */
export interface AppOptions {
  /** The workspace's Rhizome; the app shares it between requests (it owns the workspace while it runs). */
  rhizome: Rhizome;
  /** When set, every request but GET /health needs `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /** Origins allowed to call the API from a browser; none (the default) sends no CORS headers. */
  corsOrigins?: string[];
  /** Largest JSON body, in bytes (default 1 MiB). */
  maxBodyBytes?: number;
  /** Largest upload to /api/index/upload, in bytes (default 50 MiB). */
  maxUploadBytes?: number;
  /** Folders that POST /api/index may name (default: the working directory). */
  indexRoots?: string[];
  /** Where uploads are written (default `<workspace>/uploads`). */
  uploadDirectory?: string;
  /** Serves /mcp (the MCP streamable HTTP transport) when given. */
  mcpHandler?: (request: Request) => Promise<Response>;
  /** Folder of the built web app served at `/` (default: `dist/web`, see `defaultWebDirectory`); false serves none. */
  webDirectory?: string | false;
}

/** A Hono app over one workspace, testable without a port (`app.request(...)`). */
export interface RhizomeApp {
  app: Hono;
  jobs: IndexJobs;
  /** The OpenAPI document, also served at GET /openapi.json. */
  openApi: Record<string, unknown>;
}

const MEBIBYTE = 1024 * 1024;

function tooLarge(limit: number): (context: import('hono').Context) => Response {
  return (context) => context.json({ error: { code: 'PAYLOAD_TOO_LARGE', message: `the request body is larger than this server accepts (${limit} bytes)` } } satisfies ErrorBody, 413);
}

/**
 * The HTTP API: questions (JSON or SSE), entities, paths, communities, documents, index jobs,
 * evaluation, an OpenAI-compatible chat endpoint, its OpenAPI document and the web app at `/`. Errors map to
 * statuses in one place (`error-status.ts`).
 */
export function createApp(options: AppOptions): RhizomeApp {
  const { rhizome } = options;
  const maxBodyBytes = options.maxBodyBytes ?? MEBIBYTE;
  const maxUploadBytes = options.maxUploadBytes ?? 50 * MEBIBYTE;
  const context: ServerContext = {
    rhizome,
    jobs: new IndexJobs(rhizome),
    indexRoots: (options.indexRoots ?? [process.cwd()]).map((root) => path.resolve(root)),
    uploadDirectory: path.resolve(options.uploadDirectory ?? path.join(rhizome.config.workspace, 'uploads')),
    maxUploadBytes,
  };
  const health = defineRoute({ method: 'get', path: '/health', tag: 'workspace', summary: 'Liveness: answers without a token', response: healthResponseSchema, authenticated: false, handle: async () => ({ ok: true }) });
  const routes: Array<ApiRoute<never, never>> = [health, ...queryRoutes(context), ...memoryRoutes(context), ...graphRoutes(context), ...indexRoutes(context), ...evalRoutes(context), ...openAiRoutes(context)] as Array<ApiRoute<never, never>>;
  const openApi = buildOpenApiDocument(routes, { title: 'Rhizome API', version: '0.1.0' });

  const app = new Hono();
  if (options.corsOrigins && options.corsOrigins.length > 0) app.use('*', cors({ origin: options.corsOrigins, allowHeaders: ['Authorization', 'Content-Type', 'Mcp-Session-Id', 'Mcp-Protocol-Version'], exposeHeaders: ['Mcp-Session-Id'] }));
  if (options.token) app.use('*', requireToken(options.token, (requestPath, method) => method === 'OPTIONS' || requestPath === '/health' || (method === 'GET' && isWebAppPath(requestPath))));
  const uploadLimit = bodyLimit({ maxSize: maxUploadBytes, onError: tooLarge(maxUploadBytes) });
  const jsonLimit = bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge(maxBodyBytes) });
  app.use('*', (request, next) => (request.req.path === '/api/index/upload' ? uploadLimit(request, next) : jsonLimit(request, next)));
  app.get('/openapi.json', (request) => request.json(openApi));
  if (options.webDirectory !== false) mountWebApp(app, options.webDirectory ?? defaultWebDirectory());
  mountRoutes(app, routes);
  if (options.mcpHandler) {
    const handler = options.mcpHandler;
    app.all('/mcp', (request) => handler(request.req.raw));
  }
  app.notFound((request) => request.json({ error: { code: 'NOT_FOUND', message: `no route ${request.req.method} ${request.req.path} (see GET /openapi.json)` } } satisfies ErrorBody, 404));
  app.onError((error, request) => {
    const { status, body } = errorResponse(error);
    if (status >= 500) console.error(error);
    return request.json(body, status as ContentfulStatusCode);
  });
  return { app, jobs: context.jobs, openApi };
}
