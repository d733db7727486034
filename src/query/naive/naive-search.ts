import { countTokens } from '../../chunking/tokens.js';
import type { GraphStore } from '../../graph/store.js';
import type { RetrievalContext } from '../context.js';

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
  const chunks = await store.getChunks(hits.slice(0, options.topK).map((hit) => hit.id));
  const scores = new Map(hits.map((hit) => [hit.id, hit.score]));
  const selected = [];
  let tokens = 0;
  for (const chunk of chunks) {
    if (selected.length > 0 && tokens + chunk.tokenCount > options.contextTokens) break;
    selected.push({ chunk, score: scores.get(chunk.id) ?? 0 });
    tokens += chunk.tokenCount;
  }
  return {
    mode: 'naive',
    chunks: selected,
    paths: [],
    entityScores: new Map(),
    questionEntities: [],
    knownEntities: [],
    tokens: tokens || countTokens(''),
    searchedWith: 'bm25 (Kuzu full-text index)',
    communities: [],
    rankedChunkIds: hits.map((hit) => hit.id),
  };
}
