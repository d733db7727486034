import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRhizome } from '../src/index.js';
import { loadBenchCorpus, writePassages } from './corpus.js';

/** Figures of one full index and of the re-index after one document changed, in one workspace. */
export interface IncrementalFigures {
  documents: number;
  fullSeconds: number;
  changeSeconds: number;
  /** The one-document re-index as a share of the full index (the target is under 0.10). */
  share: number;
  fullStages: Record<string, number>;
  changeStages: Record<string, number>;
}

/**
 * Indexes the bench corpus (HotpotQA's 994 passages, the largest development corpus) into a fresh
 * workspace, then appends a sentence to one passage and indexes the folder again: the baseline is the
 * full index of the same run.
 */
export async function benchIncremental(): Promise<IncrementalFigures> {
  const corpus = loadBenchCorpus();
  const base = mkdtempSync(path.join(os.tmpdir(), 'rhizome-bench-incremental-'));
  try {
    const folder = path.join(base, 'docs');
    const documents = writePassages(corpus, folder, 1);
    const rhizome = createRhizome({ workspace: path.join(base, 'workspace') });
    try {
      const full = await rhizome.index(folder);
      const first = corpus.passages[0] as { id: string };
      appendFileSync(path.join(folder, `${first.id}-0.txt`), '\nIt was later described by Margot Vell of the Tarrow Institute as a turning point.\n');
      const change = await rhizome.index(folder);
      if (change.documents.changed !== 1) throw new Error(`expected one changed document, the re-index saw ${change.documents.changed}`);
      return { documents, fullSeconds: full.seconds, changeSeconds: change.seconds, share: change.seconds / full.seconds, fullStages: full.stageSeconds, changeStages: change.stageSeconds };
    } finally {
      await rhizome.close();
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

/** One line per figure, as `npm run bench` prints them. */
export function describeIncremental(figures: IncrementalFigures): string[] {
  const stages = (seconds: Record<string, number>) => Object.entries(seconds).map(([stage, value]) => `${stage} ${value.toFixed(2)}s`).join(', ');
  return [
    `  full index of ${figures.documents} documents (baseline): ${figures.fullSeconds.toFixed(2)} s — ${stages(figures.fullStages)}`,
    `  one document changed: ${figures.changeSeconds.toFixed(2)} s, ${(100 * figures.share).toFixed(0)}% of the full index (target under 10%) — ${stages(figures.changeStages)}`,
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of describeIncremental(await benchIncremental())) console.log(line);
}
