import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * How the Kuzu columns that hold large JSON — `Chunk.extraction` (a chunk's cached extraction) and
 * `Community.report` — store it: deflated and base64-encoded, about 9 times smaller. An extraction's
 * JSON repeats each sentence once per relation it supports (about 11 KB for a 700-character passage),
 * and Kuzu builds a whole node group (131,072 rows) of a table in its buffer pool while writing it:
 * as JSON, these two columns made the largest loads of the store stage. Rows written before (plain
 * JSON) still read.
 */
const DEFLATED_PREFIX = 'deflate:';
/** zlib level: 1 compresses within about 10% of the default level in two thirds of the time. */
const DEFLATE_LEVEL = 1;

/** The stored form of a JSON value ('' for none). */
export function encodeDeflatedJson(value: unknown): string {
  if (value === null || value === undefined) return '';
  return DEFLATED_PREFIX + deflateRawSync(JSON.stringify(value), { level: DEFLATE_LEVEL }).toString('base64');
}

/** Reads a stored value back: deflated, plain JSON (rows written before deflating), or none (null). */
export function decodeDeflatedJson<Value>(stored: unknown): Value | null {
  if (typeof stored !== 'string' || stored === '') return null;
  const json = stored.startsWith(DEFLATED_PREFIX) ? inflateRawSync(Buffer.from(stored.slice(DEFLATED_PREFIX.length), 'base64')).toString('utf8') : stored;
  return JSON.parse(json) as Value;
}
