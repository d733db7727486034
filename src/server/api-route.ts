import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { RhizomeError } from '../errors/rhizome-error.js';

/** What a handler receives: the request's parsed body, query and path parameters. */
export interface RouteInput<Body, Query> {
  context: Context;
  body: Body;
  query: Query;
  params: Record<string, string>;
}

/**
 * One HTTP endpoint: its schemas validate the request and are what the OpenAPI document is
 * generated from, so the two cannot drift. A handler returns a value (sent as JSON) or a Response.
 */
export interface ApiRoute<Body = unknown, Query = unknown> {
  method: 'get' | 'post';
  /** Hono path, `:name` for parameters. */
  path: string;
  summary: string;
  tag: string;
  body?: z.ZodType<Body>;
  query?: z.ZodType<Query>;
  /** The body is multipart/form-data files (field `files`), read by the handler itself. */
  multipart?: boolean;
  /** What it answers with, as JSON (documented in OpenAPI; tests parse real responses with it). */
  response?: z.ZodType;
  /** The status of a success when it is not 200 (202 for accepted index jobs). */
  successStatus?: number;
  /** Content types it may answer with besides JSON (`text/event-stream`). */
  streams?: boolean;
  /** False for the few routes that need no token (health). */
  authenticated?: boolean;
  handle(input: RouteInput<Body, Query>): Promise<unknown>;
}

/** Declares a route with its types inferred from its schemas. */
export function defineRoute<Body = undefined, Query = undefined>(route: ApiRoute<Body, Query>): ApiRoute<Body, Query> {
  return route;
}

function invalid(where: string, error: z.ZodError): RhizomeError {
  const issues = error.issues.map((issue) => `${issue.path.join('.') || where}: ${issue.message}`).join('; ');
  return new RhizomeError('INPUT_INVALID', `invalid request ${where}: ${issues}`, { details: { issues: error.issues } });
}

async function readJson(context: Context): Promise<unknown> {
  const text = await context.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RhizomeError('INPUT_INVALID', 'the request body is not valid JSON');
  }
}

/** Registers routes on an app: each request is validated against the route's schemas before its handler runs. */
export function mountRoutes(app: Hono, routes: ReadonlyArray<ApiRoute<never, never>>): void {
  for (const route of routes as ReadonlyArray<ApiRoute>) {
    app[route.method](route.path, async (context) => {
      const query = route.query ? route.query.safeParse(context.req.query()) : { success: true as const, data: undefined };
      if (!query.success) throw invalid('query', query.error);
      const body = route.body ? route.body.safeParse(await readJson(context)) : { success: true as const, data: undefined };
      if (!body.success) throw invalid('body', body.error);
      const result = await route.handle({ context, body: body.data, query: query.data, params: context.req.param() as Record<string, string> });
      return result instanceof Response ? result : context.json(result as object);
    });
  }
}
