import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { benchCommunities } from './communities.js';
import { loadBenchCorpus } from './corpus.js';
import type { IndexingFigures } from './indexing.js';
import { benchRetrieval } from './retrieval.js';
import { benchBackends } from './backends.js';
import { benchLlmExtraction } from './llm-extraction.js';
import { benchScale, parseScales } from './scale.js';
import { benchIncremental, describeIncremental } from './incremental.js';

/**
 * `npm run bench`: indexing throughput and memory, retrieval latency, community detection — each with a same-run baseline.
 * `npm run bench -- --scale 3k,12k,100k` runs the scale benchmark instead (see bench/scale.ts).
 */
async function main(): Promise<void> {
  const corpus = loadBenchCorpus();
  console.log(`Rhizome benchmarks — corpus: ${corpus.name}, ${new Date().toISOString()}`);
  console.log('');
  console.log('Offline indexing (ingest → chunk → NLP extraction → resolution → communities → Kuzu), each run in a fresh process:');
  for (const copies of [1, 2]) {
    const output = execFileSync(process.execPath, ['--import', import.meta.resolve('tsx'), path.resolve('bench/indexing.ts'), String(copies)], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    const figures = JSON.parse(output.trim().split('\n').pop() as string) as IndexingFigures;
    const stages = Object.entries(figures.stageSeconds).map(([stage, seconds]) => `${stage} ${seconds.toFixed(2)}s`).join(', ');
    console.log(
      `  ${figures.documents} documents: ${figures.seconds.toFixed(2)} s (${figures.documentsPerSecond.toFixed(0)} documents/s, ${figures.chunksPerSecond.toFixed(0)} chunks/s), ` +
        `peak RSS ${figures.peakRssMb.toFixed(0)} MB, ${figures.entities} entities, ${figures.relations} relations`,
    );
    console.log(`    stages: ${stages}`);
    console.log(`    baseline: in-memory BM25 index of the same passages ${figures.bm25BaselineSeconds.toFixed(3)} s (ratio ${(figures.seconds / Math.max(figures.bm25BaselineSeconds, 1e-6)).toFixed(0)}×)`);
  }
  console.log('');
  console.log('Re-index after a one-document change (same workspace; baseline: the full index of the same run):');
  for (const line of describeIncremental(await benchIncremental())) console.log(line);
  console.log('');
  console.log('Retrieval latency (context building, no answer), one process, warm:');
  const latencies = await benchRetrieval();
  const naive = latencies.find((item) => item.mode === 'naive');
  for (const item of latencies) {
    const ratio = naive && item !== naive ? ` (p50 ratio to naive ${(item.p50 / Math.max(naive.p50, 1e-6)).toFixed(1)}×)` : ' (baseline)';
    console.log(`  ${item.mode.padEnd(6)} ${item.queries} queries: p50 ${item.p50.toFixed(1)} ms, p95 ${item.p95.toFixed(1)} ms, mean ${item.mean.toFixed(1)} ms${ratio}`);
  }
  console.log('');
  console.log('LLM extraction (calls per chunk, input tokens per corpus token; targets ≤ 1.1 and 0 on re-index):');
  for (const line of await benchLlmExtraction()) console.log(line);
  console.log('');
  console.log('Community detection:');
  const communities = await benchCommunities();
  console.log(`  ${JSON.stringify(communities)}`);
  console.log('');
  await benchBackends({ passages: 300 });
}

const scaleFlag = process.argv.indexOf('--scale');
if (scaleFlag >= 0) await benchScale(parseScales(process.argv[scaleFlag + 1] ?? '3k,12k'));
else await main();
