import type { Citation } from '../core/records.js';
import type { QueryMode } from '../core/retrieval-context.js';

/** An answer with the evidence it rests on and how it was produced. */
export interface Answer {
  question: string;
  mode: QueryMode;
  /** The answer text; citation markers [n] point into `citations`. */
  answer: string;
  /** False when the context held nothing relevant: the answer then says so. */
  found: boolean;
  citations: Citation[];
  /** Relation paths used as evidence, written "A —LEADS→ B". */
  paths: string[];
  context: { chunks: number; tokens: number; searchedWith: string };
  metadata: { answerer: string; questionEntities: string[]; route: string; reason: string; latencyMs: number };
}
