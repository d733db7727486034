import type { GraphStore } from '../graph/store.js';

/** A kind of file derived from the entity layer: the name it is kept under, and how it is written and read (null for bytes that are not a whole file of this kind). */
export interface DerivedFileKind<T> {
  name: string;
  encode(value: T): Uint8Array;
  decode(bytes: Uint8Array | null): T | null;
}

/**
 * What is kept under the kind's name beside the store for this version of its layer (see
 * GraphStore.derivedFiles), or else what `make` gives, then kept for the next process. A store that
 * keeps no files (Neo4j, a time slice) or a folder it cannot write to keeps none: it is made each time.
 */
export async function keptOrMade<T>(store: GraphStore, kind: DerivedFileKind<T>, make: () => Promise<T>): Promise<T> {
  const files = await store.derivedFiles();
  const kept = files ? kind.decode(await files.read(kind.name)) : null;
  if (kept) return kept;
  const made = await make();
  await files?.write(kind.name, kind.encode(made)).catch(() => undefined);
  return made;
}
