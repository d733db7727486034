import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describeError } from './ingest-failure.js';

/** What a walk found: files to load (absolute paths, sorted by relative path), files left out by extension, folders it could not read. */
export interface FileListing {
  candidates: string[];
  skipped: string[];
  unreadableFolders: Array<{ path: string; reason: string }>;
}

/** Where to look and what to keep; `extensions` are lower-case with a leading dot. */
export interface FileListingOptions {
  extensions: readonly string[];
  exclude: readonly string[];
}

/**
 * Walks `folder` recursively and returns every file whose extension is wanted, in the order of their
 * relative POSIX paths. Excluded files and folders are not listed at all; other files land in `skipped`.
 * Symbolic links are listed like files (a dangling one then fails to load); links to folders are not followed.
 * A sub-folder that cannot be read is reported in `unreadableFolders`; an unreadable `folder` itself throws.
 */
export async function listFiles(folder: string, options: FileListingOptions): Promise<FileListing> {
  const matchers = options.exclude.map(compileExcludePattern);
  const isExcluded = (relativePath: string): boolean => matchers.some((matches) => matches(relativePath));
  const found: Array<{ relativePath: string; absolutePath: string; wanted: boolean }> = [];
  const unreadableFolders: FileListing['unreadableFolders'] = [];
  const pending: string[] = [''];
  while (pending.length > 0) {
    const relativeFolder = pending.pop() ?? '';
    const absoluteFolder = path.join(folder, ...relativeFolder.split('/'));
    let entries: Dirent[];
    try {
      entries = await readdir(absoluteFolder, { withFileTypes: true });
    } catch (error) {
      if (relativeFolder === '') throw error;
      unreadableFolders.push({ path: absoluteFolder, reason: `folder cannot be read (${describeError(error)})` });
      continue;
    }
    for (const entry of entries) {
      const relativePath = relativeFolder === '' ? entry.name : `${relativeFolder}/${entry.name}`;
      if (isExcluded(relativePath)) continue;
      if (entry.isDirectory()) {
        pending.push(relativePath);
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        const wanted = hasWantedExtension(entry.name, options.extensions);
        found.push({ relativePath, absolutePath: path.join(folder, ...relativePath.split('/')), wanted });
      }
    }
  }
  found.sort((left, right) => compareStrings(left.relativePath, right.relativePath));
  return {
    candidates: found.filter((file) => file.wanted).map((file) => file.absolutePath),
    skipped: found.filter((file) => !file.wanted).map((file) => file.absolutePath),
    unreadableFolders: unreadableFolders.sort((left, right) => compareStrings(left.path, right.path)),
  };
}

/** True when the file name ends with one of the extensions, compared without regard to case. */
export function hasWantedExtension(fileName: string, extensions: readonly string[]): boolean {
  const extension = path.extname(fileName).toLowerCase();
  return extension !== '' && extensions.includes(extension);
}

/**
 * Turns an exclude pattern into a test on relative POSIX paths.
 * A pattern without `/` matches any single path segment (`node_modules`, `*.log`); a pattern with `/` matches
 * the path from the root (`drafts/old`, `notes/**`) and everything under it. `*` and `?` stay inside one
 * segment; `**` crosses segments.
 */
export function compileExcludePattern(pattern: string): (relativePath: string) => boolean {
  const trimmed = pattern.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
  const expression = globToExpression(trimmed);
  if (!trimmed.includes('/')) {
    const segment = new RegExp(`^${expression}$`);
    return (relativePath) => relativePath.split('/').some((part) => segment.test(part));
  }
  const whole = new RegExp(`^${expression}(?:/.*)?$`);
  return (relativePath) => whole.test(relativePath);
}

function globToExpression(glob: string): string {
  let expression = '';
  for (let index = 0; index < glob.length; index += 1) {
    const character = glob[index] ?? '';
    if (character === '*' && glob[index + 1] === '*' && glob[index + 2] === '/') {
      expression += '(?:.*/)?';
      index += 2;
    } else if (character === '*' && glob[index + 1] === '*') {
      expression += '.*';
      index += 1;
    } else if (character === '*') {
      expression += '[^/]*';
    } else if (character === '?') {
      expression += '[^/]';
    } else {
      expression += character.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return expression;
}

/** Code-unit order, so the walk order does not depend on the locale. */
function compareStrings(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
