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
