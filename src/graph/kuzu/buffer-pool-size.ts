import os from 'node:os';

const MIB = 1024 * 1024;

/** Largest share of the memory free (when the database opens, or before a bulk write) that an `auto` buffer pool takes. */
export const AUTO_BUFFER_POOL_SHARE = 0.5;
/** The smallest `auto` buffer pool, in MiB, whatever the machine reports or the data needs. */
export const MIN_AUTO_BUFFER_POOL_MB = 512;
/**
 * Buffer pool per byte a bulk write stages (estimateWriteBytes). Kuzu 0.11 holds a write
 * transaction's data in the pool until it commits (a page it cannot evict), about 1.1–1.4 times the
 * staged CSV: the 25k-passage scale bench staged 467 MiB and needed more than 512 MiB, less than
 * 640 MiB. 1.5 leaves room for the estimate's error. A pool sized to the data, not to the machine,
 * keeps Kuzu from caching the whole database in memory during the write.
 */
export const BUFFER_POOL_PER_WRITTEN_BYTE = 1.5;

/** The `store.bufferPoolMb` setting: MiB, 0 for Kuzu's own default, or `auto`. */
export type BufferPoolSetting = number | 'auto';

/**
 * The buffer pool to open Kuzu with, in MiB: a number as given; `auto` takes what the data needs
 * (`neededBytes`: the database file when it opens, a bulk write's data before that write) — at
 * least 512 MiB, and at most half the memory free now (more would not fit beside everything else).
 */
export function resolveBufferPoolMb(setting: BufferPoolSetting, freeBytes: number = os.freemem(), neededBytes = 0): number {
  if (setting !== 'auto') return setting;
  const ceiling = Math.max(MIN_AUTO_BUFFER_POOL_MB, Math.floor((freeBytes * AUTO_BUFFER_POOL_SHARE) / MIB));
  return Math.min(ceiling, Math.max(MIN_AUTO_BUFFER_POOL_MB, Math.ceil(neededBytes / MIB)));
}

/** What an `auto` pool needs for a bulk write staging `writeBytes` (see BUFFER_POOL_PER_WRITTEN_BYTE). */
export function bufferPoolNeededFor(writeBytes: number): number {
  return writeBytes * BUFFER_POOL_PER_WRITTEN_BYTE;
}
