import path from 'node:path';
import type { SourceDocument } from '../core/records.js';
import type { StoredDocument } from '../graph/store.js';
import type { IngestFailure } from '../ingest/ingest-failure.js';

/** A stored document named by id and path, as summaries report it. */
export interface DocumentReference {
  id: string;
  path: string;
}

/** Which loaded documents to write and which stored ones to remove. */
export interface DocumentChangePlan {
  toWrite: SourceDocument[];
  removedIds: string[];
  /** Stored documents under the indexed paths that are gone from disk but kept (no `prune`). */
  missing: DocumentReference[];
  added: number;
  changed: number;
  unchanged: number;
}

/**
 * Compares the documents loaded from `roots` with the stored ones: new and changed documents are
 * written, unchanged ones kept. Stored documents under a root that vanished from disk are removed
 * only with `prune` (else listed as `missing`); a file that now fails to load keeps its indexed version.
 */
export function planDocumentChanges(roots: string[], loadedDocuments: SourceDocument[], failures: IngestFailure[], stored: StoredDocument[], prune: boolean): DocumentChangePlan {
  const storedById = new Map(stored.map((document) => [document.id, document]));
  const loaded = keepStoredIds(loadedDocuments, stored);
  const loadedIds = new Set(loaded.map((document) => document.id));
  const failedPaths = failures.map((failure) => path.resolve(failure.path));
  const toWrite: SourceDocument[] = [];
  let added = 0;
  let changed = 0;
  let unchanged = 0;
  for (const document of loaded) {
    const previous = storedById.get(document.id);
    if (!previous) {
      added += 1;
      toWrite.push(document);
    } else if (previous.contentHash !== document.contentHash || previous.path !== document.path) {
      changed += 1;
      toWrite.push(document);
    } else {
      unchanged += 1;
    }
  }
  const vanished = stored.filter((document) => roots.some((root) => isUnder(document.path, root)) && !loadedIds.has(document.id) && !failedPaths.some((failed) => isUnder(path.resolve(document.path), failed)));
  return {
    toWrite,
    removedIds: prune ? vanished.map((document) => document.id) : [],
    missing: prune ? [] : vanished.map((document) => ({ id: document.id, path: document.path })),
    added,
    changed,
    unchanged,
  };
}

/**
 * A loaded file already stored under another id (the workspace folder moved, so its relative
 * path changed) keeps the stored id: one file is never two documents. A stored id whose path
 * changed (documents and workspace moved together) is rewritten with the new path above.
 */
function keepStoredIds(loaded: SourceDocument[], stored: StoredDocument[]): SourceDocument[] {
  const storedIdByPath = new Map(stored.map((document) => [document.path, document.id]));
  return loaded.map((document) => {
    const storedId = storedIdByPath.get(document.path);
    return storedId === undefined || storedId === document.id ? document : { ...document, id: storedId };
  });
}

/** True when `file` is `root` or lies under it. */
export function isUnder(file: string, root: string): boolean {
  return file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}
