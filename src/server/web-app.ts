import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import type { ErrorBody } from './error-status.js';

/** URL prefix of the web app's files (the page itself is at `/`). */
export const WEB_ASSETS_PREFIX = '/assets/';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json; charset=utf-8',
};

/**
 * Scripts and styles only from this server, no framing, no plugins: the page renders document
 * text as text, and this is the second line of defence should a bug ever write it as markup.
 */
const SECURITY_HEADERS = {
  'Content-Security-Policy': "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** Where `npm run build` writes the web app: `dist/web`, beside the server's compiled folder (or above `src/` when run from source). */
export function defaultWebDirectory(): string {
  const besideServer = path.resolve(import.meta.dirname, '..', 'web');
  if (existsSync(path.join(besideServer, 'index.html'))) return besideServer;
  return path.resolve(import.meta.dirname, '..', '..', 'dist', 'web');
}

/** True for the paths the web app serves (they need no token: the page holds no data and asks for the token itself). */
export function isWebAppPath(requestPath: string): boolean {
  return requestPath === '/' || requestPath.startsWith(WEB_ASSETS_PREFIX);
}

/** The built files of the web app, read once: name → bytes. Empty when the folder has no `index.html`. */
function readWebFiles(directory: string): Map<string, Buffer> {
  if (!existsSync(path.join(directory, 'index.html'))) return new Map();
  const files = readdirSync(directory, { withFileTypes: true }).filter((entry) => entry.isFile() && CONTENT_TYPES[path.extname(entry.name)] !== undefined);
  return new Map(files.map((entry) => [entry.name, readFileSync(path.join(directory, entry.name))]));
}

function sendFile(context: Context, name: string, bytes: Buffer): Response {
  const headers = { ...SECURITY_HEADERS, 'Content-Type': CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' };
  return context.body(new Uint8Array(bytes), 200, headers);
}

/**
 * Serves the graph explorer built into `directory`: the page at `/`, its files under `/assets/`
 * (only the files present when the app was made; no path is ever joined from the request). The
 * page talks to the same `/api` routes as any client.
 */
export function mountWebApp(app: Hono, directory: string): void {
  const files = readWebFiles(directory);
  app.get('/', (context) => {
    const page = files.get('index.html');
    if (page) return sendFile(context, 'index.html', page);
    const body: ErrorBody = { error: { code: 'NOT_FOUND', message: `the web app is not built (no ${path.join(directory, 'index.html')}): run npm run build; the API is under /api (see GET /openapi.json)` } };
    return context.json(body, 404);
  });
  app.get(`${WEB_ASSETS_PREFIX}:name`, (context) => {
    const name = context.req.param('name');
    const bytes = name === 'index.html' ? undefined : files.get(name);
    if (!bytes) return context.json({ error: { code: 'NOT_FOUND', message: `no web app file ${name}` } } satisfies ErrorBody, 404);
    return sendFile(context, name, bytes);
  });
}
