import { createHash } from 'node:crypto';

/** Stable, short, content-derived identifier: the same parts always give the same id. */
export function stableId(prefix: string, ...parts: Array<string | number>): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(String(part)).update('\u0000');
  return `${prefix}_${hash.digest('hex').slice(0, 16)}`;
}

/** Hex sha256 of a text or buffer, used as a document's content hash. */
export function contentHash(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}
