import path from 'node:path';
import type { SourceDocument } from '../core/records.js';
import type { StoredDocument } from '../graph/store.js';
import type { IngestFailure } from '../ingest/ingest-failure.js';

/** Which loaded documents to write and which stored ones to remove. */
export interface DocumentChangePlan {
  toWrite: SourceDocument[];
  removedIds: string[];
  added: number;
  changed: number;
  unchanged: number;
}

/**
 * Compares a folder's documents with the stored ones. Documents under `root` that vanished
 * from disk are removed; a file that now fails to load keeps its previously indexed version.
 */
export function planDocumentChanges(root: string, loaded: SourceDocument[], failures: IngestFailure[], stored: StoredDocument[]): DocumentChangePlan {
  const storedById = new Map(stored.map((document) => [document.id, document]));
  const loadedIds = new Set(loaded.map((document) => document.id));
  const failedPaths = failures.map((failure) => path.resolve(failure.path));
  const failedToLoad = (file: string) => failedPaths.some((failed) => file === failed || file.startsWith(failed + path.sep));
  const toWrite: SourceDocument[] = [];
  let added = 0;
  let changed = 0;
  let unchanged = 0;
  for (const document of loaded) {
    const previous = storedById.get(document.id);
    if (!previous) {
      added += 1;
      toWrite.push(document);
    } else if (previous.contentHash !== document.contentHash) {
      changed += 1;
      toWrite.push(document);
    } else {
      unchanged += 1;
    }
  }
  const isUnderRoot = (file: string) => file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
  const removedIds = stored
    .filter((document) => isUnderRoot(document.path) && !loadedIds.has(document.id) && !failedToLoad(path.resolve(document.path)))
    .map((document) => document.id);
  return { toWrite, removedIds, added, changed, unchanged };
}
