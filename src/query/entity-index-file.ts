import type { Entity } from '../core/records.js';
import { pack, packLists, unpack, unpackLists } from '../core/packed-file.js';
import { assembleEntityIndex, type EntityIndex } from './graph-index.js';
import type { DerivedFileKind } from './kept-or-made.js';

/** Bump when the layout below changes: a file of another layout is not read. */
const LAYOUT = 1;

type EntityRow = [id: string, type: string, name: string, aliases: string[], description: string, mentionCount: number];

interface Header {
  layout: number;
  entities: EntityRow[];
  chunkIds: string[];
  /** The keys of the alias index and of the name-word index, in the order of their lists. */
  aliasNames: string[];
  nameWords: string[];
  longestAliasWords: number;
}

/**
 * An entity index as a packed file: its entities, chunk ids and the keys of its two name indexes in
 * the header, and four lists of indexes (each name's entities, each word's entities, each entity's chunks,
 * each chunk's entities) as arrays: reading it back costs a fraction of building it from the store's entities and mentions.
 */
export function encodeEntityIndex(index: EntityIndex): Uint8Array {
  const header: Header = {
    layout: LAYOUT,
    entities: index.entities.map((entity) => [entity.id, entity.type, entity.name, entity.aliases, entity.description, entity.mentionCount]),
    chunkIds: index.chunkIds,
    aliasNames: [...index.aliasIndex.keys()],
    nameWords: [...index.nameWordIndex.keys()],
    longestAliasWords: index.longestAliasWords,
  };
  return pack(header, [
    ...packLists([...index.aliasIndex.values()]),
    ...packLists([...index.nameWordIndex.values()]),
    ...packLists(index.chunksOfEntity),
    ...packLists(index.entitiesOfChunk),
  ]);
}

/** The entity index the bytes hold, or null when they are not a whole entity index of this layout. */
export function decodeEntityIndex(bytes: Uint8Array | null): EntityIndex | null {
  const unpacked = unpack(bytes);
  const header = unpacked?.header as Header | undefined;
  if (!unpacked || header?.layout !== LAYOUT || unpacked.arrays.length !== 8) return null;
  const { chunkIds, aliasNames, nameWords } = header;
  if (![header.entities, chunkIds, aliasNames, nameWords].every(Array.isArray) || !header.entities.every((row) => Array.isArray(row) && row.length === 6)) return null;
  const entities = header.entities.map(([id, type, name, aliases, description, mentionCount]): Entity => ({ id, type, name, aliases, description, mentionCount }));
  const [aliasOffsets, aliasItems, wordOffsets, wordItems, chunkOffsets, chunkItems, entityOffsets, entityItems] = unpacked.arrays;
  const aliasLists = unpackLists(aliasOffsets, aliasItems, entities.length);
  const wordLists = unpackLists(wordOffsets, wordItems, entities.length);
  const chunksOfEntity = unpackLists(chunkOffsets, chunkItems, chunkIds.length);
  const entitiesOfChunk = unpackLists(entityOffsets, entityItems, entities.length);
  if (!aliasLists || !wordLists || !chunksOfEntity || !entitiesOfChunk) return null;
  if (aliasLists.length !== aliasNames.length || wordLists.length !== nameWords.length || chunksOfEntity.length !== entities.length || entitiesOfChunk.length !== chunkIds.length) return null;
  return assembleEntityIndex({
    entities,
    entityIndexById: positionsOf(entities.map((entity) => entity.id)),
    aliasIndex: keyedLists(aliasNames, aliasLists),
    longestAliasWords: header.longestAliasWords,
    chunkIds,
    chunkIndexById: positionsOf(chunkIds),
    chunksOfEntity,
    entitiesOfChunk,
    nameWordIndex: keyedLists(nameWords, wordLists),
  });
}

/** Each key's position (a loop: a map made from pairs costs twice as much at half a million keys). */
function positionsOf(keys: readonly string[]): Map<string, number> {
  const positions = new Map<string, number>();
  for (let position = 0; position < keys.length; position++) positions.set(keys[position] as string, position);
  return positions;
}

function keyedLists(keys: readonly string[], lists: readonly number[][]): Map<string, number[]> {
  const keyed = new Map<string, number[]>();
  for (let position = 0; position < keys.length; position++) keyed.set(keys[position] as string, lists[position] as number[]);
  return keyed;
}

/** The entity index, kept beside a store. */
export const ENTITY_INDEX_FILE: DerivedFileKind<EntityIndex> = { name: 'entity-index', encode: encodeEntityIndex, decode: decodeEntityIndex };
