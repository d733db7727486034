import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import path from 'node:path';

const CLI = path.resolve(import.meta.dirname, '..', '..', 'src', 'cli', 'main.ts');

/** A free TCP port on loopback (closed again before it is returned). */
export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A `rhizome serve` process started from source. */
export interface ServeProcess {
  child: ChildProcessWithoutNullStreams;
  /** Everything the process printed so far, both streams. */
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Sends SIGTERM and waits for the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `rhizome <args>` (the command line from source) in `cwd`, without RHIZOME_SERVER_TOKEN from
 * this process's environment unless `env` gives one. `ready` resolves once the server printed its
 * address, or rejects with its output if it exited first.
 */
export function startServe(cwd: string, args: readonly string[], env: Record<string, string> = {}): ServeProcess & { ready: Promise<void> } {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'RHIZOME_SERVER_TOKEN')) as Record<string, string>;
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), CLI, ...args], { cwd, env: { ...base, NO_COLOR: '1', ...env } });
  let output = '';
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr.on('data', (data: Buffer) => (output += data.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Rhizome API on')) {
        clearInterval(timer);
        resolve();
      }
    }, 20);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`rhizome ${args.join(' ')} exited (${code}) before it served:\n${output}`));
    });
  });
  ready.catch(() => undefined);
  return {
    child,
    output: () => output,
    exited,
    ready,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
