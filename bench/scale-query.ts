import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RhizomeConfigInput } from '../src/config/config-schema.js';
import { createRhizome } from '../src/index.js';
import { loadBenchCorpus } from './corpus.js';
import { growCorpus } from './scale-corpus.js';

/** Query modes the scale bench times. */
export const SCALE_QUERY_MODES = ['naive', 'local', 'global', 'auto'] as const;

/** Latency of one mode over the bench questions, after a first (cold) query that is reported apart. */
export interface ModeLatency {
  mode: (typeof SCALE_QUERY_MODES)[number];
  queries: number;
  coldMs: number;
  /** Process CPU time (user + system) of the first query, which other load on the machine does not inflate. */
  coldCpuMs: number;
  p50: number;
  p95: number;
  /** Mean process CPU time of the queries after the first. */
  meanCpuMs: number;
}

/** Query latencies on one indexed workspace, measured in a process of its own. */
export interface ScaleQueryFigures {
  backend: 'kuzu' | 'neo4j';
  modes: ModeLatency[];
  peakRssMb: number;
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
}

function cpuMilliseconds(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

/** Questions of the grown corpus, taken evenly across its copies, so they ask about names from every part of it. */
export function benchQuestions(size: number, count: number): string[] {
  const questions = growCorpus(loadBenchCorpus(), size).questions;
  const step = Math.max(1, Math.floor(questions.length / count));
  return questions.filter((_, index) => index % step === 0).slice(0, count);
}

/** Questions answered per mode on the workspace at `workspace`, as `query` answers them (retrieval, the answer and the cited facts' standing), one process, each mode warmed by its first query. */
export async function timeQueries(size: number, config: RhizomeConfigInput, questions = benchQuestions(size, 40), queryModes: ReadonlyArray<ModeLatency['mode']> = SCALE_QUERY_MODES): Promise<ScaleQueryFigures> {
  const rhizome = createRhizome(config);
  try {
    const modes: ModeLatency[] = [];
    for (const mode of queryModes) {
      const coldStart = performance.now();
      const coldCpu = process.cpuUsage();
      await rhizome.query(questions[0] ?? 'warm up', { mode });
      const coldMs = performance.now() - coldStart;
      const coldCpuMs = cpuMilliseconds(process.cpuUsage(coldCpu));
      const timings: number[] = [];
      const warmCpu = process.cpuUsage();
      for (const question of questions.slice(1)) {
        const started = performance.now();
        await rhizome.query(question, { mode });
        timings.push(performance.now() - started);
      }
      const meanCpuMs = cpuMilliseconds(process.cpuUsage(warmCpu)) / Math.max(1, timings.length);
      const sorted = timings.sort((left, right) => left - right);
      modes.push({ mode, queries: timings.length, coldMs, coldCpuMs, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), meanCpuMs });
    }
    return { backend: config.store?.backend ?? 'kuzu', modes, peakRssMb: process.resourceUsage().maxRSS / 1024 };
  } finally {
    await rhizome.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // An optional fourth argument names the modes to time (comma-separated), each mode of the list in this one process.
  const modes = process.argv[4] ? (process.argv[4].split(',') as Array<ModeLatency['mode']>) : SCALE_QUERY_MODES;
  const unknown = modes.filter((mode) => !SCALE_QUERY_MODES.includes(mode));
  if (unknown.length > 0) throw new Error(`unknown mode(s) ${unknown.join(', ')}: the modes are ${SCALE_QUERY_MODES.join(', ')}`);
  const figures = await timeQueries(Number(process.argv[2]), { workspace: path.resolve(process.argv[3] as string, 'workspace') }, undefined, modes);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
