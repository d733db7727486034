import { RhizomeError, isRhizomeError } from '../errors/rhizome-error.js';

/** Why one file could not become a document. */
export type IngestFailureCode = 'empty' | 'binary' | 'invalid-utf8' | 'too-large' | 'unreadable' | 'corrupt' | 'no-text';

/** One file that was not loaded, named by its absolute path, with a reason a person can act on. */
export interface IngestFailure {
  path: string;
  code: IngestFailureCode;
  reason: string;
}

const failureCodes: ReadonlySet<string> = new Set<IngestFailureCode>([
  'empty',
  'binary',
  'invalid-utf8',
  'too-large',
  'unreadable',
  'corrupt',
  'no-text',
]);

/** Builds the error a loader throws to reject one file; `loadDocuments` turns it into an IngestFailure. */
export function rejectFile(code: IngestFailureCode, reason: string, cause?: unknown): RhizomeError {
  return new RhizomeError('INPUT_INVALID', reason, { cause, details: { ingestFailure: code } });
}

/** The failure code carried by an error built with `rejectFile`, or null for any other error. */
export function ingestFailureCodeOf(error: unknown): IngestFailureCode | null {
  if (!isRhizomeError(error, 'INPUT_INVALID')) return null;
  const code = error.details['ingestFailure'];
  return typeof code === 'string' && failureCodes.has(code) ? (code as IngestFailureCode) : null;
}

const systemErrorHints: Readonly<Record<string, string>> = {
  ENOENT: 'the file or its link target is missing',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ELOOP: 'symbolic link loop',
  EISDIR: 'is a folder',
  EMFILE: 'too many open files',
};

/** A short cause for a failure reason: the system error code (EACCES, ENOENT …) with a hint when there is one, else the message. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === undefined) return error.message;
  const hint = systemErrorHints[code];
  return hint === undefined ? code : `${code}: ${hint}`;
}
