/** What LLM extraction kept, rejected and repaired; summed over a run and written in its report. */
export interface LlmExtractionCounts {
  /** Requests that reached a model (cache hits excluded), gleaning and corrections included. */
  modelCalls: number;
  /** Requests served from the cache. */
  cachedRequests: number;
  /** Replies whose JSON had to be dug out of prose or code fences. */
  repairedReplies: number;
  /** Replies that needed a correction request. */
  correctedReplies: number;
  /** Gleaning passes that failed (the first pass's result is kept). */
  gleaningFailures: number;
  nodesKept: number;
  /** Nodes whose type is not declared in the schema. */
  nodesRejectedType: number;
  /** Nodes whose name does not occur in the chunk (neither whole nor by its longest word). */
  nodesNotInText: number;
  edgesKept: number;
  /** Edges whose type is not declared in the schema. */
  edgesRejectedType: number;
  /** Edges whose source or target is not a kept node (or is the same node). */
  edgesMissingEndpoint: number;
  /** Edges whose evidence cannot be found in the chunk. */
  edgesEvidenceNotFound: number;
  /** Edges written backwards (target → source) whose direction was turned to fit the schema. */
  edgesReversed: number;
  /** Kept edges whose endpoint types do not fit the edge type (resolution turns them into RELATED_TO). */
  edgesShapeMismatch: number;
}

/** Counts of zero. */
export function emptyExtractionCounts(): LlmExtractionCounts {
  return { modelCalls: 0, cachedRequests: 0, repairedReplies: 0, correctedReplies: 0, gleaningFailures: 0, nodesKept: 0, nodesRejectedType: 0, nodesNotInText: 0, edgesKept: 0, edgesRejectedType: 0, edgesMissingEndpoint: 0, edgesEvidenceNotFound: 0, edgesReversed: 0, edgesShapeMismatch: 0 };
}

/** Adds `addition` into `total`, field by field. */
export function addExtractionCounts(total: LlmExtractionCounts, addition: Partial<LlmExtractionCounts>): LlmExtractionCounts {
  for (const [key, value] of Object.entries(addition) as Array<[keyof LlmExtractionCounts, number]>) total[key] += value;
  return total;
}
