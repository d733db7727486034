import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { ErrorBody } from './error-status.js';

function sameToken(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Requires `Authorization: Bearer <token>` on every request but those `open` lets through (health, CORS preflight). */
export function requireToken(token: string, open: (path: string, method: string) => boolean): MiddlewareHandler {
  return async (context, next) => {
    if (open(context.req.path, context.req.method)) return next();
    const header = context.req.header('authorization') ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (given !== '' && sameToken(given, token)) return next();
    const body: ErrorBody = { error: { code: 'UNAUTHORIZED', message: 'this server needs a token: send Authorization: Bearer <token>' } };
    return context.json(body, 401, { 'WWW-Authenticate': 'Bearer' });
  };
}
