import type { Relation } from '../core/records.js';
import { idOrderFor, stableIdOrder } from '../core/ids.js';
import type { DerivedFileReader, DerivedFiles, DerivedFileWriter } from '../graph/store.js';
import { entitiesKey } from './relation-summary-file.js';

/** The name a layer's relation records are kept under among a store's derived files. */
export const RELATION_RECORDS_FILE = 'relation-records';

/** Bump when the layout below changes: a file of another layout is not read. */
const LAYOUT = 1;
/** The file's last 8 bytes: the length of the layout before them, then this mark. */
const END_MARK = 0x52524b52;
/** Two records this close in the file are read as one range (the bytes between are read and dropped). */
const RANGE_GAP_BYTES = 4096;

interface Section {
  position: number;
  length: number;
}

interface Layout {
  layout: number;
  /** The entity ids the lists are numbered by, hashed (see entitiesKey). */
  entities: string;
  relationCount: number;
  /** Where each entity's list starts among `listItems` (one more than the entities), Int32. */
  listStarts: Section;
  /** Each entity's relations, as numbers in `listRelations` order, Int32. */
  listItems: Section;
  /** Where each relation's record (JSON) starts, by number, Float64. */
  recordPositions: Section;
  /** Each record's length in bytes, by number, Int32. */
  recordLengths: Section;
  /** Where each evidence sentence's record (JSON) starts, Float64, and its length in bytes, Int32. */
  sentencePositions: Section;
  sentenceLengths: Section;
  /** The same for each set of other fields (a document version's transaction time, say) some relations share. */
  othersPositions: Section;
  othersLengths: Section;
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
    private readonly entityIds: readonly string[],
    private readonly entityIndexById: ReadonlyMap<string, number>,
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
    const numberOf = new Int32Array(count);
    arrival.forEach((given, number) => {
      numberOf[given] = number;
    });
    const entityCount = this.entityIds.length;
    const listStarts = new Int32Array(entityCount + 1);
    const ends = (given: number) => (this.sources[given] === this.targets[given] ? [this.sources[given] as number] : [this.sources[given] as number, this.targets[given] as number]);
    for (let given = 0; given < count; given++) for (const end of ends(given)) listStarts[end + 1] = (listStarts[end + 1] as number) + 1;
    for (let entity = 0; entity < entityCount; entity++) listStarts[entity + 1] = (listStarts[entity + 1] as number) + (listStarts[entity] as number);
    const listItems = new Int32Array(listStarts[entityCount] as number);
    const cursor = listStarts.slice(0, entityCount);
    // Visited by number, each list comes out in listRelations order.
    for (let number = 0; number < count; number++) {
      for (const end of ends(arrival[number] as number)) listItems[(cursor[end] as number)++] = number;
    }
    const recordPositions = new Float64Array(count);
    const recordLengths = new Int32Array(count);
    for (let number = 0; number < count; number++) {
      const given = arrival[number] as number;
      recordPositions[number] = this.positions[given] as number;
      recordLengths[number] = this.lengths[given] as number;
    }
    const section = (array: Int32Array | Float64Array): Section => {
      this.file.append(new Uint8Array(8 - (this.file.size % 8 || 8)));
      const placed = { position: this.file.size, length: array.length };
      this.file.append(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
      return placed;
    };
    const layout: Layout = {
      layout: LAYOUT,
      entities: entitiesKey(this.entityIds),
      relationCount: count,
      listStarts: section(listStarts),
      listItems: section(listItems),
      recordPositions: section(recordPositions),
      recordLengths: section(recordLengths),
      sentencePositions: section(Float64Array.from(this.sentencePositions)),
      sentenceLengths: section(Int32Array.from(this.sentenceLengths)),
      othersPositions: section(Float64Array.from(this.othersPositions)),
      othersLengths: section(Int32Array.from(this.othersLengths)),
    };
    const layoutBytes = this.encoder.encode(JSON.stringify(layout));
    const end = new DataView(new ArrayBuffer(8));
    end.setUint32(0, layoutBytes.length, true);
    end.setUint32(4, END_MARK, true);
    this.file.append(layoutBytes);
    this.file.append(new Uint8Array(end.buffer));
  }
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
    private readonly recordPositions: Float64Array,
    private readonly recordLengths: Int32Array,
    private readonly sentencePositions: Float64Array,
    private readonly sentenceLengths: Int32Array,
    private readonly othersPositions: Float64Array,
    private readonly othersLengths: Int32Array,
    private readonly entityIds: readonly string[],
  ) {}

  /** The records kept in `reader` for the entities `entityIds` numbers, or null when they are not a whole file of this layout for those entities. */
  static open(reader: DerivedFileReader, entityIds: readonly string[]): RelationRecords | null {
    if (reader.size < 8) return null;
    const endBytes = reader.readRanges([{ position: reader.size - 8, length: 8 }])?.[0];
    if (!endBytes) return null;
    const end = new DataView(endBytes.buffer, endBytes.byteOffset, 8);
    const layoutLength = end.getUint32(0, true);
    if (end.getUint32(4, true) !== END_MARK || layoutLength > reader.size - 8) return null;
    let layout: Layout;
    try {
      const [bytes] = reader.readRanges([{ position: reader.size - 8 - layoutLength, length: layoutLength }]) ?? [];
      if (!bytes) return null;
      layout = JSON.parse(new TextDecoder().decode(bytes)) as Layout;
    } catch {
      return null;
    }
    if (layout?.layout !== LAYOUT || layout.entities !== entitiesKey(entityIds)) return null;
    const sections = [layout.listStarts, layout.listItems, layout.recordPositions, layout.recordLengths, layout.sentencePositions, layout.sentenceLengths, layout.othersPositions, layout.othersLengths];
    const widths = [4, 4, 8, 4, 8, 4, 8, 4];
    if (sections.some((part, index) => !part || part.position % 8 !== 0 || part.position + part.length * (widths[index] as number) > reader.size)) return null;
    const bytes = reader.readRanges(sections.map((part, index) => ({ position: part.position, length: part.length * (widths[index] as number) })));
    if (!bytes) return null;
    // Copied into buffers of their own, aligned for typed arrays.
    const int32 = (part: Uint8Array) => new Int32Array(new Uint8Array(part).buffer);
    const listStarts = int32(bytes[0] as Uint8Array);
    const listItems = int32(bytes[1] as Uint8Array);
    const recordPositions = new Float64Array(new Uint8Array(bytes[2] as Uint8Array).buffer);
    const recordLengths = int32(bytes[3] as Uint8Array);
    const sentencePositions = new Float64Array(new Uint8Array(bytes[4] as Uint8Array).buffer);
    const sentenceLengths = int32(bytes[5] as Uint8Array);
    const othersPositions = new Float64Array(new Uint8Array(bytes[6] as Uint8Array).buffer);
    const othersLengths = int32(bytes[7] as Uint8Array);
    const count = layout.relationCount;
    if (listStarts.length !== entityIds.length + 1 || listStarts[entityIds.length] !== listItems.length || recordPositions.length !== count || recordLengths.length !== count) return null;
    if (sentencePositions.length !== sentenceLengths.length || othersPositions.length !== othersLengths.length) return null;
    return new RelationRecords(reader, listStarts, listItems, recordPositions, recordLengths, sentencePositions, sentenceLengths, othersPositions, othersLengths, entityIds);
  }

  /** The relations with an end among the entities (indexes of the entity ids the file was made for), in `listRelations` order; null when the file is gone. */
  read(entityIndexes: Iterable<number>): Relation[] | null {
    const numbers = new Set<number>();
    for (const entity of entityIndexes) {
      const end = this.listStarts[entity + 1] as number;
      for (let slot = this.listStarts[entity] as number; slot < end; slot++) numbers.add(this.listItems[slot] as number);
    }
    const ordered = [...numbers].sort((left, right) => left - right);
    const records = this.readRecords(ordered, this.recordPositions, this.recordLengths) as Map<number, RelationRecord> | null;
    if (!records) return null;
    const sentences = this.readRecords([...new Set([...records.values()].map((record) => record[4]))], this.sentencePositions, this.sentenceLengths) as Map<number, SentenceRecord> | null;
    if (!sentences) return null;
    const othersNumbers = [...new Set([...records.values()].flatMap((record) => (record[10] === undefined ? [] : [record[10]])))];
    const others = this.readRecords(othersNumbers, this.othersPositions, this.othersLengths) as Map<number, Record<string, unknown>> | null;
    if (!others) return null;
    const relations = new Map<number, Relation>();
    for (const [number, [id, type, source, target, sentence, start, end, weight, validFrom, validTo, othersNumber]] of records) {
      const [evidence, chunkId, documentId] = sentences.get(sentence) as SentenceRecord;
      const relation: Relation = { id, type, sourceId: this.entityIds[source] as string, targetId: this.entityIds[target] as string, evidence, chunkId, documentId, start, end, weight, validFrom, validTo };
      relations.set(number, othersNumber === undefined ? relation : Object.assign(relation, others.get(othersNumber)));
    }
    return ordered.map((number) => relations.get(number) as Relation);
  }

  /** The JSON records at these numbers, by number, records near each other in the file read as one range; null when the file is gone. */
  private readRecords(numbers: readonly number[], positions: Float64Array, lengths: Int32Array): Map<number, unknown> | null {
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

/** The relation records kept among `files` for these entities, or null when none are (or the store keeps no such files). */
export async function keptRelationRecords(files: DerivedFiles, entityIds: readonly string[]): Promise<RelationRecords | null> {
  const reader = files.openReader ? await files.openReader(RELATION_RECORDS_FILE) : null;
  return reader ? RelationRecords.open(reader, entityIds) : null;
}
