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

/** The shape of a stableId: a lowercase prefix, "_", 16 lowercase hex digits. */
const STABLE_ID = /^([a-z]+)_[0-9a-f]{16}$/;

/**
 * A comparator of ids that orders `ids` as `localeCompare` does, faster when it can: ids that are
 * all stableIds of one prefix (same length, same prefix, hex after it) order the same by code unit
 * as by locale (digits before letters in both, nothing else differs), so they are compared by code
 * unit; any other ids by `localeCompare`.
 */
export function idOrderFor(ids: Iterable<string>): (left: string, right: string) => number {
  let prefix: string | null = null;
  for (const id of ids) {
    const match = STABLE_ID.exec(id);
    if (!match || (prefix !== null && match[1] !== prefix)) return byLocale;
    prefix = match[1] as string;
  }
  return byCodeUnit;
}

function byLocale(left: string, right: string): number {
  return left.localeCompare(right);
}

function byCodeUnit(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
