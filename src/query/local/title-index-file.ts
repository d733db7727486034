import { arePackedLists, pack, packLists, packStrings, unpack, unpackStrings, type PackedArray, type PackedStrings } from '../../core/packed-file.js';
import { keyOrder, PackedLists, SortedKeys } from '../index-lookups.js';
import type { TitleIndex, TitleLookup } from './title-passages.js';
import type { DerivedFileKind } from '../kept-or-made.js';

/** Bump when the layout below, or what the index holds (see buildTitleIndex), changes: a file of another layout is not read. */
const LAYOUT = 2;

interface Header {
  layout: number;
  chunkCount: number;
  documentCount: number;
  titleCount: number;
  headingCount: number;
  longestKeyWords: number;
}

const ARRAYS = ['stringBytes', 'stringLengths', 'documentOfChunk', 'chunkOrder', 'titleOrder', 'headingOrder', 'titleStarts', 'titleItems', 'headingStarts', 'headingItems'] as const;

/**
 * A title index as a packed file: the chunk ids it holds, their documents' ids, the titles and the
 * headings as one run of UTF-8 cut by lengths; each chunk's document, and each title's and heading's
 * chunks, as numbers; each set of keys with its sorted order, so a query looks a title up by halving
 * and nothing is decoded until it does.
 */
export function encodeTitleIndex(index: TitleIndex): Uint8Array {
  const titleKeys = [...index.titles.keys()];
  const headingKeys = [...index.headings.keys()];
  const chunkIds = [...index.documentOf.keys()];
  const chunkPositions = new Map(chunkIds.map((id, position) => [id, position]));
  const documentIds = [...new Set(chunkIds.map((id) => index.documentOf.get(id) as string))];
  const documentPositions = new Map(documentIds.map((id, position) => [id, position]));
  const chunksOf = (lookup: TitleLookup<readonly string[]>, keys: readonly string[]) => keys.map((key) => (lookup.get(key) ?? []).map((id) => chunkPositions.get(id) as number));
  const header: Header = { layout: LAYOUT, chunkCount: chunkIds.length, documentCount: documentIds.length, titleCount: titleKeys.length, headingCount: headingKeys.length, longestKeyWords: index.longestKeyWords };
  const arrays: Record<(typeof ARRAYS)[number], PackedArray> = {} as Record<(typeof ARRAYS)[number], PackedArray>;
  [arrays.stringBytes, arrays.stringLengths] = packStrings([...chunkIds, ...documentIds, ...titleKeys, ...headingKeys]);
  arrays.documentOfChunk = Int32Array.from(chunkIds, (id) => documentPositions.get(index.documentOf.get(id) as string) as number);
  arrays.chunkOrder = keyOrder(chunkIds);
  arrays.titleOrder = keyOrder(titleKeys);
  arrays.headingOrder = keyOrder(headingKeys);
  [arrays.titleStarts, arrays.titleItems] = packLists(chunksOf(index.titles, titleKeys));
  [arrays.headingStarts, arrays.headingItems] = packLists(chunksOf(index.headings, headingKeys));
  return pack(header, ARRAYS.map((name) => arrays[name]));
}

/** The title index the bytes hold, or null when they are not a whole title index of this layout. */
export function decodeTitleIndex(bytes: Uint8Array | null): TitleIndex | null {
  const unpacked = unpack(bytes);
  const header = unpacked?.header as Header | undefined;
  if (!unpacked || header?.layout !== LAYOUT || unpacked.arrays.length !== ARRAYS.length) return null;
  const arrays = Object.fromEntries(ARRAYS.map((name, position) => [name, unpacked.arrays[position]])) as Record<(typeof ARRAYS)[number], PackedArray>;
  const { chunkCount, documentCount, titleCount, headingCount } = header;
  const strings = unpackStrings(arrays.stringBytes, arrays.stringLengths);
  const { documentOfChunk } = arrays;
  if (!strings || strings.length !== chunkCount + documentCount + titleCount + headingCount || !Number.isInteger(header.longestKeyWords)) return null;
  if (!(documentOfChunk instanceof Int32Array && documentOfChunk.length === chunkCount) || !documentOfChunk.every((position) => position >= 0 && position < documentCount)) return null;
  const chunkIds = strings.view(0, chunkCount);
  const documentIds = strings.view(chunkCount, documentCount);
  const chunks = sortedKeys(chunkIds, arrays.chunkOrder);
  const titles = keyedChunks(strings.view(chunkCount + documentCount, titleCount), arrays.titleOrder, arrays.titleStarts, arrays.titleItems, chunkIds);
  const headings = keyedChunks(strings.view(chunkCount + documentCount + titleCount, headingCount), arrays.headingOrder, arrays.headingStarts, arrays.headingItems, chunkIds);
  if (!chunks || !titles || !headings) return null;
  const documentOf: TitleLookup<string> = {
    get: (chunkId) => {
      const position = chunks.get(chunkId);
      return position === undefined ? undefined : documentIds.at(documentOfChunk[position] as number);
    },
    keys: () => chunkIds,
  };
  return { titles, headings, documentOf, longestKeyWords: header.longestKeyWords };
}

function sortedKeys(keys: PackedStrings, order: PackedArray | undefined): SortedKeys | null {
  return order instanceof Int32Array && SortedKeys.orders(keys, order) ? new SortedKeys(keys, order) : null;
}

/** Each key's chunk ids, looked up by halving through the keys' order. */
function keyedChunks(keys: PackedStrings, order: PackedArray | undefined, starts: PackedArray | undefined, items: PackedArray | undefined, chunkIds: PackedStrings): TitleLookup<readonly string[]> | null {
  const sorted = sortedKeys(keys, order);
  if (!sorted || !arePackedLists(starts, items, keys.length, chunkIds.length)) return null;
  const lists = new PackedLists(starts, items as Int32Array);
  return {
    get: (key) => {
      const position = sorted.get(key);
      return position === undefined ? undefined : lists.get(position).map((chunk) => chunkIds.at(chunk) as string);
    },
    keys: () => keys,
  };
}

/** The title index, kept beside a store. */
export const TITLE_INDEX_FILE: DerivedFileKind<TitleIndex> = { name: 'title-index', encode: encodeTitleIndex, decode: decodeTitleIndex };
