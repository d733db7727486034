import path from 'node:path';
import { stableId } from '../core/ids.js';

/**
 * A file's path relative to `anchor`, with `/` separators whatever the platform ("docs/a.md",
 * "../notes/b.md"): the location-free name a document's id is derived from.
 */
export function portablePath(filePath: string, anchor: string): string {
  const relative = path.relative(path.resolve(anchor), path.resolve(filePath));
  return relative.split(path.sep).join('/');
}

/**
 * The id of the document read from `filePath`: derived from its path relative to `anchor` (the
 * workspace folder when indexing), never from its absolute location, so a folder holding both
 * the documents and the workspace can be moved or copied and keep every id. Distinct files under
 * one anchor always get distinct ids (`index a/ b/` with `x.md` in both).
 */
export function documentIdFor(filePath: string, anchor: string): string {
  return stableId('doc', portablePath(filePath, anchor));
}

/** `portable` (as written by portablePath) back to an absolute path under `anchor`; absolute paths pass through. */
export function resolvePortablePath(portable: string, anchor: string): string {
  return path.isAbsolute(portable) ? portable : path.resolve(anchor, ...portable.split('/'));
}
