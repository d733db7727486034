import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { validateConfig } from '../src/config/load-config.js';
import type { RhizomeConfigInput } from '../src/config/config-schema.js';
import { openGraphStore } from '../src/graph/open-store.js';
import { createRhizome } from '../src/index.js';
import { loadBenchCorpus, writePassages } from './corpus.js';

/** Bulk-load and retrieval figures of one backend on the bench corpus slice. */
export interface BackendFigures {
  backend: 'kuzu' | 'neo4j';
  documents: number;
  /** Rows the store stage wrote: documents, chunks, entities, relations, mentions, merges, communities. */
  rows: number;
  storeSeconds: number;
  rowsPerSecond: number;
  indexSeconds: number;
  local: { p50: number; p95: number; queries: number };
  naive: { p50: number; p95: number; queries: number };
}

const BENCH_META_KEY = 'benchCorpus';

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/** Why the configured Neo4j database must not be overwritten, or null (then it is marked as the bench's): it must be empty or the bench's. */
export async function neo4jIsFreeForBench(): Promise<string | null> {
  const config = validateConfig({ store: { backend: 'neo4j' } });
  const store = await openGraphStore(config);
  try {
    await store.ensureSchema(config.schema);
    const documents = (await store.counts()).documents;
    if (documents > 0 && (await store.getMeta(BENCH_META_KEY)) === null) return `the database holds a graph of ${documents} documents that the bench would replace`;
    await store.setMeta(BENCH_META_KEY, 'this database may be overwritten by bench/backends.ts');
    return null;
  } finally {
    await store.close();
  }
}

/** Empties the bench's Neo4j database again (documents, chunks and entity layer). */
export async function clearNeo4j(): Promise<void> {
  const config = validateConfig({ store: { backend: 'neo4j' } });
  const store = await openGraphStore(config);
  try {
    await store.ensureSchema(config.schema);
    const ids = (await store.listDocuments()).map((document) => document.id);
    await store.writeIndex({ removedDocumentIds: ids, documents: [], chunks: [], updatedExtractions: [], graph: { entities: [], relations: [], mentions: [] }, merges: [], communities: [] });
  } finally {
    await store.close();
  }
}

async function benchOne(backend: BackendFigures['backend'], folder: string, workspace: string, questions: string[]): Promise<BackendFigures> {
  const config: RhizomeConfigInput = { workspace, store: { backend } };
  const rhizome = createRhizome(config);
  try {
    const summary = await rhizome.index(folder);
    const stats = await rhizome.stats();
    const rows = stats.documents + stats.chunks + stats.entities + stats.relations + stats.mentions + stats.communities + summary.merges;
    const storeSeconds = summary.stageSeconds.store ?? summary.seconds;
    const latency = async (mode: 'local' | 'naive') => {
      await rhizome.retrieve(questions[0] ?? 'warm up', { mode });
      const timings: number[] = [];
      for (const question of questions) {
        const started = performance.now();
        await rhizome.retrieve(question, { mode });
        timings.push(performance.now() - started);
      }
      const sorted = timings.sort((left, right) => left - right);
      return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), queries: sorted.length };
    };
    return { backend, documents: stats.documents, rows, storeSeconds, rowsPerSecond: rows / Math.max(storeSeconds, 1e-6), indexSeconds: summary.seconds, local: await latency('local'), naive: await latency('naive') };
  } finally {
    await rhizome.close();
  }
}

/**
 * Indexes the same slice of the bench corpus into Kuzu and (when NEO4J_URI is set) Neo4j and
 * prints, side by side, bulk-load throughput of the store stage and retrieval latency.
 */
export async function benchBackends(options: { passages?: number } = {}): Promise<BackendFigures[]> {
  const corpus = loadBenchCorpus();
  const slice = { ...corpus, passages: corpus.passages.slice(0, options.passages ?? 300) };
  const base = mkdtempSync(path.join(os.tmpdir(), 'rhizome-bench-backends-'));
  const figures: BackendFigures[] = [];
  try {
    const folder = path.join(base, 'docs');
    writePassages(slice, folder, 1);
    console.log(`Graph store backends — ${slice.passages.length} passages of ${corpus.name}, ${slice.questions.length} questions:`);
    figures.push(await benchOne('kuzu', folder, path.join(base, 'kuzu'), slice.questions));
    const neo4jBlocked = process.env.NEO4J_URI ? await neo4jIsFreeForBench() : 'NEO4J_URI is not set';
    if (neo4jBlocked) {
      console.log(`  neo4j skipped: ${neo4jBlocked}; start a throwaway server with \`out="$(scripts/neo4j-test-server.sh start)" && eval "$out"\``);
    } else {
      const neo4j = await benchOne('neo4j', folder, path.join(base, 'neo4j'), slice.questions);
      figures.push(neo4j);
      await clearNeo4j();
    }
    console.log('  backend  rows     store s  rows/s    index s  local p50  local p95  naive p50  naive p95');
    for (const item of figures) {
      const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
      console.log(`  ${item.backend.padEnd(7)}  ${String(item.rows).padEnd(7)}  ${item.storeSeconds.toFixed(2).padStart(7)}  ${item.rowsPerSecond.toFixed(0).padStart(8)}  ${item.indexSeconds.toFixed(2).padStart(7)}  ${ms(item.local.p50)}  ${ms(item.local.p95)}  ${ms(item.naive.p50)}  ${ms(item.naive.p95)}`);
    }
    return figures;
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchBackends({ passages: Number(process.argv[2] ?? 300) });
}
