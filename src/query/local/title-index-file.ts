import { arraysByName, pack, packLists, packStrings, unpack, unpackStrings, type PackedArray, type PackedStrings } from '../../core/packed-file.js';
import { keyOrder, PackedLists, SortedKeys, type KeyedLookup } from '../index-lookups.js';
import type { TitleIndex } from './title-passages.js';
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
  const chunksOf = (lookup: KeyedLookup<readonly string[]>, keys: readonly string[]) => keys.map((key) => (lookup.get(key) ?? []).map((id) => chunkPositions.get(id) as number));
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
  const arrays = unpacked ? arraysByName(unpacked, ARRAYS) : null;
  if (!arrays || header?.layout !== LAYOUT) return null;
  const { chunkCount, documentCount, titleCount, headingCount } = header;
  const strings = unpackStrings(arrays.stringBytes, arrays.stringLengths);
  const { documentOfChunk } = arrays;
  if (!strings || strings.length !== chunkCount + documentCount + titleCount + headingCount || !Number.isInteger(header.longestKeyWords)) return null;
  if (!(documentOfChunk instanceof Int32Array && documentOfChunk.length === chunkCount) || !documentOfChunk.every((position) => position >= 0 && position < documentCount)) return null;
  const chunkIds = strings.view(0, chunkCount);
  const documentIds = strings.view(chunkCount, documentCount);
  const chunks = SortedKeys.fromFile(chunkIds, arrays.chunkOrder);
  const titles = keyedChunks(strings.view(chunkCount + documentCount, titleCount), arrays.titleOrder, arrays.titleStarts, arrays.titleItems, chunkIds);
  const headings = keyedChunks(strings.view(chunkCount + documentCount + titleCount, headingCount), arrays.headingOrder, arrays.headingStarts, arrays.headingItems, chunkIds);
  if (!chunks || !titles || !headings) return null;
  const documentOf: KeyedLookup<string> = {
    get: (chunkId) => {
      const position = chunks.get(chunkId);
      return position === undefined ? undefined : documentIds.at(documentOfChunk[position] as number);
    },
    keys: () => chunkIds,
  };
  return { titles, headings, documentOf, longestKeyWords: header.longestKeyWords };
}

/** Each key's chunk ids, looked up by halving through the keys' order. */
function keyedChunks(keys: PackedStrings, order: PackedArray | undefined, starts: PackedArray | undefined, items: PackedArray | undefined, chunkIds: PackedStrings): KeyedLookup<readonly string[]> | null {
  const sorted = SortedKeys.fromFile(keys, order);
  const lists = PackedLists.fromFile(starts, items, keys.length, chunkIds.length);
  if (!sorted || !lists) return null;
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
