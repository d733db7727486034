import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRhizome } from '../src/index.js';

/**
 * `npm run bench:serve`: `rhizome serve` on the example workspace, on loopback, in its own
 * process, sent requests open-loop at a fixed rate (default 200/s for 30 s: a request leaves on
 * schedule whether or not earlier ones have answered). Prints the rate achieved, errors and
 * latency percentiles; exits 1 on any error. Flags: --rate <n> --seconds <n>.
 */
const QUESTIONS = [
  'Which company supplies the sensor used by the programme led by Jonas Berg?',
  'Who leads the Kite programme?',
  'Where will the Kite field trials take place?',
  'Who audits Lumen Optics?',
  'What are the main risks across the programmes?',
];
const ENTITY_LOOKUPS = ['/api/entities?q=Jonas%20Berg', '/api/entities/Kite', '/api/paths?from=Jonas%20Berg&to=Lumen%20Optics&maxHops=4'];

function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

/** The request of slot `index`: four questions for one entity or path lookup. */
function requestFor(index: number, url: string): { target: string; init: RequestInit } {
  if (index % 5 === 4) return { target: `${url}${ENTITY_LOOKUPS[index % ENTITY_LOOKUPS.length]}`, init: {} };
  const question = QUESTIONS[index % QUESTIONS.length] as string;
  return { target: `${url}/api/query`, init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question }) } };
}

async function main(): Promise<void> {
  const rate = flag('rate', 200);
  const seconds = flag('seconds', 30);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'rhizome-serve-bench-'));
  const workspace = path.join(folder, 'workspace');
  const indexer = createRhizome({ workspace });
  await indexer.index(path.resolve('examples/harbour-robotics'));
  await indexer.close();
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), path.resolve('src/cli/main.ts'), '--workspace', workspace, 'serve', '--port', String(port), '--no-mcp'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => (chunk.toString().includes('Rhizome API on') ? resolve() : undefined));
      server.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
    });
    for (let index = 0; index < 20; index += 1) await fetch(requestFor(index, url).target, requestFor(index, url).init).then((response) => response.arrayBuffer());
    const total = Math.round(rate * seconds);
    const latencies: number[] = [];
    const errors: string[] = [];
    const started = performance.now();
    const sends: Array<Promise<void>> = [];
    for (let index = 0; index < total; index += 1) {
      const due = started + (index * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const { target, init } = requestFor(index, url);
      const sent = performance.now();
      sends.push(
        fetch(target, { ...init, signal: AbortSignal.timeout(10_000) })
          .then(async (response) => {
            await response.arrayBuffer();
            if (!response.ok) errors.push(`${response.status} ${target}`);
            latencies.push(performance.now() - sent);
          })
          .catch((error: Error) => void errors.push(`${error.name}: ${error.message}`)),
      );
    }
    await Promise.all(sends);
    const elapsed = (performance.now() - started) / 1000;
    const sorted = latencies.sort((left, right) => left - right);
    console.log(`rhizome serve on loopback, example workspace: ${total} requests (4/5 POST /api/query, 1/5 entity or path lookups) at ${rate}/s for ${seconds} s`);
    console.log(`  achieved ${(total / elapsed).toFixed(1)} requests/s over ${elapsed.toFixed(1)} s; errors ${errors.length}`);
    console.log(`  latency p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms`);
    if (errors.length > 0) {
      console.log(`  first errors: ${[...new Set(errors)].slice(0, 5).join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
