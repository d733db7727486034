import { allBelow, pack, packStrings, unpack, unpackStrings } from '../core/packed-file.js';
import type { Bm25Postings } from './bm25.js';
import { keyOrder, SortedKeys } from './index-lookups.js';
import type { DerivedFileKind } from './kept-or-made.js';

/** Bump when the layout below, or how documents are cut into tokens (tokenizeForBm25), changes: a file of another layout is not read. */
const LAYOUT = 3;

interface Header {
  layout: number;
}

/**
 * BM25 postings as a packed file: the document ids and the terms each as one run of text cut by lengths, the
 * terms' sorted order (a query's terms are found by halving, with no map of every term built on reading), then the
 * lengths and postings as arrays.
 */
export function encodeBm25Postings(postings: Bm25Postings): Uint8Array {
  const header: Header = { layout: LAYOUT };
  return pack(header, [...packStrings(postings.ids), ...packStrings(postings.terms), keyOrder(postings.terms), postings.lengths, postings.termOffsets, postings.documentIndexes, postings.termFrequencies]);
}

/** The postings the bytes hold, or null when they are not whole postings of this layout. */
export function decodeBm25Postings(bytes: Uint8Array | null): Bm25Postings | null {
  const unpacked = unpack(bytes);
  const header = unpacked?.header as Header | undefined;
  if (!unpacked || header?.layout !== LAYOUT || unpacked.arrays.length !== 9) return null;
  const [idBytes, idLengths, termBytes, termLengths, termOrder, lengths, termOffsets, documentIndexes, termFrequencies] = unpacked.arrays;
  const ids = unpackStrings(idBytes, idLengths);
  const terms = unpackStrings(termBytes, termLengths);
  if (!ids || !terms || !(termOrder instanceof Int32Array) || !SortedKeys.orders(terms, termOrder)) return null;
  if (!(lengths instanceof Int32Array && termOffsets instanceof Int32Array && documentIndexes instanceof Int32Array && termFrequencies instanceof Int32Array)) return null;
  if (lengths.length !== ids.length || termOffsets.length !== terms.length + 1 || termFrequencies.length !== documentIndexes.length) return null;
  if (termOffsets[0] !== 0 || termOffsets[terms.length] !== documentIndexes.length || !allBelow(documentIndexes, ids.length)) return null;
  for (let term = 0; term < terms.length; term++) if ((termOffsets[term + 1] as number) < (termOffsets[term] as number)) return null;
  return { ids: ids.toArray(), lengths, terms, termOffsets, documentIndexes, termFrequencies, termOrder };
}

/** BM25 postings kept beside a store under `name`. */
export function bm25PostingsFile(name: string): DerivedFileKind<Bm25Postings> {
  return { name, encode: encodeBm25Postings, decode: decodeBm25Postings };
}

/** The reference BM25's postings over every chunk. */
export const BM25_POSTINGS_FILE = bm25PostingsFile('bm25-postings');
