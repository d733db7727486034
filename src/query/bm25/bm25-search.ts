import type { GraphStore, ScoredId } from '../../graph/store.js';
import { bm25IndexOf, countPostings, type Bm25Index } from '../bm25.js';
import { BM25_POSTINGS_FILE } from '../bm25-index-file.js';
import { keptOrMade } from '../kept-or-made.js';
import type { RetrievalContext } from '../../core/retrieval-context.js';
import { RANKING_DEPTH } from '../naive/naive-search.js';
import { buildTextContext } from '../text-context.js';

/**
 * The reference BM25 (Okapi, k1 = 1.2, b = 0.75, lower-cased word tokens, no stemming), kept
 * in memory over every chunk so results compare with published figures; Kuzu's full-text
 * index (`naive`) stems and drops stop words, this one does not.
 */
export class Bm25Searcher {
  private index: Promise<Bm25Index> | null = null;

  constructor(private readonly store: GraphStore) {}

  /** Forgets the in-memory index (after the workspace changed). */
  invalidate(): void {
    this.index = null;
  }

  /** The best chunks for a question by reference BM25, best first. */
  async rank(question: string, limit: number): Promise<ScoredId[]> {
    // The postings are kept beside the store for the next process, while the layer is unchanged.
    this.index ??= keptOrMade(this.store, BM25_POSTINGS_FILE, async () => countPostings(await this.store.listChunkTexts())).then(
      (postings) => bm25IndexOf(postings),
      (error: unknown) => {
        this.index = null;
        throw error;
      },
    );
    return (await this.index).search(question, limit);
  }

  async search(question: string, options: { topK: number; contextTokens: number }): Promise<RetrievalContext> {
    const hits = await this.rank(question, RANKING_DEPTH);
    return buildTextContext('bm25', hits, this.store, options, 'bm25 (in-memory Okapi reference implementation)');
  }
}
