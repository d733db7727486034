import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DerivedFiles } from '../store.js';

/** The Meta key of the entity layer's version: a new random token after each write, '' while one is under way. */
export const LAYER_VERSION_KEY = 'layerVersion';

/** A fresh version token for a layer a write just changed. */
export function newLayerVersion(): string {
  return randomUUID();
}

/**
 * Files derived from one version of the entity layer, in `<workspace>/derived/`, each named
 * `<name>.<version>.bin`: a file of another version is never read (the layer changed since it was
 * made) and is removed when one of this version is written. A write goes to a temporary file that is
 * then renamed, so a reader sees a whole file or none.
 */
export function derivedFilesIn(workspace: string, version: string): DerivedFiles {
  const folder = path.join(workspace, 'derived');
  const fileOf = (name: string) => path.join(folder, `${name}.${version}.bin`);
  return {
    async read(name) {
      try {
        return await readWhole(fileOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async write(name, bytes) {
      await mkdir(folder, { recursive: true });
      const temporary = `${fileOf(name)}.${process.pid}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, fileOf(name));
      for (const entry of await readdir(folder)) {
        if (entry.startsWith(`${name}.`) && entry !== path.basename(fileOf(name)) && entry.endsWith('.bin')) await rm(path.join(folder, entry), { force: true });
      }
    },
  };
}

/**
 * A file's bytes, read into one buffer of its size in as few reads as the system gives (`readFile`
 * reads in 512 KiB steps, each a round trip through the thread pool: seconds for the hundreds of
 * megabytes a large layer's files hold).
 */
async function readWhole(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const bytes = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const { bytesRead } = await handle.read(bytes, filled, size - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return bytes.subarray(0, filled);
  } finally {
    await handle.close();
  }
}
