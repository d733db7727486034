import type { GraphStore } from '../graph/store.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import type { IndexSummary } from '../indexing/index-summary.js';
import { prepareRemoval } from '../indexing/prepare-index.js';
import { finish, type IndexContext } from '../indexing/run-index.js';
import { readOverrides, writeOverrides } from './override-store.js';
import { decisionsToOverrides } from './record-decisions.js';
import { buildReviewReport, type ReviewReport } from './review-report.js';
import type { ReviewOverride } from './review-override.js';
import { sampleReviewItems, type ReviewItem, type ReviewSampleOptions } from './sample-review.js';

/** What recording or undoing decisions did: the decisions concerned, and the run that re-applied them all. */
export interface ReviewRun {
  decisions: ReviewOverride[];
  summary: IndexSummary;
}

/** Draws extractions to review from the stored graph (see sampleReviewItems). */
export async function sampleForReview(store: GraphStore, options: ReviewSampleOptions): Promise<ReviewItem[]> {
  const [projection, chunks, documents, overrides] = [await store.loadProjection(), await store.listChunks(), await store.listDocuments(), await readOverrides(store)];
  return sampleReviewItems({ projection, chunks, documents, overrides }, options);
}

/**
 * Checks and stores decisions (after the earlier ones), then rebuilds the entity layer and the
 * communities from the stored chunks with every decision applied — the same path every later index
 * run takes, so what the reviewer sees now is what a re-index gives. Nothing is stored when one
 * decision is invalid.
 */
export async function recordReviewDecisions(decisions: readonly unknown[], context: IndexContext, options: { at?: string; origin?: string } = {}): Promise<ReviewRun> {
  const { store, config } = context;
  const graph = { projection: await store.loadProjection(), merges: await store.listMerges() };
  const made = decisionsToOverrides(decisions, graph, config.schema, options.at ?? new Date().toISOString(), options.origin);
  await writeOverrides(store, [...(await readOverrides(store)), ...made]);
  return { decisions: made, summary: await reapplyDecisions(context) };
}

/** Drops stored decisions by id (undoing a merge restores both entities, a rejection brings the relation back) and rebuilds the graph without them. INPUT_NOT_FOUND, before any change, for an unknown id. */
export async function undoReviewDecisions(ids: readonly string[], context: IndexContext): Promise<ReviewRun> {
  const stored = await readOverrides(context.store);
  const wanted = new Set(ids);
  const unknown = ids.filter((id) => !stored.some((override) => override.id === id));
  if (unknown.length > 0) throw new RhizomeError('INPUT_NOT_FOUND', `no review decision ${unknown.join(', ')} (\`rhizome review --list\` prints them); nothing was undone`);
  await writeOverrides(context.store, stored.filter((override) => !wanted.has(override.id)));
  return { decisions: stored.filter((override) => wanted.has(override.id)), summary: await reapplyDecisions(context) };
}

/** Precision per entity and edge type from the stored judgments, beside how many of each the graph holds. */
export async function reportReview(store: GraphStore): Promise<ReviewReport> {
  const counts = await store.counts();
  return buildReviewReport(await readOverrides(store), counts);
}

/** Re-resolves the stored chunks with every decision applied, changing no document. A cancelled rebuild keeps the stored decisions: the next run applies them. */
async function reapplyDecisions(context: IndexContext): Promise<IndexSummary> {
  const started = performance.now();
  try {
    return await finish(await prepareRemoval([], context), context, started, 'index');
  } catch (error) {
    if (error instanceof RhizomeError && error.code === 'ABORTED') {
      throw new RhizomeError('ABORTED', `the review decisions are stored, but rebuilding the graph with them was cancelled (${error.message}); the next \`rhizome index\` or review applies them`, { cause: error });
    }
    throw error;
  }
}
