import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ScaleIndexFigures } from './scale-index.js';
import type { ScaleNeo4jFigures } from './scale-neo4j.js';
import type { ColdQueryFigures } from './scale-cold-query.js';
import { benchQuestions, SCALE_QUERY_MODES, type ScaleQueryFigures } from './scale-query.js';

/** "3k,12k,100k" (or plain numbers) as passage counts. */
export function parseScales(text: string): number[] {
  return text.split(',').map((part) => {
    const match = /^\s*(\d+(?:\.\d+)?)\s*(k|m)?\s*$/i.exec(part);
    if (!match) throw new Error(`--scale: "${part}" is not a passage count such as 3000, 3k or 1.5k`);
    const factor = match[2]?.toLowerCase() === 'm' ? 1_000_000 : match[2] ? 1000 : 1;
    return Math.round(Number(match[1]) * factor);
  });
}

/** Growth exponent between two sizes: 1 is linear, 2 quadratic. */
export function growthExponent(smaller: { size: number; seconds: number }, larger: { size: number; seconds: number }): number {
  return Math.log(larger.seconds / smaller.seconds) / Math.log(larger.size / smaller.size);
}

/** Runs one bench script in a fresh process (so its peak RSS is its own) and parses the JSON line it prints last. */
function runChild<Figures>(script: string, size: number, folder: string, timeoutSeconds: number, extra: string[] = []): Figures {
  const output = execFileSync(process.execPath, ['--import', import.meta.resolve('tsx'), path.resolve('bench', script), String(size), folder, ...extra], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: timeoutSeconds * 1000,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(output.trim().split('\n').pop() as string) as Figures;
}

const seconds = (value: number) => `${value.toFixed(1)} s`;
const megabytes = (value: number) => `${(value / 1024).toFixed(2)} GB`;

function printIndexing(figures: ScaleIndexFigures): void {
  const ratio = figures.seconds / Math.max(figures.bm25BaselineSeconds, 1e-6);
  console.log(`  ${figures.passages} passages: ${seconds(figures.seconds)} (process CPU ${seconds(figures.cpuSeconds)}, load average ${os.loadavg()[0]?.toFixed(1)}), peak RSS ${megabytes(figures.peakRssMb)}; ${figures.entities} entities, ${figures.relations} relations, ${figures.communities} communities`);
  console.log(`    stages: ${Object.entries(figures.stageSeconds).map(([stage, value]) => `${stage} ${seconds(value)} (RSS ≤ ${megabytes(figures.stagePeakRssMb[stage] ?? 0)})`).join(', ')}`);
  console.log(`    baseline: in-memory BM25 index of the same passages ${figures.bm25BaselineSeconds.toFixed(2)} s (indexing takes ${ratio.toFixed(0)}× as long)`);
}

function printColdQueries(size: number, folder: string, timeoutSeconds: number): void {
  console.log('  One question answered in a fresh process (what `rhizome query` runs, reading the files the processes above kept beside the store; module loading included, through tsx):');
  const question = benchQuestions(size, 1)[0] ?? 'warm up';
  for (const mode of SCALE_QUERY_MODES) {
    const figures = runChild<ColdQueryFigures>('scale-cold-query.ts', size, folder, timeoutSeconds, [mode, question]);
    console.log(`    kuzu ${mode.padEnd(6)} ${figures.ms.toFixed(0)} ms (CPU ${figures.cpuMs.toFixed(0)} ms), peak RSS ${megabytes(figures.peakRssMb)}`);
  }
}

function printQueries(figures: ScaleQueryFigures): void {
  for (const mode of figures.modes) {
    console.log(`    ${figures.backend} ${mode.mode.padEnd(6)} first ${mode.coldMs.toFixed(0)} ms (CPU ${mode.coldCpuMs.toFixed(0)} ms), then ${mode.queries} queries p50 ${mode.p50.toFixed(1)} ms, p95 ${mode.p95.toFixed(1)} ms (mean CPU ${mode.meanCpuMs.toFixed(1)} ms)`);
  }
  console.log(`    (${figures.modes.length === 1 ? `${figures.modes[0]?.mode} ` : ''}query process peak RSS ${megabytes(figures.peakRssMb)})`);
}

/**
 * `npm run bench -- --scale 3k,12k,100k`: for each size, a corpus grown from the HotpotQA passages
 * (copies with renamed names, see growCorpus) is indexed offline into Kuzu in a fresh process, then
 * queried in another; prints per-stage time and memory, the growth exponent between sizes, a BM25
 * baseline and query latency per mode — and the same on Neo4j when NEO4J_URI is set.
 */
export async function benchScale(sizes: number[], options: { timeoutSeconds?: number } = {}): Promise<void> {
  const timeoutSeconds = options.timeoutSeconds ?? 3600;
  console.log(`Scale benchmark — offline, default config, ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB, ${new Date().toISOString()}`);
  const measured: Array<{ size: number; seconds: number }> = [];
  for (const size of sizes) {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'rhizome-scale-'));
    try {
      console.log('');
      const indexing = runChild<ScaleIndexFigures>('scale-index.ts', size, folder, timeoutSeconds);
      printIndexing(indexing);
      const previous = measured[measured.length - 1];
      measured.push({ size: indexing.passages, seconds: indexing.seconds });
      if (previous) console.log(`    growth from ${previous.size}: time × ${(indexing.seconds / previous.seconds).toFixed(2)} for size × ${(indexing.passages / previous.size).toFixed(2)}, exponent ${growthExponent(previous, measured[measured.length - 1] as { size: number; seconds: number }).toFixed(2)}`);
      // One process per mode: at 100k passages `local` and `global` together outgrow the default heap (see README).
      console.log('  Retrieval (context building, no answer), one process per mode (the first after indexing: its first query also works out the files a query process keeps beside the store):');
      for (const mode of SCALE_QUERY_MODES) {
        try {
          printQueries(runChild<ScaleQueryFigures>('scale-query.ts', size, folder, timeoutSeconds, [mode]));
        } catch (error) {
          // A mode that fails (out of heap at 100k for auto) is reported; the other modes still run.
          console.log(`    kuzu ${mode.padEnd(6)} failed: ${(error as Error).message.split('\n')[0]}`);
        }
      }
      printColdQueries(size, folder, timeoutSeconds);
      if (process.env.NEO4J_URI) {
        const neo4j = runChild<ScaleNeo4jFigures | { skipped: string }>('scale-neo4j.ts', size, folder, timeoutSeconds);
        if ('skipped' in neo4j) console.log(`  Neo4j skipped: ${neo4j.skipped}`);
        else {
          console.log(`  Neo4j: indexed in ${seconds(neo4j.indexSeconds)} (store ${seconds(neo4j.stageSeconds.store ?? 0)})`);
          printQueries(neo4j.queries);
        }
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }
  const first = measured[0];
  const last = measured[measured.length - 1];
  if (first && last && last !== first) console.log(`\nGrowth exponent ${first.size} → ${last.size}: ${growthExponent(first, last).toFixed(2)} (1 = linear)`);
}
