import { mkdirSync, statSync } from 'node:fs';
import { RhizomeError } from '../errors/rhizome-error.js';

/** Creates the workspace folder if needed; a path that is (or runs through) a file is WORKSPACE_INVALID. */
export function ensureWorkspaceFolder(folder: string): void {
  try {
    const existing = statSync(folder, { throwIfNoEntry: false });
    if (existing && !existing.isDirectory()) throw notAFolder(folder);
    mkdirSync(folder, { recursive: true });
  } catch (cause) {
    if (cause instanceof RhizomeError) throw cause;
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') throw notAFolder(folder, cause);
    throw new RhizomeError('WORKSPACE_INVALID', `cannot create the workspace folder ${folder}: ${(cause as Error).message}`, { cause });
  }
}

function notAFolder(folder: string, cause?: unknown): RhizomeError {
  return new RhizomeError('WORKSPACE_INVALID', `the workspace ${folder} is a file (or lies under one), not a folder: point --workspace (or \`workspace\` in the config) at a folder; it is created if missing`, { ...(cause ? { cause } : {}), details: { workspace: folder } });
}
