import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { ChunkExtraction } from '../../core/records.js';

/**
 * How the Kuzu `Chunk.extraction` column holds a chunk's cached extraction. The JSON repeats each
 * sentence once per relation it supports (about 11 KB for a 700-character passage), and Kuzu loads a
 * whole node group (131,072 rows) of a table in memory while it is written: stored as JSON, the
 * column made the Chunk load of a 100k-passage corpus need a buffer pool of several GB. Deflated
 * and base64-encoded it is about 9 times smaller. Rows written before (plain JSON) still read.
 */
const DEFLATED_PREFIX = 'deflate:';
/** zlib level: 1 compresses within about 10% of the default level in two thirds of the time. */
const DEFLATE_LEVEL = 1;

/** The stored form of an extraction ('' for none). */
export function encodeExtractionColumn(extraction: ChunkExtraction | null): string {
  if (!extraction) return '';
  return DEFLATED_PREFIX + deflateRawSync(JSON.stringify(extraction), { level: DEFLATE_LEVEL }).toString('base64');
}

/** Reads a stored extraction back: deflated, plain JSON (rows written before deflating), or none. */
export function decodeExtractionColumn(stored: unknown): ChunkExtraction | null {
  if (typeof stored !== 'string' || stored === '') return null;
  const json = stored.startsWith(DEFLATED_PREFIX) ? inflateRawSync(Buffer.from(stored.slice(DEFLATED_PREFIX.length), 'base64')).toString('utf8') : stored;
  return JSON.parse(json) as ChunkExtraction;
}
