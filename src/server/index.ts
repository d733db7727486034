/** `rhizome-rag/server`: the HTTP API over one workspace (Hono), as an app factory and a listening server. */
export { createApp, type AppOptions, type RhizomeApp } from './create-app.js';
export { createServer, checkExposure, isLoopback, DEFAULT_PORT, type ServerOptions, type RunningServer } from './create-server.js';
export { errorResponse, type ErrorBody } from './error-status.js';
export type { IndexJob } from './index-jobs.js';
