import type { IngestFailure } from '../ingest/ingest-failure.js';

/** A chunk the extractor could not process, with the reason. */
export interface ExtractionFailure {
  chunkId: string;
  documentPath: string;
  reason: string;
}

/** What one `index` run did; `partial` is true whenever anything failed. */
export interface IndexSummary {
  root: string;
  documents: { seen: number; added: number; changed: number; unchanged: number; removed: number };
  chunks: { total: number; extracted: number; reused: number; empty: number };
  entities: number;
  relations: number;
  typedRelations: number;
  merges: number;
  communities: number;
  failures: IngestFailure[];
  extractionFailures: ExtractionFailure[];
  skipped: string[];
  stageSeconds: Record<string, number>;
  seconds: number;
  extractor: string;
  partial: boolean;
  reportPath: string;
}
