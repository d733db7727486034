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
 * The id of the document read from `filePath`: derived from its path relative to `anchor`, never
 * from its absolute location, so the same folder indexed from anywhere gives the same ids.
 */
export function documentIdFor(filePath: string, anchor: string): string {
  return stableId('doc', portablePath(filePath, anchor));
}

/**
 * What ids are relative to when indexing `root`: the folder holding it, so the root folder's own
 * name is part of every id (`index a/ b/` with `x.md` in both gives two ids) and a file indexed
 * alone (`docs/x.md`, anchored above `docs`) gets the id it has when its folder is indexed.
 */
export function idAnchorFor(root: string, isFolder: boolean): string {
  const absolute = path.resolve(root);
  return isFolder ? path.dirname(absolute) : path.dirname(path.dirname(absolute));
}

/** The id of a document whose relative id is taken by another file: from its absolute path (unique, but tied to where it lies). */
export function absoluteDocumentId(filePath: string): string {
  return stableId('doc', path.resolve(filePath));
}

/** `portable` (as written by portablePath) back to an absolute path under `anchor`; absolute paths pass through. */
export function resolvePortablePath(portable: string, anchor: string): string {
  return path.isAbsolute(portable) ? portable : path.resolve(anchor, ...portable.split('/'));
}
