import { isRhizomeError, type RhizomeErrorCode } from '../errors/rhizome-error.js';

/** The one place where errors become HTTP statuses. */
const HTTP_STATUSES: Record<RhizomeErrorCode, number> = {
  CONFIG_INVALID: 500,
  CONFIG_NOT_FOUND: 500,
  QUERY_INVALID: 400,
  CYPHER_REJECTED: 400,
  INPUT_INVALID: 400,
  INPUT_NOT_FOUND: 404,
  WORKSPACE_EMPTY: 409,
  WORKSPACE_LOCKED: 423,
  WORKSPACE_INVALID: 500,
  PARTIAL_RUN: 500,
  STORE_FAILED: 503,
  ABORTED: 499,
  INTERNAL: 500,
};

/** The JSON body of every error response. */
export interface ErrorBody {
  error: { code: RhizomeErrorCode | 'UNAUTHORIZED' | 'NOT_FOUND' | 'PAYLOAD_TOO_LARGE'; message: string; details?: Record<string, unknown> };
}

/** Every code an error body may carry: the library's (each has a status above) and the server's own. */
export const ERROR_CODES = [...(Object.keys(HTTP_STATUSES) as RhizomeErrorCode[]), 'UNAUTHORIZED', 'NOT_FOUND', 'PAYLOAD_TOO_LARGE'] as const satisfies ReadonlyArray<ErrorBody['error']['code']>;

/** Maps any thrown value to a status and a body: Rhizome errors by code, anything else 500 without its internals. */
export function errorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (isRhizomeError(error)) {
    const details = error.code === 'CONFIG_INVALID' || error.code === 'STORE_FAILED' ? undefined : error.details;
    return { status: HTTP_STATUSES[error.code], body: { error: { code: error.code, message: error.message, ...(details && Object.keys(details).length > 0 ? { details } : {}) } } };
  }
  return { status: 500, body: { error: { code: 'INTERNAL', message: 'internal error (see the server log)' } } };
}
