import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SourceDocument } from '../core/records.js';
import type { StoredDocument } from '../graph/store.js';
import { absoluteDocumentId } from '../ingest/document-id.js';
import type { IngestFailure } from '../ingest/ingest-failure.js';
import { isUnchangedFile, type UnchangedFile } from '../ingest/load-documents.js';
import { RhizomeError } from '../errors/rhizome-error.js';

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
 * Files the loader found unchanged (read, not parsed: see LoadDocumentsOptions.indexedHashes) are
 * stored ones at their stored path and content hash, so they are always kept.
 */
export function planDocumentChanges(roots: string[], loadedDocuments: Array<SourceDocument | UnchangedFile>, failures: IngestFailure[], stored: StoredDocument[], prune: boolean, fileExists: (file: string) => boolean = existsSync): DocumentChangePlan {
  const storedById = new Map(stored.map((document) => [document.id, document]));
  const loaded = settleDocumentIds(loadedDocuments, stored, fileExists);
  const loadedIds = new Set(loaded.map((document) => document.id));
  const failedPaths = failures.map((failure) => path.resolve(failure.path));
  const toWrite: SourceDocument[] = [];
  let added = 0;
  let changed = 0;
  let unchanged = 0;
  for (const document of loaded) {
    const previous = storedById.get(document.id);
    if (previous && previous.contentHash === document.contentHash && previous.path === document.path) {
      unchanged += 1;
      continue;
    }
    if (isUnchangedFile(document)) throw new RhizomeError('INTERNAL', `${document.path} was read as unchanged but its indexed version differs (the stored documents changed during the run?)`);
    if (previous) changed += 1;
    else added += 1;
    toWrite.push(document);
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
 * Makes every loaded document's id right for the store: a file already stored keeps its stored id
 * (indexed before through another root), so one file is never two documents. Relative ids taken
 * by another file — two roots of the same name (`/a/docs`, `/b/docs`), or a stored file that still
 * exists at another path — fall back to an id from the absolute path. A stored id met at a new
 * path whose old file is gone is the same document moved: it keeps the id and is rewritten with
 * the new path.
 */
function settleDocumentIds<Loaded extends { id: string; path: string }>(loaded: Loaded[], stored: StoredDocument[], fileExists: (file: string) => boolean): Loaded[] {
  const storedIdByPath = new Map(stored.map((document) => [document.path, document.id]));
  const storedPathById = new Map(stored.map((document) => [document.id, document.path]));
  const loadedPathsById = new Map<string, Set<string>>();
  for (const document of loaded) loadedPathsById.set(document.id, (loadedPathsById.get(document.id) ?? new Set()).add(document.path));
  return loaded.map((document) => {
    const storedId = storedIdByPath.get(document.path);
    if (storedId !== undefined) return storedId === document.id ? document : { ...document, id: storedId };
    const sharedInRun = (loadedPathsById.get(document.id)?.size ?? 0) > 1;
    const storedPath = storedPathById.get(document.id);
    const takenInStore = storedPath !== undefined && storedPath !== document.path && fileExists(storedPath);
    return sharedInRun || takenInStore ? { ...document, id: absoluteDocumentId(document.path) } : document;
  });
}

/** True when `file` is `root` or lies under it. */
export function isUnder(file: string, root: string): boolean {
  return file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}
