import type { Entity } from '../core/records.js';
import { arraysByName, pack, packLists, packStrings, unpack, unpackStrings, type PackedArray, type PackedStrings } from '../core/packed-file.js';
import { assembleEntityIndex, type EntityIndex } from './graph-index.js';
import { idsKey, rememberIdsKey } from './ids-key.js';
import { keyOrder, PackedKeyedIndexes, PackedLists, SortedKeys, type EntityList, type IndexLists, type KeyedIndexes, type StringList } from './index-lookups.js';
import type { DerivedFileKind } from './kept-or-made.js';

/** Bump when the layout below changes: a file of another layout is not read. */
const LAYOUT = 3;

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
 * the chunk ids, the names and the name words the two name indexes are keyed by) is one run of UTF-8
 * cut by lengths; numbers and lists of indexes are typed arrays; each set of keys comes with its sorted
 * order, so that a key is found by halving instead of through a map built on reading. Reading a file
 * back keeps it as it lies (only the chunk ids are decoded): an entity is made from its strings, and a
 * list becomes an array, when a query asks for it.
 */
export function encodeEntityIndex(index: EntityIndex): Uint8Array {
  const entities = [...index.entities];
  const types = [...new Set(entities.map((entity) => entity.type))];
  const typeNumbers = new Map(types.map((type, number) => [type, number]));
  const strings: string[] = [];
  for (const entity of entities) strings.push(entity.id, entity.name, entity.description, ...entity.aliases);
  const aliasNames = [...index.aliasIndex.keys()];
  const nameWords = [...index.nameWordIndex.keys()];
  for (const keys of [index.chunkIds, aliasNames, nameWords]) for (const key of keys) strings.push(key);
  const header: Header = {
    layout: LAYOUT,
    entityCount: entities.length,
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
  arrays.entityTypes = Int32Array.from(entities, (entity) => typeNumbers.get(entity.type) as number);
  arrays.aliasCounts = Int32Array.from(entities, (entity) => entity.aliases.length);
  arrays.mentionCounts = Float64Array.from(entities, (entity) => entity.mentionCount);
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
  const arrays = unpacked ? arraysByName(unpacked, ARRAYS) : null;
  if (!arrays || header?.layout !== LAYOUT || !Array.isArray(header.types)) return null;
  const { entityCount, chunkCount, aliasNameCount, nameWordCount } = header;
  const { entityTypes, aliasCounts, mentionCounts } = arrays;
  if (!(entityTypes instanceof Int32Array && aliasCounts instanceof Int32Array && mentionCounts instanceof Float64Array)) return null;
  if (entityTypes.length !== entityCount || aliasCounts.length !== entityCount || mentionCounts.length !== entityCount) return null;
  const strings = unpackStrings(arrays.stringBytes, arrays.stringLengths);
  if (!strings || !header.types.every((type) => typeof type === 'string')) return null;
  // Where each entity's strings start: its id, name and description, then its aliases.
  const firstStrings = new Int32Array(entityCount + 1);
  for (let entityIndex = 0; entityIndex < entityCount; entityIndex++) {
    const aliasCount = aliasCounts[entityIndex] as number;
    const typeNumber = entityTypes[entityIndex] as number;
    if (aliasCount < 0 || !(typeNumber >= 0 && typeNumber < header.types.length)) return null;
    firstStrings[entityIndex + 1] = (firstStrings[entityIndex] as number) + 3 + aliasCount;
  }
  const at = firstStrings[entityCount] as number;
  if (strings.length !== at + chunkCount + aliasNameCount + nameWordCount) return null;
  const entities = new PackedEntities(strings, firstStrings, header.types, entityTypes, mentionCounts);
  const entityIds = new EntityIds(strings, firstStrings);
  const chunkIds = strings.view(at, chunkCount).toArray();
  const aliasNames = strings.view(at + chunkCount, aliasNameCount);
  const nameWords = strings.view(at + chunkCount + aliasNameCount, nameWordCount);
  const entityKeys = SortedKeys.fromFile(entityIds, arrays.entityOrder);
  const chunkKeys = SortedKeys.fromFile(chunkIds, arrays.chunkOrder);
  const aliasKeys = SortedKeys.fromFile(aliasNames, arrays.aliasNameOrder);
  const wordKeys = SortedKeys.fromFile(nameWords, arrays.nameWordOrder);
  if (!entityKeys || !chunkKeys || !aliasKeys || !wordKeys) return null;
  const aliasLists = PackedLists.fromFile(arrays.aliasStarts, arrays.aliasItems, aliasNameCount, entityCount);
  const wordLists = PackedLists.fromFile(arrays.wordStarts, arrays.wordItems, nameWordCount, entityCount);
  const chunksOfEntity = PackedLists.fromFile(arrays.chunkStarts, arrays.chunkItems, entityCount, chunkCount);
  const entitiesOfChunk = PackedLists.fromFile(arrays.entityStarts, arrays.entityItems, chunkCount, entityCount);
  if (!aliasLists || !wordLists || !chunksOfEntity || !entitiesOfChunk) return null;
  rememberIdsKey(entityIds, header.entityIdsKey);
  rememberIdsKey(chunkIds, header.chunkIdsKey);
  return assembleEntityIndex({
    entities,
    entityIds,
    entityType: (entityIndex) => (entityIndex >= 0 && entityIndex < entityCount ? header.types[entityTypes[entityIndex] as number] : undefined),
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

/** The entities of a file, each made from its strings when first asked for. */
class PackedEntities implements EntityList {
  private readonly made: Array<Entity | undefined>;

  constructor(
    private readonly strings: PackedStrings,
    private readonly firstStrings: Int32Array,
    private readonly types: readonly string[],
    private readonly typeNumbers: Int32Array,
    private readonly mentionCounts: Float64Array,
  ) {
    this.made = new Array<Entity | undefined>(typeNumbers.length);
  }

  get length(): number {
    return this.typeNumbers.length;
  }

  at(position: number): Entity | undefined {
    if (!(position >= 0 && position < this.length)) return undefined;
    let entity = this.made[position];
    if (!entity) {
      const first = this.firstStrings[position] as number;
      const aliases: string[] = [];
      for (let alias = first + 3; alias < (this.firstStrings[position + 1] as number); alias++) aliases.push(this.strings.at(alias) as string);
      entity = {
        id: this.strings.at(first) as string,
        type: this.types[this.typeNumbers[position] as number] as string,
        name: this.strings.at(first + 1) as string,
        aliases,
        description: this.strings.at(first + 2) as string,
        mentionCount: this.mentionCounts[position] as number,
      };
      this.made[position] = entity;
    }
    return entity;
  }

  *[Symbol.iterator](): Iterator<Entity> {
    for (let position = 0; position < this.length; position++) yield this.at(position) as Entity;
  }
}

/** The entities' ids of a file, each cut from its strings when asked for. */
class EntityIds implements StringList {
  constructor(
    private readonly strings: PackedStrings,
    private readonly firstStrings: Int32Array,
  ) {}

  get length(): number {
    return this.firstStrings.length - 1;
  }

  at(position: number): string | undefined {
    return position >= 0 && position < this.length ? this.strings.at(this.firstStrings[position] as number) : undefined;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let position = 0; position < this.length; position++) yield this.at(position) as string;
  }
}

/** The entity index, kept beside a store. */
export const ENTITY_INDEX_FILE: DerivedFileKind<EntityIndex> = { name: 'entity-index', encode: encodeEntityIndex, decode: decodeEntityIndex };
