import { pack, unpack } from '../../core/packed-file.js';
import type { TitleIndex } from './title-passages.js';
import type { DerivedFileKind } from '../kept-or-made.js';

/** Bump when the layout below, or what the index holds (see buildTitleIndex), changes: a file of another layout is not read. */
const LAYOUT = 1;

interface Header {
  layout: number;
  titles: Array<[string, string[]]>;
  headings: Array<[string, string[]]>;
  documentOf: Array<[string, string]>;
}

/** A title index as a packed file (its three maps as lists of entries in the header). */
export function encodeTitleIndex(index: TitleIndex): Uint8Array {
  const header: Header = {
    layout: LAYOUT,
    titles: [...index.titles].map(([key, ids]) => [key, [...ids]]),
    headings: [...index.headings].map(([key, ids]) => [key, [...ids]]),
    documentOf: [...index.documentOf],
  };
  return pack(header, []);
}

/** The title index the bytes hold, or null when they are not a whole title index of this layout. */
export function decodeTitleIndex(bytes: Uint8Array | null): TitleIndex | null {
  const unpacked = unpack(bytes);
  const header = unpacked?.header as Header | undefined;
  if (!unpacked || header?.layout !== LAYOUT || unpacked.arrays.length !== 0) return null;
  const { titles, headings, documentOf } = header;
  if (![titles, headings, documentOf].every((entries) => Array.isArray(entries) && entries.every((entry) => Array.isArray(entry) && entry.length === 2))) return null;
  return { titles: new Map(titles), headings: new Map(headings), documentOf: new Map(documentOf) };
}

/** The title index, kept beside a store. */
export const TITLE_INDEX_FILE: DerivedFileKind<TitleIndex> = { name: 'title-index', encode: encodeTitleIndex, decode: decodeTitleIndex };
