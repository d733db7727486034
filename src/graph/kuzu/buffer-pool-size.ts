import os from 'node:os';

const MIB = 1024 * 1024;

/** Share of the memory free when the database opens that an `auto` buffer pool takes. */
export const AUTO_BUFFER_POOL_SHARE = 0.5;
/** The smallest `auto` buffer pool, in MiB, whatever the machine reports. */
export const MIN_AUTO_BUFFER_POOL_MB = 512;
/**
 * Buffer pool per byte a bulk write stages (estimateWriteBytes). Kuzu 0.11 holds a write
 * transaction's data in the pool until it commits (pages it cannot evict), about 1.1–1.4 times the
 * staged CSV: the 25k-passage scale bench staged 467 MiB and needed more than 512 MiB, less than
 * 640 MiB. 1.5 leaves room for the estimate's error.
 */
export const BUFFER_POOL_PER_WRITTEN_BYTE = 1.5;

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
 * The smaller pool an `auto` store writes a large bulk write with (`writeBytes` staged), or null to
 * keep the open one: a pool sized to the machine lets Kuzu keep every page of the write and of the
 * database cached while it writes (9.3 GB peak RSS at 100k passages); one sized to the write evicts
 * them. A write needing no more than the smallest pool is small enough to leave as it is.
 */
export function bufferPoolForWrite(writeBytes: number, openPoolMb: number): number | null {
  const neededMb = Math.ceil((writeBytes * BUFFER_POOL_PER_WRITTEN_BYTE) / MIB);
  if (neededMb <= MIN_AUTO_BUFFER_POOL_MB || neededMb >= openPoolMb) return null;
  return neededMb;
}
