import { hash } from 'node:crypto';

/** Keys worked out or read for id arrays, by array: the arrays an entity index holds are keyed once per process. */
const keyOfIds = new WeakMap<readonly string[], string>();

/**
 * A key of these ids in this order: what is derived from entities or chunks numbered in one order is
 * read only for the same ids in the same order. Hashing half a million ids takes a quarter of a second,
 * so the key of an array is kept with it.
 */
export function idsKey(ids: readonly string[]): string {
  let key = keyOfIds.get(ids);
  if (key === undefined) {
    key = `${ids.length}:${hash('sha256', ids.join('\n'))}`;
    keyOfIds.set(ids, key);
  }
  return key;
}

/** Records the key of ids read back from a file that was written with it (`idsKey` of the same ids then), so it is not hashed again. */
export function rememberIdsKey(ids: readonly string[], key: string): void {
  keyOfIds.set(ids, key);
}
