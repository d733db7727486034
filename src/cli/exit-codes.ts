import { RhizomeError, type RhizomeErrorCode } from '../errors/rhizome-error.js';

/** The one place where errors become process exit codes. */
const EXIT_CODES: Record<RhizomeErrorCode, number> = {
  CONFIG_INVALID: 2,
  CONFIG_NOT_FOUND: 2,
  QUERY_INVALID: 2,
  CYPHER_REJECTED: 2,
  INPUT_NOT_FOUND: 3,
  INPUT_INVALID: 3,
  WORKSPACE_EMPTY: 3,
  WORKSPACE_LOCKED: 4,
  WORKSPACE_INVALID: 7,
  PARTIAL_RUN: 5,
  STORE_FAILED: 6,
  ABORTED: 130,
  INTERNAL: 1,
};

/** Exit code of `rhizome doctor` when a finding needs action. */
export const DOCTOR_ACTION_EXIT_CODE = 8;

/** Exit code for a partial run (some inputs failed, the rest was indexed). */
export const PARTIAL_RUN_EXIT_CODE = EXIT_CODES.PARTIAL_RUN;

/** Exit code when a path given to `index` holds no supported file (reported as a warning). */
export const NOTHING_TO_INDEX_EXIT_CODE = EXIT_CODES.INPUT_INVALID;

/** Maps any thrown value to an exit code: known errors by code, anything else 1. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof RhizomeError) return EXIT_CODES[error.code];
  return 1;
}
