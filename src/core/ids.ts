import { hash } from 'node:crypto';

/**
 * Stable, short, content-derived identifier: the same parts always give the same id — the first 16
 * hex digits of the sha256 of the parts, each followed by a NUL. Hashed in one call over the joined
 * text (the same bytes as hashing part by part: a NUL between parts keeps surrogates from pairing
 * across them); resolution derives one for every relation of the corpus.
 */
export function stableId(prefix: string, ...parts: Array<string | number>): string {
  let text = '';
  for (const part of parts) text += `${String(part)}\u0000`;
  return `${prefix}_${hash('sha256', text).slice(0, 16)}`;
}

/** Hex sha256 of a text or buffer, used as a document's content hash. */
export function contentHash(content: string | Uint8Array): string {
  return hash('sha256', content);
}

/** Hex digits after a stableId's prefix and "_". */
const STABLE_ID_DIGITS = 16;

/**
 * A comparator of ids that orders `ids` as `localeCompare` does, faster when it can: ids that are
 * all stableIds of one prefix (same length, same prefix, hex after it) order the same by code unit
 * as by locale (digits before letters in both, nothing else differs), so they are compared by code
 * unit; any other ids by `localeCompare`.
 */
export function idOrderFor(ids: Iterable<string>): (left: string, right: string) => number {
  let prefix: string | null = null;
  for (const id of ids) {
    prefix ??= stableIdPrefix(id);
    if (prefix === null || !isStableId(id, prefix)) return byLocale;
  }
  return byCodeUnit;
}

/** The items sorted in place by id, in the order `idOrderFor` gives their ids (the order stores list them in). */
export function sortById<T extends { id: string }>(items: T[]): T[] {
  const order = idOrderFor(items.map((item) => item.id));
  return items.sort((left, right) => order(left.id, right.id));
}

/**
 * The positions of `ids` in the order `idOrderFor` gives them, when all are stableIds of one prefix
 * (null otherwise): their hex digits read as two 32-bit numbers order as the code units do, and
 * numbers sort several times faster than strings (millions of relation ids on a large corpus).
 */
export function stableIdOrder(ids: readonly string[]): Uint32Array | null {
  const prefix = ids.length > 0 ? stableIdPrefix(ids[0] as string) : null;
  if (prefix === null) return null;
  const high = new Uint32Array(ids.length);
  const low = new Uint32Array(ids.length);
  const digits = prefix.length + 1;
  for (let position = 0; position < ids.length; position++) {
    const id = ids[position] as string;
    if (!isStableId(id, prefix)) return null;
    high[position] = Number.parseInt(id.slice(digits, digits + 8), 16);
    low[position] = Number.parseInt(id.slice(digits + 8), 16);
  }
  const positions = Uint32Array.from(ids, (_, position) => position);
  return positions.sort((left, right) => (high[left] as number) - (high[right] as number) || (low[left] as number) - (low[right] as number) || left - right);
}

/** The prefix of an id shaped as a stableId (lowercase letters, "_", 16 lowercase hex digits), else null. */
function stableIdPrefix(id: string): string | null {
  const prefix = id.slice(0, id.length - STABLE_ID_DIGITS - 1);
  return prefix.length > 0 && /^[a-z]+$/.test(prefix) && isStableId(id, prefix) ? prefix : null;
}

function isStableId(id: string, prefix: string): boolean {
  if (id.length !== prefix.length + 1 + STABLE_ID_DIGITS || !id.startsWith(prefix) || id.charCodeAt(prefix.length) !== 95) return false;
  for (let index = prefix.length + 1; index < id.length; index++) {
    const code = id.charCodeAt(index);
    if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102))) return false;
  }
  return true;
}

function byLocale(left: string, right: string): number {
  return left.localeCompare(right);
}

function byCodeUnit(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
