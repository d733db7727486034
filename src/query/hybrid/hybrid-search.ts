import type { RankingProfile } from '../../config/ranking-profile.js';
import type { GraphStore } from '../../graph/store.js';
import type { QuestionAnalysis } from '../../core/question-analysis.js';
import type { ContextChunk, RetrievalContext } from '../../core/retrieval-context.js';
import type { GlobalSearcher } from '../global/global-search.js';
import type { LocalSearcher } from '../local/local-search.js';

/** Options of hybrid search. */
export interface HybridSearchOptions {
  topK: number;
  contextTokens: number;
  maxHops: number;
  ranking: RankingProfile;
}

/**
 * Hybrid search (seed 002): full-text hits → the entities their chunks mention (or the ones
 * the question names) → graph neighbourhood and relation paths → those entities' community
 * reports, in one token-budgeted context. Chunks holding the reports' relevant findings join
 * the chunks of the walk while the budget allows.
 */
export async function searchHybrid(analysis: QuestionAnalysis, local: LocalSearcher, global: GlobalSearcher, store: GraphStore, options: HybridSearchOptions): Promise<RetrievalContext> {
  const { walk, reports } = options.ranking;
  const context = await local.search(analysis, { ...options, pathSeedsFromText: walk.textPathSeeds });
  const focus = [
    ...context.questionEntities.map((entity) => entity.id),
    ...[...context.entityScores.keys()].slice(0, walk.reportEntities),
  ];
  const communities = await global.communitiesAbout(analysis, focus, reports.findingsPerCommunity);
  const have = new Set(context.chunks.map((item) => item.chunk.id));
  const extraIds = [...new Set(communities.flatMap((item) => item.findings.map((finding) => finding.chunkId)))].filter((id) => !have.has(id));
  const extra = await store.getChunks(extraIds);
  const chunks: ContextChunk[] = [...context.chunks];
  let tokens = context.tokens;
  for (const chunk of extra) {
    if (tokens + chunk.tokenCount > options.contextTokens) continue;
    chunks.push({ chunk, score: 0 });
    tokens += chunk.tokenCount;
  }
  return {
    ...context,
    mode: 'hybrid',
    chunks,
    tokens,
    communities,
    searchedWith: `${context.searchedWith}; community reports of the entities found`,
  };
}
