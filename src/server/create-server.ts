import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { RhizomeError } from '../errors/rhizome-error.js';
import { createApp, type AppOptions, type RhizomeApp } from './create-app.js';

/** Where and how `createServer` listens; the rest is the app's options. */
export interface ServerOptions extends AppOptions {
  /** Interface to bind (default 127.0.0.1). Anything but loopback needs `token`. */
  host?: string;
  /** Port (default 7420; 0 picks a free one). */
  port?: number;
  /** Serve MCP's streamable HTTP transport at /mcp (default true). */
  mcp?: boolean;
}

/** A listening server; `close` stops it once running index jobs have finished (the Rhizome stays open: it is the caller's). */
export interface RunningServer extends RhizomeApp {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Default port of `rhizome serve`. */
export const DEFAULT_PORT = 7420;
/** Tokens shorter than this are refused when binding beyond loopback. */
const MIN_TOKEN_LENGTH = 16;

/** True for names and addresses that reach only this machine. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Refuses a bind beyond loopback without a token (or with a short one). */
export function checkExposure(host: string, token: string | undefined): void {
  if (isLoopback(host)) return;
  if (!token) throw new RhizomeError('CONFIG_INVALID', `binding to ${host} exposes the workspace beyond this machine: give a token (--token or RHIZOME_SERVER_TOKEN), or bind to 127.0.0.1`);
  if (token.length < MIN_TOKEN_LENGTH) throw new RhizomeError('CONFIG_INVALID', `the token must be at least ${MIN_TOKEN_LENGTH} characters when binding to ${host}`);
}

/** Starts the HTTP API (and MCP at /mcp) over one workspace's Rhizome. */
export async function createServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  checkExposure(host, options.token);
  const mcp = options.mcp === false ? null : await (await import('../mcp/mcp-http.js')).createMcpHttpHandler(options.rhizome);
  const built = createApp({ ...options, ...(mcp ? { mcpHandler: mcp.handle } : {}) });
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: built.app.fetch, hostname: host, port: options.port ?? DEFAULT_PORT }, () => resolve(started));
    started.once('error', (cause: NodeJS.ErrnoException) => reject(new RhizomeError('CONFIG_INVALID', `cannot listen on ${host}:${options.port ?? DEFAULT_PORT}: ${cause.message}`, { cause })));
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    ...built,
    url: `http://${shownHost}:${port}`,
    port,
    async close() {
      await built.jobs.drain();
      await mcp?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
    },
  };
}
