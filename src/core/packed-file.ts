/** A typed array a packed file holds. */
export type PackedArray = Int32Array | Float64Array | Uint8Array;

interface PackedLayout {
  header: unknown;
  /** Each array's kind and length, in order. */
  arrays: Array<{ kind: ArrayKind; length: number }>;
}

type ArrayKind = 'i32' | 'f64' | 'u8';

const BYTES_PER_ITEM: Record<ArrayKind, number> = { i32: 4, f64: 8, u8: 1 };

function kindOf(array: PackedArray): ArrayKind {
  return array instanceof Int32Array ? 'i32' : array instanceof Float64Array ? 'f64' : 'u8';
}

/** What a packed file holds: its JSON header and its typed arrays, in the order they were packed. */
export interface Unpacked {
  header: unknown;
  arrays: PackedArray[];
}

/**
 * Bytes holding a JSON header and typed arrays (32-bit integers, doubles or bytes), for files derived from a store: a 4-byte length,
 * the layout (the header and each array's kind and length) as JSON, then each array at an offset
 * aligned to 8 bytes, little-endian as typed arrays are on every platform Node runs on.
 */
export function pack(header: unknown, arrays: readonly PackedArray[]): Uint8Array {
  const layout: PackedLayout = { header, arrays: arrays.map((array) => ({ kind: kindOf(array), length: array.length })) };
  const layoutBytes = new TextEncoder().encode(JSON.stringify(layout));
  let size = align8(4 + layoutBytes.length);
  for (const array of arrays) size = align8(size + array.byteLength);
  const bytes = new Uint8Array(size);
  new DataView(bytes.buffer).setUint32(0, layoutBytes.length, true);
  bytes.set(layoutBytes, 4);
  let offset = align8(4 + layoutBytes.length);
  for (const array of arrays) {
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), offset);
    offset = align8(offset + array.byteLength);
  }
  return bytes;
}

/** What `pack` wrote in these bytes, or null when they are not one whole packed file. */
export function unpack(bytes: Uint8Array | null): Unpacked | null {
  if (bytes === null || bytes.length < 4) return null;
  const layoutLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.length).getUint32(0, true);
  if (4 + layoutLength > bytes.length) return null;
  let layout: PackedLayout;
  try {
    layout = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + layoutLength))) as PackedLayout;
  } catch {
    return null;
  }
  if (!Array.isArray(layout.arrays)) return null;
  let size = align8(4 + layoutLength);
  for (const { kind, length } of layout.arrays) {
    if (!Object.hasOwn(BYTES_PER_ITEM, kind) || !Number.isInteger(length) || length < 0) return null;
    size = align8(size + length * BYTES_PER_ITEM[kind]);
  }
  if (size !== bytes.length) return null;
  // Typed arrays need aligned offsets: a buffer read from a file may be a view into a shared pool, at any offset.
  const aligned = bytes.byteOffset % 8 === 0 ? bytes : Uint8Array.from(bytes);
  let offset = align8(4 + layoutLength);
  const arrays = layout.arrays.map(({ kind, length }) => {
    const at = aligned.byteOffset + offset;
    const array = kind === 'i32' ? new Int32Array(aligned.buffer, at, length) : kind === 'f64' ? new Float64Array(aligned.buffer, at, length) : new Uint8Array(aligned.buffer, at, length);
    offset = align8(offset + array.byteLength);
    return array;
  });
  return { header: layout.header, arrays };
}

/** A packed file's arrays by the names written for them, in order; null when it holds another number of arrays. */
export function arraysByName<Name extends string>(unpacked: Unpacked, names: readonly Name[]): Record<Name, PackedArray> | null {
  if (unpacked.arrays.length !== names.length) return null;
  return Object.fromEntries(names.map((name, position) => [name, unpacked.arrays[position]])) as Record<Name, PackedArray>;
}

function align8(offset: number): number {
  return Math.ceil(offset / 8) * 8;
}

/** True when every value is an index below `count`. */
export function allBelow(values: Int32Array, count: number): boolean {
  // An indexed loop: iterating a typed array with for…of is several times slower on millions of items.
  for (let position = 0; position < values.length; position++) {
    const value = values[position] as number;
    if (value < 0 || value >= count) return false;
  }
  return true;
}

/** Lists of indexes as two arrays: where each list starts in `items` (one more than the lists, the last the items' length), and the items in list order. */
export function packLists(lists: ReadonlyArray<readonly number[]>): [Int32Array, Int32Array] {
  const offsets = new Int32Array(lists.length + 1);
  lists.forEach((list, position) => {
    offsets[position + 1] = (offsets[position] as number) + list.length;
  });
  const items = new Int32Array(offsets[lists.length] as number);
  lists.forEach((list, position) => items.set(list, offsets[position] as number));
  return [offsets, items];
}

/** The lists `packLists` made, or null when the arrays are not such lists of indexes below `bound`. */
export function unpackLists(offsets: PackedArray | undefined, items: PackedArray | undefined, bound: number): number[][] | null {
  if (!(offsets instanceof Int32Array && items instanceof Int32Array) || offsets.length === 0 || offsets[0] !== 0 || offsets[offsets.length - 1] !== items.length || !allBelow(items, bound)) return null;
  const lists: number[][] = [];
  for (let position = 0; position < offsets.length - 1; position++) {
    const start = offsets[position] as number;
    const end = offsets[position + 1] as number;
    if (end < start) return null;
    const list: number[] = [];
    for (let item = start; item < end; item++) list.push(items[item] as number);
    lists.push(list);
  }
  return lists;
}

/** True when the arrays are `count` lists of indexes below `bound` as `packLists` writes them (nothing is copied). */
export function arePackedLists(offsets: PackedArray | undefined, items: PackedArray | undefined, count: number, bound: number): offsets is Int32Array {
  if (!(offsets instanceof Int32Array && items instanceof Int32Array) || offsets.length !== count + 1 || offsets[0] !== 0 || offsets[count] !== items.length) return false;
  for (let position = 0; position < count; position++) if ((offsets[position + 1] as number) < (offsets[position] as number)) return false;
  return allBelow(items, bound);
}

/**
 * Strings as two arrays: their UTF-8 bytes one after another, and each one's length in bytes, by which
 * `unpackStrings` finds each string without decoding the others. A lone surrogate, which UTF-8 cannot hold,
 * is written as U+FFFD.
 */
export function packStrings(strings: Iterable<string>): [Uint8Array, Int32Array] {
  const list = Array.isArray(strings) ? (strings as readonly string[]) : [...strings];
  // One byte a code unit for ASCII text; the buffer doubles when a string does not fit (at most three bytes a code unit).
  let bytes = new Uint8Array(list.reduce((sum, text) => sum + text.length, 0) + 64);
  const lengths = new Int32Array(list.length);
  const encoder = new TextEncoder();
  let at = 0;
  list.forEach((text, position) => {
    while (bytes.length - at < 3 * text.length) {
      const larger = new Uint8Array(2 * bytes.length);
      larger.set(bytes.subarray(0, at));
      bytes = larger;
    }
    const { written } = encoder.encodeInto(text, bytes.subarray(at));
    lengths[position] = written;
    at += written;
  });
  return [bytes.slice(0, at), lengths];
}

/**
 * Strings read back by `unpackStrings`: their UTF-8 bytes and where each starts. A string is decoded when
 * first asked for, so reading half a million names decodes none of them until a query asks for a few.
 */
export class PackedStrings {
  private readonly text: Buffer;
  /** Strings decoded so far, kept: a search halving through sorted keys asks for the same middle keys again and again. */
  private readonly decoded: Array<string | undefined> = [];

  constructor(
    bytes: Uint8Array,
    private readonly starts: Int32Array,
    private readonly first = 0,
    readonly length = starts.length - 1,
  ) {
    this.text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** The string at `position` (undefined outside the strings). */
  at(position: number): string | undefined {
    if (!(position >= 0 && position < this.length)) return undefined;
    let text = this.decoded[position];
    if (text === undefined) {
      const start = this.first + position;
      text = this.text.toString('utf8', this.starts[start], this.starts[start + 1]);
      this.decoded[position] = text;
    }
    return text;
  }

  /** The `length` strings from `first` on, as strings of their own (the same bytes, nothing copied). */
  view(first: number, length: number): PackedStrings {
    if (first < 0 || length < 0 || first + length > this.length) throw new RangeError(`strings ${first}–${first + length} of ${this.length}`);
    return new PackedStrings(this.text, this.starts, this.first + first, length);
  }

  toArray(): string[] {
    return Array.from({ length: this.length }, (_, position) => this.at(position) as string);
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let position = 0; position < this.length; position++) yield this.at(position) as string;
  }
}

/** The strings `packStrings` wrote, or null when the arrays are not such strings. */
export function unpackStrings(bytes: PackedArray | undefined, lengths: PackedArray | undefined): PackedStrings | null {
  if (!(bytes instanceof Uint8Array && lengths instanceof Int32Array)) return null;
  const starts = new Int32Array(lengths.length + 1);
  for (let position = 0; position < lengths.length; position++) {
    const length = lengths[position] as number;
    const end = (starts[position] as number) + length;
    if (length < 0 || end > bytes.length) return null;
    starts[position + 1] = end;
  }
  return starts[lengths.length] === bytes.length ? new PackedStrings(bytes, starts) : null;
}
