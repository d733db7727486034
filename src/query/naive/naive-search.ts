import type { GraphStore } from '../../graph/store.js';
import type { RetrievalContext } from '../../core/retrieval-context.js';
import { buildTextContext } from '../text-context.js';

/** How many chunks a mode ranks for evaluation (recall@k). */
export const RANKING_DEPTH = 50;

/** Options of the naive baseline. */
export interface NaiveSearchOptions {
  topK: number;
  contextTokens: number;
}

/** The seed-003 baseline: the top-k chunks by BM25 (Kuzu's full-text index), no graph. */
export async function searchNaive(question: string, store: GraphStore, options: NaiveSearchOptions): Promise<RetrievalContext> {
  const hits = await store.searchChunks(question, Math.max(options.topK, RANKING_DEPTH));
  return buildTextContext('naive', hits, store, options, 'bm25 (Kuzu full-text index)');
}
