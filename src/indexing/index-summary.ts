import type { MergeRecord } from '../core/records.js';
import type { IngestFailure } from '../ingest/ingest-failure.js';
import type { LlmExtractionCounts } from '../extraction/llm/extraction-counts.js';
import type { UsageReport } from '../llm/usage-meter.js';
import type { EmbedStageResult } from './embed-stage.js';
import type { DocumentReference } from './plan-changes.js';

/** A chunk the extractor could not process, with the reason. */
export interface ExtractionFailure {
  chunkId: string;
  documentPath: string;
  reason: string;
}

/** What one `index` (or `remove`) run did; `partial` is true whenever anything failed. */
export interface IndexSummary {
  /** The paths indexed, absolute (none for a removal). */
  roots: string[];
  documents: { seen: number; added: number; changed: number; unchanged: number; removed: number };
  /** The documents this run removed (pruned or named to `remove`). */
  removedDocuments: DocumentReference[];
  /** Indexed documents under the paths that are gone from disk, kept because `prune` was not asked. */
  missingDocuments: DocumentReference[];
  /** Paths under which no supported file was found. */
  emptyRoots: string[];
  /** `verbatim`: code and table chunks, searchable but never given to the NLP extractor (not counted in `empty`). */
  chunks: { total: number; extracted: number; reused: number; empty: number; pending: number; verbatim: number };
  entities: number;
  relations: number;
  typedRelations: number;
  merges: number;
  /** Alias merges of the previous graph that no longer hold (their evidence was removed or changed). */
  undoneMerges: MergeRecord[];
  /** Review decisions re-applied to the new graph, and the ids of those whose subject the documents no longer hold. */
  reviewDecisions: { applied: number; stale: string[] };
  communities: number;
  failures: IngestFailure[];
  extractionFailures: ExtractionFailure[];
  skipped: string[];
  /** Files of this run read in an encoding other than UTF-8 (Windows-1252 for Latin-1, UTF-16 with a byte-order mark). */
  otherEncodings: Array<{ path: string; encoding: string }>;
  stageSeconds: Record<string, number>;
  seconds: number;
  extractor: string;
  /** LLM extraction stopped at the budget; `chunks.pending` are left for the next run. */
  budgetReached: boolean;
  /** Model calls, tokens, latency and cost of the run, per purpose and model (null offline). */
  usage: UsageReport | null;
  /** What LLM extraction kept and rejected (null offline). */
  llmExtraction: LlmExtractionCounts | null;
  /** Dense vectors stored this run (null when no embedder is configured). */
  vectors: EmbedStageResult | null;
  /** Community reports written by the model, fallen back to extractive, or reused unchanged (null offline). */
  communityReports: { written: number; fallbacks: number; reused: number } | null;
  /** When this run finished one that was interrupted (kill, crash, Ctrl-C): the stage it had reached and the extractions taken back from its checkpoint. */
  resumed: { stage: string; startedAt: string; extractions: number } | null;
  partial: boolean;
  reportPath: string;
}
