import type { SourceDocument } from '../core/records.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import type { GraphStore, IndexWrite, StoreCounts, StoredChunk } from '../graph/store.js';
import { readDocumentTexts, readMetaEntries } from './read-source.js';

/** Progress of a migration: documents copied so far, then the entity layer, metadata and the check. */
export type MigrationProgress = (event: { stage: 'documents' | 'entity layer' | 'metadata' | 'verify'; done: number; total: number }) => void;

/** Options of one migration. */
export interface MigrationOptions {
  /** Documents (with their chunks) per write; the entity layer goes in one final write. */
  batchDocuments?: number;
  /** Overwrite a target that already holds a graph (otherwise that is an error). */
  replace?: boolean;
  onProgress?: MigrationProgress;
}

/** What was copied, with the counts both stores agree on. */
export interface MigrationResult {
  counts: StoreCounts;
  merges: number;
  metaKeys: string[];
  seconds: number;
}

const EMPTY_LAYER = { graph: { entities: [], relations: [], mentions: [] }, merges: [], communities: [] };

function isEmpty(counts: StoreCounts): boolean {
  return counts.documents === 0 && counts.chunks === 0 && counts.entities === 0 && counts.communities === 0;
}

function differences(source: StoreCounts, target: StoreCounts): string[] {
  const flat = (counts: StoreCounts) => ({
    ...Object.fromEntries(Object.entries(counts).filter(([, value]) => typeof value === 'number')),
    ...Object.fromEntries(Object.entries(counts.entitiesByType).map(([type, value]) => [`entities ${type}`, value])),
    ...Object.fromEntries(Object.entries(counts.relationsByType).map(([type, value]) => [`relations ${type}`, value])),
  });
  const left: Record<string, unknown> = flat(source);
  const right: Record<string, unknown> = flat(target);
  return [...new Set([...Object.keys(left), ...Object.keys(right)])].filter((key) => left[key] !== right[key]).map((key) => `${key}: ${String(left[key])} → ${String(right[key])}`);
}

/**
 * Copies a whole workspace graph from one store to another (both already set up with the same
 * schema): documents with their text and chunks with cached extractions in batches, then the
 * entity layer, merges and communities in one write, then metadata; finally the counts of both
 * stores must match. A failure partway leaves the target partial: run again with `replace`.
 */
export async function migrateGraph(source: GraphStore, target: GraphStore, options: MigrationOptions = {}): Promise<MigrationResult> {
  const started = performance.now();
  const batchDocuments = Math.max(1, options.batchDocuments ?? 500);
  const progress = options.onProgress ?? (() => undefined);
  const sourceCounts = await source.counts();
  const targetCounts = await target.counts();
  if (!isEmpty(targetCounts)) {
    if (!options.replace) {
      throw new RhizomeError('CONFIG_INVALID', `the target store already holds ${targetCounts.documents} documents and ${targetCounts.entities} entities; pass --replace to overwrite it`);
    }
    const stale = (await target.listDocuments()).map((document) => document.id);
    await target.writeIndex({ removedDocumentIds: stale, documents: [], chunks: [], updatedExtractions: [], ...EMPTY_LAYER, eraseRetractedFacts: 'all' });
  }

  const documents = await source.listDocuments();
  const chunksByDocument = new Map<string, StoredChunk[]>();
  for (const chunk of await source.listChunks()) {
    const list = chunksByDocument.get(chunk.documentId);
    if (list) list.push(chunk);
    else chunksByDocument.set(chunk.documentId, [chunk]);
  }
  for (let offset = 0; offset < documents.length; offset += batchDocuments) {
    const batch = documents.slice(offset, offset + batchDocuments);
    const texts = await readDocumentTexts(source, batch.map((document) => document.id));
    const withText: SourceDocument[] = batch.map((document) => ({ ...document, text: texts.get(document.id) ?? '' }));
    const write: IndexWrite = { removedDocumentIds: [], documents: withText, chunks: batch.flatMap((document) => chunksByDocument.get(document.id) ?? []), updatedExtractions: [], ...EMPTY_LAYER };
    await target.writeIndex(write);
    progress({ stage: 'documents', done: offset + batch.length, total: documents.length });
  }

  const [graph, merges, communities] = [await source.loadProjection(), await source.listMerges(), await source.listCommunities()];
  await target.writeIndex({ removedDocumentIds: [], documents: [], chunks: [], updatedExtractions: [], graph, merges, communities, retractedFacts: await source.listRetractedFacts() });
  progress({ stage: 'entity layer', done: graph.entities.length, total: graph.entities.length });

  const meta = await readMetaEntries(source);
  for (const [key, value] of meta) await target.setMeta(key, value);
  progress({ stage: 'metadata', done: meta.length, total: meta.length });

  const copied = await target.counts();
  const mismatches = differences(sourceCounts, copied);
  progress({ stage: 'verify', done: 1, total: 1 });
  if (mismatches.length > 0) throw new RhizomeError('STORE_FAILED', `the copy does not match its source (${mismatches.join('; ')}); run the migration again with --replace`, { details: { mismatches } });
  return { counts: copied, merges: merges.length, metaKeys: meta.map(([key]) => key), seconds: (performance.now() - started) / 1000 };
}
