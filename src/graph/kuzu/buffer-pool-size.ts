import os from 'node:os';

const MIB = 1024 * 1024;

/** Share of the memory free when the database opens that an `auto` buffer pool takes. */
export const AUTO_BUFFER_POOL_SHARE = 0.5;
/** The smallest `auto` buffer pool, in MiB, whatever the machine reports. */
export const MIN_AUTO_BUFFER_POOL_MB = 512;
/**
 * Buffer pool per byte one COPY stages (estimateWriteSize): Kuzu 0.11 builds a whole node group
 * (131,072 rows) of a table in the pool before writing it, and holds a statement's data there until
 * it commits — several times the staged CSV for long text columns (a 55 MB column of 1 KB strings
 * loaded into a 256 MiB pool, 80 MB did not; on the 25k-passage scale bench, a 256 MiB pool held every
 * load but the 76 MiB of community reports, before they were deflated). 5 leaves room for the estimate's error.
 */
export const BUFFER_POOL_PER_COPIED_BYTE = 5;
/** A whole rewrite staging less than this (MiB) keeps the open pool: what Kuzu can cache of it is small. */
export const SMALL_WRITE_MB = 512;

/** The `store.bufferPoolMb` setting: MiB, 0 for Kuzu's own default, or `auto`. */
export type BufferPoolSetting = number | 'auto';

/**
 * The buffer pool to open Kuzu with, in MiB: a number as given; `auto` takes half the memory free
 * now (at least 512 MiB), so reading a large graph (Kuzu materialises a result in its pool) has room.
 */
export function resolveBufferPoolMb(setting: BufferPoolSetting, freeBytes: number = os.freemem()): number {
  if (setting !== 'auto') return setting;
  return Math.max(MIN_AUTO_BUFFER_POOL_MB, Math.floor((freeBytes * AUTO_BUFFER_POOL_SHARE) / MIB));
}

/**
 * The smaller pool an `auto` store rewrites its graph with, or null to keep the open one. Each table
 * is committed on its own, so the write needs room for its largest COPY; a pool sized to the machine
 * instead lets Kuzu keep every page of the write and of the database cached (9.3 GB peak RSS at
 * 100k passages), one sized to the largest COPY evicts them. A small write keeps the open pool.
 */
export function bufferPoolForWrite(size: { totalBytes: number; largestCopyBytes: number }, openPoolMb: number): number | null {
  if (size.totalBytes <= SMALL_WRITE_MB * MIB) return null;
  const neededMb = Math.max(MIN_AUTO_BUFFER_POOL_MB, Math.ceil((size.largestCopyBytes * BUFFER_POOL_PER_COPIED_BYTE) / MIB));
  return neededMb < openPoolMb ? neededMb : null;
}
