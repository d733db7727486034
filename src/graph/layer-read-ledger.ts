/**
 * Remembers which reads of the entity layer a store handed out since its last change to that layer,
 * so that a write given one of them back (IndexWrite.storedLayer) can compare with it instead of
 * reading the whole layer again. A read is current only if this store made it and nothing has
 * written the layer (an index write, an invalidation, a schema change) since.
 */
export class LayerReadLedger {
  private generation = 0;
  private readonly generationOf = new WeakMap<object, number>();

  /** Marks a read made now as current; returns it. */
  track<Read extends object>(read: Read): Read {
    this.generationOf.set(read, this.generation);
    return read;
  }

  /** True when this store made `read` and has not written the layer since. */
  isCurrent(read: object | undefined): boolean {
    return read !== undefined && this.generationOf.get(read) === this.generation;
  }

  /** The layer is being written: every earlier read is stale. */
  invalidate(): void {
    this.generation += 1;
  }
}
