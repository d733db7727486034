import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRhizome } from '../src/index.js';
import { createBm25Index } from '../src/query/bm25.js';
import { loadBenchCorpus } from './corpus.js';
import { growCorpus, writeGrownCorpus } from './scale-corpus.js';

/** Figures of one indexing run (run in its own process so peak memory is its own). */
export interface IndexingFigures {
  copies: number;
  documents: number;
  chunks: number;
  entities: number;
  relations: number;
  seconds: number;
  documentsPerSecond: number;
  chunksPerSecond: number;
  peakRssMb: number;
  bm25BaselineSeconds: number;
  stageSeconds: Record<string, number>;
}

/** Indexes the bench corpus grown to `copies` times its size (renamed copies, never the same passage twice) from disk into a fresh workspace. */
export async function benchIndexing(copies: number): Promise<IndexingFigures> {
  const original = loadBenchCorpus();
  const corpus = growCorpus(original, original.passages.length * copies);
  const base = mkdtempSync(path.join(os.tmpdir(), 'rhizome-bench-'));
  try {
    const folder = path.join(base, 'docs');
    writeGrownCorpus(corpus, folder);
    const rhizome = createRhizome({ workspace: path.join(base, 'workspace') });
    const summary = await rhizome.index(folder);
    await rhizome.close();
    const baselineStart = performance.now();
    createBm25Index(corpus.passages.map((passage) => ({ id: passage.id, text: `${passage.title}\n${passage.text}` })));
    const bm25BaselineSeconds = (performance.now() - baselineStart) / 1000;
    return {
      copies,
      documents: summary.documents.seen,
      chunks: summary.chunks.total,
      entities: summary.entities,
      relations: summary.relations,
      seconds: summary.seconds,
      documentsPerSecond: summary.documents.seen / summary.seconds,
      chunksPerSecond: summary.chunks.total / summary.seconds,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      bm25BaselineSeconds,
      stageSeconds: summary.stageSeconds,
    };
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchIndexing(Number(process.argv[2] ?? 1));
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
