import { createHash } from 'node:crypto';
import type { StringList } from './index-lookups.js';

/** Keys worked out or read for id lists, by list: the lists an entity index holds are keyed once per process. */
const keyOfIds = new WeakMap<StringList, string>();

/**
 * A key of these ids in this order: what is derived from entities or chunks numbered in one order is
 * read only for the same ids in the same order. Hashing half a million ids takes a quarter of a second,
 * so the key of a list is kept with it.
 */
export function idsKey(ids: StringList): string {
  let key = keyOfIds.get(ids);
  if (key === undefined) {
    // The ids joined by line breaks, hashed as they come: no string of every id is built.
    const hash = createHash('sha256');
    let first = true;
    for (const id of ids) {
      hash.update(first ? id : `\n${id}`);
      first = false;
    }
    key = `${ids.length}:${hash.digest('hex')}`;
    keyOfIds.set(ids, key);
  }
  return key;
}

/** Records the key of ids read back from a file that was written with it (`idsKey` of the same ids then), so it is not hashed again. */
export function rememberIdsKey(ids: StringList, key: string): void {
  keyOfIds.set(ids, key);
}
