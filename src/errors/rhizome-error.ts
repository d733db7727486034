/** Every failure Rhizome reports has one of these codes. */
export type RhizomeErrorCode =
  | 'CONFIG_INVALID'
  | 'CONFIG_NOT_FOUND'
  | 'INPUT_NOT_FOUND'
  | 'INPUT_INVALID'
  | 'WORKSPACE_LOCKED'
  | 'WORKSPACE_EMPTY'
  | 'WORKSPACE_INVALID'
  | 'STORE_FAILED'
  | 'QUERY_INVALID'
  | 'CYPHER_REJECTED'
  | 'PARTIAL_RUN'
  | 'ABORTED'
  | 'INTERNAL';

/** The root error: a code callers can switch on, a message a person can act on, and the cause. */
export class RhizomeError extends Error {
  readonly code: RhizomeErrorCode;
  readonly details: Record<string, unknown>;

  constructor(code: RhizomeErrorCode, message: string, options: { cause?: unknown; details?: Record<string, unknown> } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RhizomeError';
    this.code = code;
    this.details = options.details ?? {};
  }
}

/** True when `error` is a RhizomeError with the given code. */
export function isRhizomeError(error: unknown, code?: RhizomeErrorCode): error is RhizomeError {
  return error instanceof RhizomeError && (code === undefined || error.code === code);
}
