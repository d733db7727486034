import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRhizome } from '../src/index.js';
import { loadBenchCorpus, writePassages } from './corpus.js';

/** Latency percentiles of one query mode, in milliseconds. */
export interface LatencyFigures {
  mode: string;
  queries: number;
  p50: number;
  p95: number;
  mean: number;
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/** Retrieval latency of every mode against the `naive` baseline over the bench corpus questions (after one warm-up query). */
export async function benchRetrieval(): Promise<LatencyFigures[]> {
  const corpus = loadBenchCorpus();
  const base = mkdtempSync(path.join(os.tmpdir(), 'rhizome-bench-'));
  const rhizome = createRhizome({ workspace: path.join(base, 'workspace') });
  try {
    const folder = path.join(base, 'docs');
    writePassages(corpus, folder, 1);
    await rhizome.index(folder);
    const results: LatencyFigures[] = [];
    for (const mode of ['naive', 'local', 'hybrid', 'global', 'auto'] as const) {
      await rhizome.retrieve(corpus.questions[0] ?? 'warm up', { mode });
      const timings: number[] = [];
      for (const question of corpus.questions) {
        const started = performance.now();
        await rhizome.retrieve(question, { mode });
        timings.push(performance.now() - started);
      }
      const sorted = [...timings].sort((left, right) => left - right);
      results.push({ mode, queries: timings.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), mean: timings.reduce((sum, value) => sum + value, 0) / timings.length });
    }
    return results;
  } finally {
    await rhizome.close();
    rmSync(base, { recursive: true, force: true });
  }
}
