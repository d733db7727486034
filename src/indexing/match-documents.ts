import path from 'node:path';
import type { StoredDocument } from '../graph/store.js';
import { isUnder } from './plan-changes.js';

/**
 * Resolves `remove` targets to stored document ids: a document id, the path of an indexed file, or
 * a folder (every indexed document under it). Paths are resolved against `cwd`; whether they still
 * exist on disk does not matter. Targets that name nothing are returned in `unmatched`.
 */
export function matchDocuments(targets: string[], stored: StoredDocument[], cwd = process.cwd()): { ids: string[]; unmatched: string[] } {
  const ids = new Set<string>();
  const unmatched: string[] = [];
  for (const target of targets) {
    const byId = stored.filter((document) => document.id === target);
    const resolved = path.resolve(cwd, target);
    const matches = byId.length > 0 ? byId : stored.filter((document) => isUnder(document.path, resolved));
    if (matches.length === 0) unmatched.push(target);
    for (const document of matches) ids.add(document.id);
  }
  return { ids: [...ids].sort(), unmatched };
}
