import type { Entity } from '../core/records.js';
import { arePackedLists, pack, packLists, packStrings, unpack, unpackStrings, type PackedArray } from '../core/packed-file.js';
import { assembleEntityIndex, type EntityIndex } from './graph-index.js';
import { idsKey, rememberIdsKey } from './ids-key.js';
import { keyOrder, PackedKeyedIndexes, PackedLists, SortedKeys, type IndexLists, type KeyedIndexes } from './index-lookups.js';
import type { DerivedFileKind } from './kept-or-made.js';

/** Bump when the layout below changes: a file of another layout is not read. */
const LAYOUT = 2;

interface Header {
  layout: number;
  entityCount: number;
  chunkCount: number;
  aliasNameCount: number;
  nameWordCount: number;
  /** The node types, which each entity's type numbers. */
  types: string[];
  longestAliasWords: number;
  /** `idsKey` of the entity ids and of the chunk ids, so that reading them back does not hash them again. */
  entityIdsKey: string;
  chunkIdsKey: string;
}

/** The arrays of the file, in order. */
const ARRAYS = [
  'stringBytes', 'stringLengths', 'entityTypes', 'aliasCounts', 'mentionCounts',
  'entityOrder', 'chunkOrder', 'aliasNameOrder', 'nameWordOrder',
  'aliasStarts', 'aliasItems', 'wordStarts', 'wordItems', 'chunkStarts', 'chunkItems', 'entityStarts', 'entityItems',
] as const;

/**
 * An entity index as a packed file. Every string (each entity's id, name, description and aliases, then
 * the chunk ids, the names and the name words the two name indexes are keyed by) is one run of text cut
 * by lengths; numbers and lists of indexes are typed arrays; each set of keys comes with its sorted
 * order, so that a key is found by halving instead of through a map built on reading. Reading a file
 * back makes the entities and keeps the rest as it lies in the file: a list becomes an array when a
 * query asks for it.
 */
export function encodeEntityIndex(index: EntityIndex): Uint8Array {
  const types = [...new Set(index.entities.map((entity) => entity.type))];
  const typeNumbers = new Map(types.map((type, number) => [type, number]));
  const strings: string[] = [];
  for (const entity of index.entities) strings.push(entity.id, entity.name, entity.description, ...entity.aliases);
  const aliasNames = [...index.aliasIndex.keys()];
  const nameWords = [...index.nameWordIndex.keys()];
  for (const keys of [index.chunkIds, aliasNames, nameWords]) for (const key of keys) strings.push(key);
  const header: Header = {
    layout: LAYOUT,
    entityCount: index.entities.length,
    chunkCount: index.chunkIds.length,
    aliasNameCount: aliasNames.length,
    nameWordCount: nameWords.length,
    types,
    longestAliasWords: index.longestAliasWords,
    entityIdsKey: idsKey(index.entityIds),
    chunkIdsKey: idsKey(index.chunkIds),
  };
  const arrays: Record<(typeof ARRAYS)[number], PackedArray> = {} as Record<(typeof ARRAYS)[number], PackedArray>;
  [arrays.stringBytes, arrays.stringLengths] = packStrings(strings);
  arrays.entityTypes = Int32Array.from(index.entities, (entity) => typeNumbers.get(entity.type) as number);
  arrays.aliasCounts = Int32Array.from(index.entities, (entity) => entity.aliases.length);
  arrays.mentionCounts = Float64Array.from(index.entities, (entity) => entity.mentionCount);
  arrays.entityOrder = keyOrder(index.entityIds);
  arrays.chunkOrder = keyOrder(index.chunkIds);
  arrays.aliasNameOrder = keyOrder(aliasNames);
  arrays.nameWordOrder = keyOrder(nameWords);
  [arrays.aliasStarts, arrays.aliasItems] = packLists(listsOfKeys(index.aliasIndex, aliasNames));
  [arrays.wordStarts, arrays.wordItems] = packLists(listsOfKeys(index.nameWordIndex, nameWords));
  [arrays.chunkStarts, arrays.chunkItems] = packLists(listsOf(index.chunksOfEntity));
  [arrays.entityStarts, arrays.entityItems] = packLists(listsOf(index.entitiesOfChunk));
  return pack(header, ARRAYS.map((name) => arrays[name]));
}

/** The entity index the bytes hold, or null when they are not a whole entity index of this layout. */
export function decodeEntityIndex(bytes: Uint8Array | null): EntityIndex | null {
  const unpacked = unpack(bytes);
  const header = unpacked?.header as Header | undefined;
  if (!unpacked || header?.layout !== LAYOUT || unpacked.arrays.length !== ARRAYS.length || !Array.isArray(header.types)) return null;
  const arrays = Object.fromEntries(ARRAYS.map((name, position) => [name, unpacked.arrays[position]])) as Record<(typeof ARRAYS)[number], PackedArray>;
  const { entityCount, chunkCount, aliasNameCount, nameWordCount } = header;
  const { entityTypes, aliasCounts, mentionCounts } = arrays;
  if (!(entityTypes instanceof Int32Array && aliasCounts instanceof Int32Array && mentionCounts instanceof Float64Array)) return null;
  if (entityTypes.length !== entityCount || aliasCounts.length !== entityCount || mentionCounts.length !== entityCount) return null;
  const strings = unpackStrings(arrays.stringBytes, arrays.stringLengths);
  if (!strings) return null;
  const entities = new Array<Entity>(entityCount);
  const entityIds = new Array<string>(entityCount);
  let at = 0;
  for (let entityIndex = 0; entityIndex < entityCount; entityIndex++) {
    const aliasCount = aliasCounts[entityIndex] as number;
    const type = header.types[entityTypes[entityIndex] as number];
    if (type === undefined || aliasCount < 0 || at + 3 + aliasCount > strings.length) return null;
    const id = strings[at] as string;
    entityIds[entityIndex] = id;
    entities[entityIndex] = { id, type, name: strings[at + 1] as string, aliases: strings.slice(at + 3, at + 3 + aliasCount), description: strings[at + 2] as string, mentionCount: mentionCounts[entityIndex] as number };
    at += 3 + aliasCount;
  }
  if (strings.length !== at + chunkCount + aliasNameCount + nameWordCount) return null;
  const chunkIds = strings.slice(at, at + chunkCount);
  const aliasNames = strings.slice(at + chunkCount, at + chunkCount + aliasNameCount);
  const nameWords = strings.slice(at + chunkCount + aliasNameCount);
  const entityKeys = sortedKeys(entityIds, arrays.entityOrder);
  const chunkKeys = sortedKeys(chunkIds, arrays.chunkOrder);
  const aliasKeys = sortedKeys(aliasNames, arrays.aliasNameOrder);
  const wordKeys = sortedKeys(nameWords, arrays.nameWordOrder);
  if (!entityKeys || !chunkKeys || !aliasKeys || !wordKeys) return null;
  const aliasLists = packedLists(arrays.aliasStarts, arrays.aliasItems, aliasNameCount, entityCount);
  const wordLists = packedLists(arrays.wordStarts, arrays.wordItems, nameWordCount, entityCount);
  const chunksOfEntity = packedLists(arrays.chunkStarts, arrays.chunkItems, entityCount, chunkCount);
  const entitiesOfChunk = packedLists(arrays.entityStarts, arrays.entityItems, chunkCount, entityCount);
  if (!aliasLists || !wordLists || !chunksOfEntity || !entitiesOfChunk) return null;
  rememberIdsKey(entityIds, header.entityIdsKey);
  rememberIdsKey(chunkIds, header.chunkIdsKey);
  return assembleEntityIndex({
    entities,
    entityIds,
    entityIndexById: entityKeys,
    aliasIndex: new PackedKeyedIndexes(aliasKeys, aliasLists),
    longestAliasWords: header.longestAliasWords,
    chunkIds,
    chunkIndexById: chunkKeys,
    chunksOfEntity,
    entitiesOfChunk,
    nameWordIndex: new PackedKeyedIndexes(wordKeys, wordLists),
  });
}

function listsOf(lists: IndexLists): Array<readonly number[]> {
  return Array.from({ length: lists.length }, (_, position) => lists.get(position));
}

function listsOfKeys(index: KeyedIndexes, keys: readonly string[]): Array<readonly number[]> {
  return keys.map((key) => index.get(key) ?? []);
}

function sortedKeys(keys: readonly string[], order: PackedArray | undefined): SortedKeys | null {
  return order instanceof Int32Array && SortedKeys.orders(keys, order) ? new SortedKeys(keys, order) : null;
}

function packedLists(starts: PackedArray | undefined, items: PackedArray | undefined, count: number, bound: number): PackedLists | null {
  return arePackedLists(starts, items, count, bound) ? new PackedLists(starts, items as Int32Array) : null;
}

/** The entity index, kept beside a store. */
export const ENTITY_INDEX_FILE: DerivedFileKind<EntityIndex> = { name: 'entity-index', encode: encodeEntityIndex, decode: decodeEntityIndex };
