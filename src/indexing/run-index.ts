import type { RemovalOptions } from './apply-changes.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MergeRecord } from '../core/records.js';
import type { RhizomeConfig } from '../config/config-schema.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import type { EventSink } from '../events/events.js';
import type { GraphStore } from '../graph/store.js';
import type { ChatModel } from '../llm/chat-model.js';
import type { UsageMeter } from '../llm/usage-meter.js';
import type { Embedder } from '../llm/embedder.js';
import { applyChanges } from './apply-changes.js';
import type { IndexSummary } from './index-summary.js';
import { prepareIndex, prepareRemoval, type PreparedIndex } from './prepare-index.js';
import { matchDocuments } from './match-documents.js';

/** What the indexing pipeline runs with: the store, its config, events, the model (if any) and cancellation. */
export interface IndexContext {
  store: GraphStore;
  config: RhizomeConfig;
  events: EventSink;
  /** The chat model for extraction; null runs the offline NLP extractor. */
  model: ChatModel | null;
  /** Where model usage of the run is accounted (for the run report). */
  usage?: UsageMeter;
  /** The embedding model for dense vectors; null stores none. */
  embedder?: Embedder | null;
  signal?: AbortSignal;
}

/**
 * Indexes folders or files into the workspace (adding or refreshing them): ingest → chunk → extract →
 * resolve → communities → store → embed (when an embedder is configured). Unchanged documents reuse
 * their chunks and cached extractions; with `prune`, documents under the paths that vanished from
 * disk are removed. The entity layer is re-resolved over the whole corpus and replaced in one checked
 * transaction (see GraphStore.writeIndex). When a budget stops LLM extraction, what was extracted is
 * stored and the rest stays pending for the next run.
 */
export async function runIndex(roots: string[], context: IndexContext, options: { prune?: boolean } = {}): Promise<IndexSummary> {
  const started = performance.now();
  await context.store.ensureSchema(context.config.schema);
  const prepared = await prepareIndex(roots, context, options).catch((error: unknown) => {
    if (error instanceof RhizomeError && error.code === 'ABORTED') throw new RhizomeError('ABORTED', 'indexing was cancelled while reading the documents: nothing was written, the previous index is unchanged — run the same command again to index', { cause: error });
    throw error;
  });
  return finish(prepared, context, started, 'index');
}

/**
 * Removes stored documents, named by id or path (a folder names every document under it), with
 * everything resting only on them: chunks, mentions, relations, entities left without evidence;
 * the rest of the entity layer and the communities are rebuilt from the documents that remain.
 * INPUT_NOT_FOUND, before any change, when a target names no indexed document.
 */
export async function runRemove(targets: string[], context: IndexContext, options: RemovalOptions = {}): Promise<IndexSummary> {
  const started = performance.now();
  await context.store.ensureSchema(context.config.schema);
  const stored = await context.store.listDocuments();
  const { ids, unmatched } = matchDocuments(targets, stored);
  if (unmatched.length > 0) {
    throw new RhizomeError('INPUT_NOT_FOUND', `no indexed document matches ${unmatched.map((target) => `"${target}"`).join(', ')} (give a document id, or the path of an indexed file or of a folder holding some; \`rhizome stats\` counts them); nothing was removed`, { details: { unmatched } });
  }
  const prepared = await prepareRemoval(ids, context);
  return finish(prepared, context, started, 'remove', options);
}

/**
 * Applies a prepared change and writes the run report. Not async: the prepared run is handed on, not
 * kept here while it is applied (a large index lets go of its records before the store loads them).
 */
export function finish(prepared: PreparedIndex, context: IndexContext, started: number, kind: 'index' | 'remove', options: RemovalOptions = {}): Promise<IndexSummary> {
  return applyChanges(prepared, context, started, kind, options).then(({ summary, merges }) => ({ ...summary, reportPath: writeRunReport(context.config.workspace, kind, summary, merges) }));
}

function writeRunReport(workspace: string, kind: 'index' | 'remove', summary: Omit<IndexSummary, 'reportPath'>, merges: MergeRecord[]): string {
  const folder = path.join(workspace, 'runs');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${kind}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ ...summary, reportPath: file, merges }, null, 2)}\n`);
  return file;
}
