import os from 'node:os';

/** Share of the memory free when the database opens that an `auto` buffer pool takes. */
export const AUTO_BUFFER_POOL_SHARE = 0.5;
/** The smallest `auto` buffer pool, in MiB, whatever the machine reports. */
export const MIN_AUTO_BUFFER_POOL_MB = 512;

/** The `store.bufferPoolMb` setting: MiB, 0 for Kuzu's own default, or `auto`. */
export type BufferPoolSetting = number | 'auto';

/**
 * The buffer pool to open Kuzu with, in MiB: a number as given; `auto` takes half the memory free
 * now (at least 512 MiB), so a big corpus gets the room it needs and a small machine is not overcommitted.
 */
export function resolveBufferPoolMb(setting: BufferPoolSetting, freeBytes: number = os.freemem()): number {
  if (setting !== 'auto') return setting;
  return Math.max(MIN_AUTO_BUFFER_POOL_MB, Math.floor((freeBytes * AUTO_BUFFER_POOL_SHARE) / (1024 * 1024)));
}
