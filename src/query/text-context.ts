import type { ChunkWithSource, GraphStore, ScoredId } from '../graph/store.js';
import type { ContextChunk, RetrievalContext, RetrievalMode } from '../core/retrieval-context.js';

/** Takes chunks in order while they fit the token budget (the first always fits). */
export function fitChunksToBudget(chunks: ChunkWithSource[], scores: Map<string, number>, budget: number): { chunks: ContextChunk[]; tokens: number } {
  const selected: ContextChunk[] = [];
  let tokens = 0;
  for (const chunk of chunks) {
    if (selected.length > 0 && tokens + chunk.tokenCount > budget) break;
    selected.push({ chunk, score: scores.get(chunk.id) ?? 0 });
    tokens += chunk.tokenCount;
  }
  return { chunks: selected, tokens };
}

/** The context of a text-only mode: the top-k ranked chunks within the budget, no graph. */
export async function buildTextContext(mode: RetrievalMode, hits: ScoredId[], store: GraphStore, options: { topK: number; contextTokens: number }, searchedWith: string): Promise<RetrievalContext> {
  const chunks = await store.getChunks(hits.slice(0, options.topK).map((hit) => hit.id));
  const fitted = fitChunksToBudget(chunks, new Map(hits.map((hit) => [hit.id, hit.score])), options.contextTokens);
  return {
    mode,
    chunks: fitted.chunks,
    paths: [],
    entityScores: new Map(),
    questionEntities: [],
    knownEntities: [],
    tokens: fitted.tokens,
    searchedWith,
    communities: [],
    rankedChunkIds: hits.map((hit) => hit.id),
  };
}
