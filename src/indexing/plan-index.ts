import type { RhizomeConfig } from '../config/config-schema.js';
import type { EventSink } from '../events/events.js';
import { estimateExtractionCost, type ExtractionCostEstimate } from '../extraction/llm/estimate-extraction-cost.js';
import type { GraphStore } from '../graph/store.js';
import { cacheDirectoryOf } from '../llm/create-chat-model.js';
import type { IngestFailure } from '../ingest/ingest-failure.js';
import { chunkSources, describeExtractor } from './extract-stage.js';
import { prepareIndex } from './prepare-index.js';

/** What an index run would do, and what LLM extraction would cost (`index --dry-run`). */
export interface IndexPlan {
  /** The paths planned, absolute. */
  roots: string[];
  documents: { seen: number; added: number; changed: number; unchanged: number; removed: number };
  chunks: { total: number; toExtract: number };
  failures: IngestFailure[];
  extractor: string;
  /** Null offline: NLP extraction makes no model call. */
  estimate: ExtractionCostEstimate | null;
}

/** Ingests, chunks and compares with the store, then estimates the model calls; writes and spends nothing. */
export async function planIndex(roots: string[], context: { store: GraphStore; config: RhizomeConfig; events: EventSink }, options: { prune?: boolean } = {}): Promise<IndexPlan> {
  const { config } = context;
  await context.store.ensureSchema(config.schema);
  const prepared = await prepareIndex(roots, context, options);
  const estimate = config.llm.provider === 'none'
    ? null
    : await estimateExtractionCost(chunkSources(prepared.pending, prepared.documents), config.schema, config.llm, { cacheDirectory: cacheDirectoryOf({ workspace: config.workspace }, config.llm.cacheDir) });
  const plan = prepared.plan;
  return {
    roots: prepared.roots,
    documents: { seen: prepared.loaded.documents.length + prepared.loaded.unchanged.length, added: plan.added, changed: plan.changed, unchanged: plan.unchanged, removed: plan.removedIds.length },
    chunks: { total: prepared.allChunks.length, toExtract: prepared.pending.length },
    failures: prepared.loaded.failures,
    extractor: describeExtractor(config),
    estimate,
  };
}
