import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRhizome } from '../src/index.js';
import { benchQuestions, SCALE_QUERY_MODES } from './scale-query.js';

/** One answered question in a fresh process, as `rhizome query` runs it: from process start (module loading included) to the workspace closed. */
export interface ColdQueryFigures {
  mode: (typeof SCALE_QUERY_MODES)[number];
  /** Wall time since the process started, in ms. */
  ms: number;
  /** Process CPU time (user + system) since it started, in ms. */
  cpuMs: number;
  peakRssMb: number;
}

/** Opens the workspace, answers `question` in `mode` and closes it; this process does nothing else. */
export async function coldQuery(question: string, workspace: string, mode: ColdQueryFigures['mode']): Promise<ColdQueryFigures> {
  const rhizome = createRhizome({ workspace });
  try {
    await rhizome.query(question, { mode });
  } finally {
    await rhizome.close();
  }
  const cpu = process.cpuUsage();
  return { mode, ms: performance.now(), cpuMs: (cpu.user + cpu.system) / 1000, peakRssMb: process.resourceUsage().maxRSS / 1024 };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const mode = process.argv[4] as ColdQueryFigures['mode'];
  if (!SCALE_QUERY_MODES.includes(mode)) throw new Error(`mode must be one of ${SCALE_QUERY_MODES.join(', ')}`);
  // The question comes from the parent (see benchScale): working out the bench's questions here would count in this process's time.
  const question = process.argv[5] ?? benchQuestions(Number(process.argv[2]), 1)[0] ?? 'warm up';
  const figures = await coldQuery(question, path.resolve(process.argv[3] as string, 'workspace'), mode);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
