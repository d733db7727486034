import type { Command } from 'commander';
import { readEnvironment } from '../../config/read-environment.js';
import { printLine } from '../output.js';
import { openRhizome, parsePositiveInteger } from '../context.js';

interface ServeFlags {
  host: string;
  port?: number;
  token?: string;
  cors?: string[];
  indexRoot?: string[];
  maxBodyMb?: number;
  maxUploadMb?: number;
  mcp: boolean;
}

/** Resolves when the process is asked to stop (Ctrl-C or SIGTERM). */
function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

/** `rhizome serve`: the HTTP API (and MCP at /mcp) over the workspace, which the server holds until it stops. */
export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('serve the workspace over HTTP: query (JSON and SSE), graph, index jobs, eval, OpenAI-compatible chat, MCP at /mcp, OpenAPI at /openapi.json')
    .option('--host <host>', 'interface to bind; anything but loopback needs a token', '127.0.0.1')
    .option('--port <n>', 'port (default 7420)', parsePositiveInteger('--port'))
    .option('--token <token>', 'require Authorization: Bearer <token> (default: RHIZOME_SERVER_TOKEN)')
    .option('--cors <origin...>', 'allow browser calls from these origins (default: none)')
    .option('--index-root <dir...>', 'folders POST /api/index may name (default: the working directory)')
    .option('--max-body-mb <n>', 'largest JSON body in MiB (default 1)', parsePositiveInteger('--max-body-mb'))
    .option('--max-upload-mb <n>', 'largest upload in MiB (default 50)', parsePositiveInteger('--max-upload-mb'))
    .option('--no-mcp', 'do not serve MCP at /mcp')
    .action(async (flags: ServeFlags, command: Command) => {
      const { createServer } = await import('../../server/create-server.js');
      const token = flags.token ?? readEnvironment().RHIZOME_SERVER_TOKEN;
      const rhizome = await openRhizome(command);
      try {
        const server = await createServer({
          rhizome,
          host: flags.host,
          ...(flags.port ? { port: flags.port } : {}),
          ...(token ? { token } : {}),
          ...(flags.cors ? { corsOrigins: flags.cors } : {}),
          ...(flags.indexRoot ? { indexRoots: flags.indexRoot } : {}),
          ...(flags.maxBodyMb ? { maxBodyBytes: flags.maxBodyMb * 1024 * 1024 } : {}),
          ...(flags.maxUploadMb ? { maxUploadBytes: flags.maxUploadMb * 1024 * 1024 } : {}),
          mcp: flags.mcp,
        });
        printLine(`Rhizome API on ${server.url} (workspace ${rhizome.config.workspace}${token ? ', token required' : ''}); graph explorer at ${server.url}/; MCP ${flags.mcp ? `at ${server.url}/mcp` : 'off'}; OpenAPI at ${server.url}/openapi.json`);
        await untilStopped();
        printLine('stopping (waiting for running index jobs)…');
        await server.close();
      } finally {
        await rhizome.close();
      }
    });
}
