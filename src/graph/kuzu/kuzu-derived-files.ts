import { randomUUID } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DerivedFileReader, DerivedFiles, DerivedFileWriter } from '../store.js';

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
      await keep(temporary, name);
    },
    async openReader(name) {
      try {
        return fileReader(fileOf(name), (await stat(fileOf(name))).size);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    createWriter(name) {
      const temporary = `${fileOf(name)}.${process.pid}.tmp`;
      try {
        mkdirSync(folder, { recursive: true });
        return fileWriter(openSync(temporary, 'w'), temporary, () => keep(temporary, name));
      } catch {
        // A folder it cannot write to keeps nothing.
        return null;
      }
    },
  };

  /** Renames a whole temporary file to `name`'s file of this version and removes those of other versions. */
  async function keep(temporary: string, name: string): Promise<void> {
    await rename(temporary, fileOf(name));
    for (const entry of await readdir(folder)) {
      if (entry.startsWith(`${name}.`) && entry !== path.basename(fileOf(name)) && entry.endsWith('.bin')) await rm(path.join(folder, entry), { force: true });
    }
  }
}

function fileReader(file: string, size: number): DerivedFileReader {
  return {
    size,
    readRanges(ranges) {
      let descriptor: number;
      try {
        descriptor = openSync(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        // Another version written since replaces this one: what was opened is gone.
        if (fstatSync(descriptor).size !== size) return null;
        return ranges.map(({ position, length }) => {
          const bytes = Buffer.allocUnsafe(length);
          let filled = 0;
          while (filled < length) {
            const read = readSync(descriptor, bytes, filled, length - filled, position + filled);
            if (read === 0) throw new Error(`${file}: ended before byte ${position + length}`);
            filled += read;
          }
          return bytes;
        });
      } finally {
        closeSync(descriptor);
      }
    },
  };
}

/** Appends go through a buffer of this size: a file of many small records is written in few calls. */
const WRITE_BUFFER_BYTES = 1 << 20;

function fileWriter(descriptor: number, temporary: string, keepFile: () => Promise<void>): DerivedFileWriter {
  const buffer = Buffer.allocUnsafe(WRITE_BUFFER_BYTES);
  let buffered = 0;
  let size = 0;
  let open = true;
  const writeAll = (bytes: Uint8Array) => {
    let written = 0;
    while (written < bytes.length) written += writeSync(descriptor, bytes, written, bytes.length - written);
  };
  const flush = () => {
    writeAll(buffer.subarray(0, buffered));
    buffered = 0;
  };
  const close = () => {
    if (!open) return;
    open = false;
    closeSync(descriptor);
  };
  return {
    get size() {
      return size;
    },
    append(bytes) {
      if (!open) throw new Error(`${temporary}: appended to after commit or abort`);
      size += bytes.length;
      if (buffered + bytes.length > buffer.length) flush();
      if (bytes.length > buffer.length) writeAll(bytes);
      else {
        buffer.set(bytes, buffered);
        buffered += bytes.length;
      }
    },
    async commit() {
      flush();
      close();
      await keepFile();
    },
    abort() {
      close();
      rmSync(temporary, { force: true });
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
