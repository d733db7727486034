import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRhizome } from '../src/index.js';
import { createBm25Index } from '../src/query/bm25.js';
import { loadBenchCorpus } from './corpus.js';
import { growCorpus, writeGrownCorpus } from './scale-corpus.js';

const MIB = 1024 * 1024;

/** Figures of indexing one grown corpus, measured in a process of its own (so its peak RSS is the run's). */
export interface ScaleIndexFigures {
  passages: number;
  chunks: number;
  entities: number;
  relations: number;
  communities: number;
  seconds: number;
  /** CPU time of the indexing (user + system, every thread), which other load on the machine does not inflate. */
  cpuSeconds: number;
  stageSeconds: Record<string, number>;
  /** Highest resident memory sampled while each stage ran (every 100 ms, and at its end), in MiB. */
  stagePeakRssMb: Record<string, number>;
  /** JavaScript heap in use when each stage ended, in MiB. */
  stageHeapMb: Record<string, number>;
  peakRssMb: number;
  bm25BaselineSeconds: number;
}

/** Writes the corpus grown to `size` passages under `folder`/docs and indexes it into `folder`/workspace. */
export async function indexGrownCorpus(size: number, folder: string): Promise<ScaleIndexFigures> {
  const docs = path.join(folder, 'docs');
  mkdirSync(docs, { recursive: true });
  // The grown corpus is written out and dropped before indexing (grown again for the baseline after):
  // `rhizome index` holds no second copy of the passages, so the peak RSS measured here must not either.
  writeGrownCorpus(growCorpus(loadBenchCorpus(), size), docs);
  const rhizome = createRhizome({ workspace: path.join(folder, 'workspace') });
  const stagePeakRssMb: Record<string, number> = {};
  const stageHeapMb: Record<string, number> = {};
  let stage = 'start';
  const sample = () => {
    stagePeakRssMb[stage] = Math.max(stagePeakRssMb[stage] ?? 0, process.memoryUsage.rss() / MIB);
  };
  const sampler = setInterval(sample, 100);
  const cpuBefore = process.cpuUsage();
  const summary = await rhizome.index(docs, {
    onEvent: (event) => {
      if (event.type === 'stage-start') {
        sample();
        stage = event.stage;
      } else if (event.type === 'stage-end') {
        sample();
        stageHeapMb[event.stage] = process.memoryUsage().heapUsed / MIB;
      }
    },
  });
  clearInterval(sampler);
  const cpu = process.cpuUsage(cpuBefore);
  await rhizome.close();
  const corpus = growCorpus(loadBenchCorpus(), size);
  const baselineStart = performance.now();
  createBm25Index(corpus.passages.map((passage) => ({ id: passage.id, text: `${passage.title}\n${passage.text}` })));
  const bm25BaselineSeconds = (performance.now() - baselineStart) / 1000;
  return {
    passages: summary.documents.seen,
    chunks: summary.chunks.total,
    entities: summary.entities,
    relations: summary.relations,
    communities: summary.communities,
    seconds: summary.seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    stageSeconds: summary.stageSeconds,
    stagePeakRssMb,
    stageHeapMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    bm25BaselineSeconds,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await indexGrownCorpus(Number(process.argv[2]), path.resolve(process.argv[3] as string));
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
