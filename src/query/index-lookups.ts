import { arePackedLists, type PackedArray } from '../core/packed-file.js';
import type { Entity } from '../core/records.js';

/**
 * The lookups an entity index is read through. Built from a store they are plain maps and arrays;
 * read from a kept file they stay in the file's typed arrays, and a list or a key is worked out
 * when asked for: a query reads a few hundred of them, never the half a million a large layer holds.
 */

/** Strings by position: an array, or strings decoded from a file's bytes when asked for (`PackedStrings`). */
export interface StringList extends Iterable<string> {
  readonly length: number;
  /** The string at a position from 0 (undefined outside the list). */
  at(position: number): string | undefined;
}

/** Entities by position: an array, or entities made from a file's strings when asked for. */
export interface EntityList extends Iterable<Entity> {
  readonly length: number;
  /** The entity at a position from 0 (undefined outside the list). */
  at(position: number): Entity | undefined;
}

/** Lists of indexes by position (each entity's chunks, each chunk's entities). */
export interface IndexLists {
  readonly length: number;
  /** How many items the list at `position` holds (0 outside the lists). */
  sizeOf(position: number): number;
  /** The list at `position` (empty outside the lists). */
  get(position: number): readonly number[];
}

/** Values by key, and every key (a map when built, a kept file's keys searched by halving when read back). */
export interface KeyedLookup<T> {
  get(key: string): T | undefined;
  /** Every key, in the order the index was built. */
  keys(): Iterable<string>;
}

/** Lists of indexes by key (a name's entities, a name word's entities). */
export type KeyedIndexes = KeyedLookup<readonly number[]>;

/** A count by key (how many evidence sentences hold a stem). */
export interface KeyedCounts {
  get(key: string): number | undefined;
  /** Every key with its count, in the order they were counted. */
  entries(): Iterable<[string, number]>;
}

/** A position by id (an entity's, a chunk's). */
export interface Positions {
  get(id: string): number | undefined;
  has(id: string): boolean;
}

const NO_ITEMS: readonly number[] = Object.freeze([]);

/** Items of an array by position, undefined outside it (where an array's own `at` counts back from the end). */
export class ArrayList<T> {
  constructor(private readonly items: readonly T[]) {}

  get length(): number {
    return this.items.length;
  }

  at(position: number): T | undefined {
    return position >= 0 ? this.items[position] : undefined;
  }

  [Symbol.iterator](): Iterator<T> {
    return this.items[Symbol.iterator]();
  }
}

/** Lists held as arrays. */
export class ArrayLists implements IndexLists {
  constructor(private readonly lists: ReadonlyArray<readonly number[]>) {}

  get length(): number {
    return this.lists.length;
  }

  sizeOf(position: number): number {
    return this.lists[position]?.length ?? 0;
  }

  get(position: number): readonly number[] {
    return this.lists[position] ?? NO_ITEMS;
  }
}

/** Lists packed as `packLists` writes them (where each starts, then every item); a list becomes an array on first use. */
export class PackedLists implements IndexLists {
  private readonly read: Array<readonly number[] | undefined>;

  constructor(
    private readonly starts: Int32Array,
    private readonly items: Int32Array,
  ) {
    this.read = new Array<readonly number[] | undefined>(starts.length - 1);
  }

  /** The `count` lists of indexes below `bound` that a file's arrays hold, or null when they are not such lists. */
  static fromFile(starts: PackedArray | undefined, items: PackedArray | undefined, count: number, bound: number): PackedLists | null {
    return arePackedLists(starts, items, count, bound) ? new PackedLists(starts, items as Int32Array) : null;
  }

  get length(): number {
    return this.starts.length - 1;
  }

  sizeOf(position: number): number {
    if (!(position >= 0 && position < this.length)) return 0;
    return (this.starts[position + 1] as number) - (this.starts[position] as number);
  }

  get(position: number): readonly number[] {
    if (!(position >= 0 && position < this.length)) return NO_ITEMS;
    let list = this.read[position];
    if (!list) {
      list = Array.from(this.items.subarray(this.starts[position] as number, this.starts[position + 1] as number));
      this.read[position] = list;
    }
    return list;
  }
}

/** Each key's position, the last of equal keys winning (a loop: a map made from pairs costs twice as much at half a million keys). */
export function positionsOf(keys: StringList): Map<string, number> {
  const positions = new Map<string, number>();
  let position = 0;
  for (const key of keys) positions.set(key, position++);
  return positions;
}

/** The positions of `keys` in the order of the keys themselves (code-unit order, equal keys by position): what `SortedKeys` searches. */
export function keyOrder(keys: StringList): Int32Array {
  const list = Array.isArray(keys) ? (keys as readonly string[]) : [...keys];
  const order = Int32Array.from(list.keys());
  order.sort((left, right) => {
    const a = list[left] as string;
    const b = list[right] as string;
    return a < b ? -1 : a > b ? 1 : left - right;
  });
  return order;
}

/** How many keys a `SortedKeys` remembers the position of (or that it holds none) before it starts again: a memory bound for a long-running server, not a tuning. */
const REMEMBERED_KEYS = 500_000;

/** Keys searched by halving through their order (see `keyOrder`): as a map from key to position, where the last of equal keys wins, without building one. */
export class SortedKeys implements Positions {
  /** Positions found so far: the same ids are asked for again (a relation's ends, each time a path reaches it). */
  private readonly found = new Map<string, number | undefined>();

  constructor(
    readonly keys: StringList,
    private readonly order: Int32Array,
  ) {}

  /** The keys searched through an order read from a file, or null when it is not an order of them (see `orders`). */
  static fromFile(keys: StringList, order: PackedArray | undefined): SortedKeys | null {
    return order instanceof Int32Array && SortedKeys.orders(keys, order) ? new SortedKeys(keys, order) : null;
  }

  /**
   * True when `order` holds every key's position once: a file read back is checked so before it is searched. Whether it
   * is sorted is not checked (comparing every key costs more than reading them): a search through a wrong order finds
   * nothing, never another key's position, since the key found is compared with the key asked.
   */
  static orders(keys: StringList, order: Int32Array): boolean {
    if (order.length !== keys.length) return false;
    const seen = new Uint8Array(keys.length);
    for (const position of order) {
      if (!(position >= 0 && position < keys.length) || seen[position] === 1) return false;
      seen[position] = 1;
    }
    return true;
  }

  get(key: string): number | undefined {
    if (this.found.has(key)) return this.found.get(key);
    const position = this.search(key);
    if (this.found.size >= REMEMBERED_KEYS) this.found.clear();
    this.found.set(key, position);
    return position;
  }

  private search(key: string): number | undefined {
    let low = 0;
    let high = this.order.length;
    // The first rank whose key is past `key`: the rank before it holds the last of the keys equal to it, if any.
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.keys.at(this.order[middle] as number) as string) <= key) low = middle + 1;
      else high = middle;
    }
    if (low === 0) return undefined;
    const position = this.order[low - 1] as number;
    return this.keys.at(position) === key ? position : undefined;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }
}

/** Lists of indexes by key, searched in sorted keys: each key once, its list at the key's position. */
export class PackedKeyedIndexes implements KeyedIndexes {
  constructor(
    private readonly sorted: SortedKeys,
    private readonly lists: IndexLists,
  ) {}

  get(key: string): readonly number[] | undefined {
    const position = this.sorted.get(key);
    return position === undefined ? undefined : this.lists.get(position);
  }

  keys(): Iterable<string> {
    return this.sorted.keys;
  }
}

/** Counts by key, searched in sorted keys: each key once, its count at the key's position. */
export class PackedCounts implements KeyedCounts {
  constructor(
    private readonly sorted: SortedKeys,
    private readonly counts: Int32Array,
  ) {}

  get(key: string): number | undefined {
    const position = this.sorted.get(key);
    return position === undefined ? undefined : this.counts[position];
  }

  *entries(): Iterable<[string, number]> {
    let position = 0;
    for (const key of this.sorted.keys) yield [key, this.counts[position++] as number];
  }
}
