import type { Positions, StringList } from './index-lookups.js';
import type { Relation } from '../core/records.js';
import { idOrderFor, stableIdOrder } from '../core/ids.js';
import { pack, unpack } from '../core/packed-file.js';
import type { DerivedFileReader, DerivedFiles, DerivedFileWriter } from '../graph/store.js';
import { idsKey } from './ids-key.js';

/** The name a layer's relation records are kept under among a store's derived files. */
export const RELATION_RECORDS_FILE = 'relation-records';

/** Bump when the layout below changes: a file of another layout is not read. */
const LAYOUT = 3;
/** The file ends with where its tables start (8 bytes, a float) and this mark (4 bytes). */
const END_MARK = 0x52524b52;
const END_BYTES = 12;
/** Two records this close in the file are read as one range (the bytes between are read and dropped). */
const RANGE_GAP_BYTES = 4096;

/**
 * The file's tables, packed (core/packed-file) after the records: the header says which layout,
 * entities and chunks they are of; the arrays, in this order, are where each entity's list starts among
 * the list items (one more than the entities) and the items (relation numbers in `listRelations` order),
 * then, for relations by number, for evidence sentences and for sets of other fields, where each
 * record (JSON) starts and its length in bytes, then each chunk's list of the relations read from it
 * (where each starts, and the items), as the entities' lists are.
 */
interface TablesHeader {
  layout: number;
  /** The entity ids the lists are numbered by, hashed (see idsKey). */
  entities: string;
  /** The chunk ids the chunks' lists are numbered by, hashed the same way. */
  chunks: string;
  /** False when a relation was read from a chunk outside those ids: the chunks' lists then do not hold every relation. */
  everyChunkListed: boolean;
}

/** Where the JSON records of one kind lie in the file, by number. */
interface RecordTable {
  positions: Float64Array;
  lengths: Int32Array;
}

/** The fields every relation has, in the order a record lists them; the other fields a relation carries are an object of their own, shared by the relations that carry the same. */
type RelationRecord = [id: string, type: string, source: number, target: number, sentence: number, start: number, end: number, weight: number, validFrom: string | null, validTo: string | null, others?: number];
/** The sentence a relation's evidence is, shared by the relations read from it. */
type SentenceRecord = [evidence: string, chunkId: string, documentId: string];
const RECORD_FIELDS = new Set(['id', 'type', 'sourceId', 'targetId', 'evidence', 'chunkId', 'documentId', 'start', 'end', 'weight', 'validFrom', 'validTo']);

/**
 * Writes the relations of a layer, as a pass over them gives them, into one file read by neighbourhood:
 * each relation's record (JSON, its ends as entity indexes) and, the first time one is met, its
 * evidence sentence's (the relations a sentence gives share one), as they come; then, on `finish`, the
 * relations numbered in `listRelations` order, each entity's list of its relations and where each
 * record lies. A relation with an end outside the entity index is left out (no search reads it).
 */
export class RelationRecordsWriter {
  private readonly ids: string[] = [];
  private readonly sources: number[] = [];
  private readonly targets: number[] = [];
  private readonly chunks: number[] = [];
  private everyChunkListed = true;
  private readonly positions: number[] = [];
  private readonly lengths: number[] = [];
  private readonly sentenceOf = new Map<string, Array<{ documentId: string; length: number; hash: number; number: number }>>();
  private readonly sentencePositions: number[] = [];
  private readonly sentenceLengths: number[] = [];
  private readonly othersOf = new Map<string, number>();
  private readonly othersPositions: number[] = [];
  private readonly othersLengths: number[] = [];
  private lastOthers: { others: Record<string, unknown>; number: number } | null = null;
  private readonly encoder = new TextEncoder();

  constructor(
    private readonly file: DerivedFileWriter,
    private readonly entityIds: StringList,
    private readonly entityIndexById: Positions,
    private readonly chunkIds: StringList,
    private readonly chunkIndexById: Positions,
  ) {}

  add(relation: Relation): void {
    const source = this.entityIndexById.get(relation.sourceId);
    const target = this.entityIndexById.get(relation.targetId);
    if (source === undefined || target === undefined) return;
    const { id, type, start, end, weight, validFrom, validTo } = relation;
    const record: RelationRecord = [id, type, source, target, this.sentenceNumber(relation), start, end, weight, validFrom, validTo];
    const others = this.othersNumber(relation);
    if (others !== null) record.push(others);
    const bytes = this.encoder.encode(JSON.stringify(record));
    this.ids.push(id);
    this.sources.push(source);
    this.targets.push(target);
    const chunk = this.chunkIndexById.get(relation.chunkId);
    if (chunk === undefined) this.everyChunkListed = false;
    this.chunks.push(chunk ?? -1);
    this.positions.push(this.file.size);
    this.lengths.push(bytes.length);
    this.file.append(bytes);
  }

  /** The number of the relation's evidence sentence, written the first time it is met. */
  private sentenceNumber({ evidence, chunkId, documentId, start, end }: Relation): number {
    // By span; the document, length and a hash of the text tell apart what else one span gave, without holding the text.
    const span = `${chunkId}:${start}:${end}`;
    const hash = textHash(evidence);
    let candidates = this.sentenceOf.get(span);
    if (!candidates) this.sentenceOf.set(span, (candidates = []));
    for (const candidate of candidates) {
      if (candidate.documentId === documentId && candidate.length === evidence.length && candidate.hash === hash) return candidate.number;
    }
    const number = this.sharedRecord(JSON.stringify([evidence, chunkId, documentId] satisfies SentenceRecord), this.sentencePositions, this.sentenceLengths);
    candidates.push({ documentId, length: evidence.length, hash, number });
    return number;
  }

  /** The number of the relation's other fields (its history), null when it has none; written the first time they are met. */
  private othersNumber(relation: Relation): number | null {
    const last = this.lastOthers;
    if (last && sameOthers(relation, last.others)) return last.number;
    const others: Record<string, unknown> = {};
    let key = '';
    for (const field in relation) {
      if (RECORD_FIELDS.has(field)) continue;
      const value = relation[field as keyof Relation];
      others[field] = value;
      key += `${field}\u0000${typeof value}\u0000${String(value)}\u0000`;
    }
    if (key === '') return null;
    let number = this.othersOf.get(key);
    if (number === undefined) {
      number = this.sharedRecord(JSON.stringify(others), this.othersPositions, this.othersLengths);
      this.othersOf.set(key, number);
    }
    this.lastOthers = { others, number };
    return number;
  }

  /** Writes a shared record and gives its number. */
  private sharedRecord(json: string, positions: number[], lengths: number[]): number {
    const bytes = this.encoder.encode(json);
    positions.push(this.file.size);
    lengths.push(bytes.length);
    this.file.append(bytes);
    return positions.length - 1;
  }

  /** Writes the lists and positions after the records and keeps the file; nothing is kept when that fails. */
  async finish(): Promise<void> {
    try {
      this.writeTables();
      await this.file.commit();
    } catch (error) {
      this.file.abort();
      throw error;
    }
  }

  abort(): void {
    this.file.abort();
  }

  private writeTables(): void {
    const count = this.ids.length;
    // Number n is the relation n-th in listRelations order; `arrival[n]` is where the pass gave it.
    const arrival = stableIdOrder(this.ids) ?? Uint32Array.from(this.ids.keys()).sort(comparing(this.ids));
    const ends = (given: number) => (this.sources[given] === this.targets[given] ? [this.sources[given] as number] : [this.sources[given] as number, this.targets[given] as number]);
    const [listStarts, listItems] = numberedLists(this.entityIds.length, count, arrival, ends);
    const chunk = (given: number) => ((this.chunks[given] as number) < 0 ? [] : [this.chunks[given] as number]);
    const [chunkStarts, chunkItems] = numberedLists(this.chunkIds.length, count, arrival, chunk);
    const recordPositions = new Float64Array(count);
    const recordLengths = new Int32Array(count);
    for (let number = 0; number < count; number++) {
      const given = arrival[number] as number;
      recordPositions[number] = this.positions[given] as number;
      recordLengths[number] = this.lengths[given] as number;
    }
    const header: TablesHeader = { layout: LAYOUT, entities: idsKey(this.entityIds), chunks: idsKey(this.chunkIds), everyChunkListed: this.everyChunkListed };
    const tables = pack(header, [
      listStarts,
      listItems,
      recordPositions,
      recordLengths,
      Float64Array.from(this.sentencePositions),
      Int32Array.from(this.sentenceLengths),
      Float64Array.from(this.othersPositions),
      Int32Array.from(this.othersLengths),
      chunkStarts,
      chunkItems,
    ]);
    // Aligned, so that the tables read back into a buffer of their own are views with no copy.
    this.file.append(new Uint8Array(8 - (this.file.size % 8 || 8)));
    const end = new DataView(new ArrayBuffer(END_BYTES));
    end.setFloat64(0, this.file.size, true);
    end.setUint32(8, END_MARK, true);
    this.file.append(tables);
    this.file.append(new Uint8Array(end.buffer));
  }
}

/**
 * Lists of relation numbers, one per owner (an entity, a chunk), as where each list starts among the
 * items (one more than the owners) and the items: each relation is in the lists of the owners `ownersOf`
 * gives for it where the pass gave it, and visited by number, each list comes out in listRelations order.
 */
function numberedLists(ownerCount: number, count: number, arrival: ArrayLike<number>, ownersOf: (given: number) => number[]): [Int32Array, Int32Array] {
  const starts = new Int32Array(ownerCount + 1);
  for (let given = 0; given < count; given++) for (const owner of ownersOf(given)) starts[owner + 1] = (starts[owner + 1] as number) + 1;
  for (let owner = 0; owner < ownerCount; owner++) starts[owner + 1] = (starts[owner + 1] as number) + (starts[owner] as number);
  const items = new Int32Array(starts[ownerCount] as number);
  const cursor = starts.slice(0, ownerCount);
  for (let number = 0; number < count; number++) {
    for (const owner of ownersOf(arrival[number] as number)) items[(cursor[owner] as number)++] = number;
  }
  return [starts, items];
}

/** True when the relation's fields beyond those every record lists are `others`, no more and no fewer. */
function sameOthers(relation: Relation, others: Record<string, unknown>): boolean {
  let count = 0;
  for (const field in relation) {
    if (RECORD_FIELDS.has(field)) continue;
    if (!(field in others) || others[field] !== relation[field as keyof Relation]) return false;
    count += 1;
  }
  return count > 0 && count === Object.keys(others).length;
}

/** FNV-1a over the text's UTF-16 code units: a 32-bit hash telling sentences of one span apart. */
function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

function comparing(ids: readonly string[]): (left: number, right: number) => number {
  const order = idOrderFor(ids);
  return (left, right) => order(ids[left] as string, ids[right] as string) || left - right;
}

/**
 * A layer's relation records kept beside the store: the lists and positions held (a few bytes per
 * relation), each record read from the file when a search asks for an entity's relations.
 */
export class RelationRecords {
  private readonly decoder = new TextDecoder();

  private constructor(
    private readonly reader: DerivedFileReader,
    private readonly listStarts: Int32Array,
    private readonly listItems: Int32Array,
    private readonly relations: RecordTable,
    private readonly sentences: RecordTable,
    private readonly others: RecordTable,
    private readonly entityIds: StringList,
    /** Each chunk's relations, null when the file does not list every relation by chunk. */
    private readonly chunkLists: { starts: Int32Array; items: Int32Array } | null,
  ) {}

  /** The records kept in `reader` for the entities `entityIds` and chunks `chunkIds` number, or null when they are not a whole file of this layout for those. */
  static open(reader: DerivedFileReader, entityIds: StringList, chunkIds: StringList): RelationRecords | null {
    if (reader.size < END_BYTES) return null;
    const endBytes = reader.readRanges([{ position: reader.size - END_BYTES, length: END_BYTES }])?.[0];
    if (!endBytes) return null;
    const end = new DataView(endBytes.buffer, endBytes.byteOffset, END_BYTES);
    const tablesAt = end.getFloat64(0, true);
    if (end.getUint32(8, true) !== END_MARK || !Number.isInteger(tablesAt) || tablesAt < 0 || tablesAt > reader.size - END_BYTES) return null;
    const tables = unpack(reader.readRanges([{ position: tablesAt, length: reader.size - END_BYTES - tablesAt }])?.[0] ?? null);
    const header = tables?.header as TablesHeader | undefined;
    if (!tables || header?.layout !== LAYOUT || header.entities !== idsKey(entityIds) || header.chunks !== idsKey(chunkIds)) return null;
    const [listStarts, listItems, recordPositions, recordLengths, sentencePositions, sentenceLengths, othersPositions, othersLengths, chunkStarts, chunkItems] = tables.arrays;
    const lists = (starts: unknown, items: unknown, owners: number) => starts instanceof Int32Array && items instanceof Int32Array && starts.length === owners + 1 && starts[owners] === items.length;
    if (!lists(listStarts, listItems, entityIds.length) || !lists(chunkStarts, chunkItems, chunkIds.length)) return null;
    const table = (positions: unknown, lengths: unknown): RecordTable | null =>
      positions instanceof Float64Array && lengths instanceof Int32Array && positions.length === lengths.length ? { positions, lengths } : null;
    const relations = table(recordPositions, recordLengths);
    const sentences = table(sentencePositions, sentenceLengths);
    const others = table(othersPositions, othersLengths);
    if (!relations || !sentences || !others) return null;
    const chunkLists = header.everyChunkListed === true ? { starts: chunkStarts as Int32Array, items: chunkItems as Int32Array } : null;
    return new RelationRecords(reader, listStarts as Int32Array, listItems as Int32Array, relations, sentences, others, entityIds, chunkLists);
  }

  /** The relations with an end among the entities (indexes of the entity ids the file was made for), in `listRelations` order; null when the file is gone. */
  read(entityIndexes: Iterable<number>): Relation[] | null {
    return this.readListed(entityIndexes, this.listStarts, this.listItems);
  }

  /**
   * The relations read from the chunks (indexes of the chunk ids the file was made for), in `listRelations` order; null when
   * the file is gone or does not list every relation by chunk.
   */
  readStatedIn(chunkIndexes: Iterable<number>): Relation[] | null {
    return this.chunkLists ? this.readListed(chunkIndexes, this.chunkLists.starts, this.chunkLists.items) : null;
  }

  /** The relations of the owners' lists, in `listRelations` order; null when the file is gone. */
  private readListed(owners: Iterable<number>, starts: Int32Array, items: Int32Array): Relation[] | null {
    const numbers = new Set<number>();
    for (const owner of owners) {
      const end = starts[owner + 1] as number;
      for (let slot = starts[owner] as number; slot < end; slot++) numbers.add(items[slot] as number);
    }
    const ordered = [...numbers].sort((left, right) => left - right);
    const records = this.readRecords(ordered, this.relations) as Map<number, RelationRecord> | null;
    if (!records) return null;
    const sentences = this.readRecords([...new Set([...records.values()].map((record) => record[4]))], this.sentences) as Map<number, SentenceRecord> | null;
    if (!sentences) return null;
    const othersNumbers = [...new Set([...records.values()].flatMap((record) => (record[10] === undefined ? [] : [record[10]])))];
    const others = this.readRecords(othersNumbers, this.others) as Map<number, Record<string, unknown>> | null;
    if (!others) return null;
    const relations = new Map<number, Relation>();
    for (const [number, [id, type, source, target, sentence, start, end, weight, validFrom, validTo, othersNumber]] of records) {
      const [evidence, chunkId, documentId] = sentences.get(sentence) as SentenceRecord;
      const relation: Relation = { id, type, sourceId: this.entityIds.at(source) as string, targetId: this.entityIds.at(target) as string, evidence, chunkId, documentId, start, end, weight, validFrom, validTo };
      relations.set(number, othersNumber === undefined ? relation : Object.assign(relation, others.get(othersNumber)));
    }
    return ordered.map((number) => relations.get(number) as Relation);
  }

  /** The JSON records at these numbers, by number, records near each other in the file read as one range; null when the file is gone. */
  private readRecords(numbers: readonly number[], { positions, lengths }: RecordTable): Map<number, unknown> | null {
    const byPosition = [...numbers].sort((left, right) => (positions[left] as number) - (positions[right] as number));
    const ranges: Array<{ position: number; length: number; numbers: number[] }> = [];
    for (const number of byPosition) {
      const position = positions[number] as number;
      const length = lengths[number] as number;
      const last = ranges[ranges.length - 1];
      if (last && position - (last.position + last.length) <= RANGE_GAP_BYTES) {
        last.length = Math.max(last.length, position + length - last.position);
        last.numbers.push(number);
      } else ranges.push({ position, length, numbers: [number] });
    }
    const bytes = this.reader.readRanges(ranges);
    if (!bytes) return null;
    const records = new Map<number, unknown>();
    ranges.forEach((range, index) => {
      const read = bytes[index] as Uint8Array;
      for (const number of range.numbers) {
        const from = (positions[number] as number) - range.position;
        records.set(number, JSON.parse(this.decoder.decode(read.subarray(from, from + (lengths[number] as number)))));
      }
    });
    return records;
  }
}

/** The relation records kept among `files` for these entities and chunks, or null when none are (or the store keeps no such files). */
export async function keptRelationRecords(files: DerivedFiles, entityIds: StringList, chunkIds: StringList): Promise<RelationRecords | null> {
  const reader = files.openReader ? await files.openReader(RELATION_RECORDS_FILE) : null;
  return reader ? RelationRecords.open(reader, entityIds, chunkIds) : null;
}
