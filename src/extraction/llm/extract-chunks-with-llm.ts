import { BudgetExceededError } from '../../llm/model-errors.js';
import type { DeadLetter } from './dead-letter.js';
import { addExtractionCounts, emptyExtractionCounts, type LlmExtractionCounts } from './extraction-counts.js';
import { extractWithLlm, type ChunkSource, type LlmChunkOutcome, type LlmExtractionContext } from './extract-with-llm.js';

/** What a batch of LLM extraction did; `stoppedBy` is set when the budget ran out before the end. */
export interface LlmExtractionRun {
  /** Chunks that were processed (extracted or dead-lettered), in input order. */
  outcomes: LlmChunkOutcome[];
  deadLetters: DeadLetter[];
  counts: LlmExtractionCounts;
  /** Chunks left for a later run (not started, or stopped by the budget). */
  pendingChunkIds: string[];
  stoppedBy: BudgetExceededError | null;
}

/** Options of a batch run. */
export interface BatchOptions {
  /** Chunks in flight at once (the model's own concurrency limit still applies). */
  concurrency: number;
  /** Called after each chunk, in completion order. */
  onChunkDone?: (outcome: LlmChunkOutcome, done: number, total: number) => void;
}

/**
 * Extracts many chunks with a pool of workers. When the budget would be exceeded, no new chunk
 * starts, chunks in flight finish or stop, and the run returns what was done with the pending
 * chunk ids — a checkpoint: every finished model call is in the cache, so the next run redoes
 * nothing. Cancellation and fatal model errors are rethrown after the workers stop.
 */
export async function extractChunksWithLlm(sources: ChunkSource[], context: LlmExtractionContext, options: BatchOptions): Promise<LlmExtractionRun> {
  const outcomes = new Map<string, LlmChunkOutcome>();
  let next = 0;
  let stoppedBy: BudgetExceededError | null = null;
  let failure: unknown = null;
  const worker = async () => {
    while (stoppedBy === null && failure === null && next < sources.length) {
      const source = sources[next] as ChunkSource;
      next += 1;
      try {
        const outcome = await extractWithLlm(source, context);
        outcomes.set(source.chunk.id, outcome);
        options.onChunkDone?.(outcome, outcomes.size, sources.length);
      } catch (error) {
        if (error instanceof BudgetExceededError) stoppedBy ??= error;
        else failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, sources.length)) }, worker));
  if (failure !== null) throw failure;
  const done = sources.filter((source) => outcomes.has(source.chunk.id)).map((source) => outcomes.get(source.chunk.id) as LlmChunkOutcome);
  const counts = emptyExtractionCounts();
  for (const outcome of done) addExtractionCounts(counts, outcome.counts);
  return {
    outcomes: done,
    deadLetters: done.flatMap((outcome) => (outcome.deadLetter ? [outcome.deadLetter] : [])),
    counts,
    pendingChunkIds: sources.filter((source) => !outcomes.has(source.chunk.id)).map((source) => source.chunk.id),
    stoppedBy,
  };
}
