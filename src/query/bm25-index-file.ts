import { allBelow, pack, unpack } from '../core/packed-file.js';
import type { Bm25Postings } from './bm25.js';
import type { DerivedFileKind } from './kept-or-made.js';

/** Bump when the layout below, or how documents are cut into tokens (tokenizeForBm25), changes: a file of another layout is not read. */
const LAYOUT = 1;

interface Header {
  layout: number;
  ids: string[];
  terms: string[];
}

/** BM25 postings as a packed file: the document ids and terms in its header, the lengths and postings as arrays. */
export function encodeBm25Postings(postings: Bm25Postings): Uint8Array {
  const header: Header = { layout: LAYOUT, ids: postings.ids, terms: postings.terms };
  return pack(header, [postings.lengths, postings.termOffsets, postings.documentIndexes, postings.termFrequencies]);
}

/** The postings the bytes hold, or null when they are not whole postings of this layout. */
export function decodeBm25Postings(bytes: Uint8Array | null): Bm25Postings | null {
  const unpacked = unpack(bytes);
  const header = unpacked?.header as Header | undefined;
  if (!unpacked || header?.layout !== LAYOUT || !Array.isArray(header.ids) || !Array.isArray(header.terms)) return null;
  const [lengths, termOffsets, documentIndexes, termFrequencies] = unpacked.arrays;
  if (!(lengths instanceof Int32Array && termOffsets instanceof Int32Array && documentIndexes instanceof Int32Array && termFrequencies instanceof Int32Array)) return null;
  if (unpacked.arrays.length !== 4 || lengths.length !== header.ids.length || termOffsets.length !== header.terms.length + 1 || termFrequencies.length !== documentIndexes.length) return null;
  if (termOffsets[0] !== 0 || termOffsets[header.terms.length] !== documentIndexes.length || !allBelow(documentIndexes, header.ids.length)) return null;
  for (let term = 0; term < header.terms.length; term++) if ((termOffsets[term + 1] as number) < (termOffsets[term] as number)) return null;
  return { ids: header.ids, lengths, terms: header.terms, termOffsets, documentIndexes, termFrequencies };
}

/** BM25 postings kept beside a store under `name`. */
export function bm25PostingsFile(name: string): DerivedFileKind<Bm25Postings> {
  return { name, encode: encodeBm25Postings, decode: decodeBm25Postings };
}

/** The reference BM25's postings over every chunk. */
export const BM25_POSTINGS_FILE = bm25PostingsFile('bm25-postings');
