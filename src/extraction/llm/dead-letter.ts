/** Why a chunk produced no usable extraction. */
export type DeadLetterReason = 'truncated' | 'invalid-json' | 'schema-mismatch' | 'model-call-failed';

/**
 * A chunk set aside with the reason: never stored as "no entities". The pipeline reports it
 * (per chunk, with its document) and leaves the chunk unextracted, so a later run tries again.
 */
export interface DeadLetter {
  chunkId: string;
  reason: DeadLetterReason;
  detail: string;
  /** The start of the last reply, when there was one. */
  reply?: string;
}

/** One line for reports and logs: "chunk_… invalid-json: …". */
export function describeDeadLetter(letter: DeadLetter): string {
  return `${letter.chunkId} ${letter.reason}: ${letter.detail}`;
}
