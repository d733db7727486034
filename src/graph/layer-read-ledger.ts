import type { StoredLayer } from './store.js';

/**
 * Remembers which reads of the entity layer a store handed out since its last change to that layer,
 * so that a write given one of them back (IndexWrite.storedLayer) can compare with it instead of
 * reading the whole layer again. A read is current only if this store made it and nothing has
 * written the layer (an index write, an invalidation, a schema change) since. It keeps the layer the
 * store last wrote too, in the form a read gives back (see `remember`), until the layer changes again.
 */
export class LayerReadLedger {
  private generation = 0;
  private readonly generationOf = new WeakMap<object, number>();
  private written: { generation: number; layer: StoredLayer } | null = null;

  /** Marks a read made now as current; returns it. */
  track<Read extends object>(read: Read): Read {
    this.generationOf.set(read, this.generation);
    return read;
  }

  /** True when this store made `read` and has not written the layer since. */
  isCurrent(read: object | undefined): boolean {
    return read !== undefined && this.generationOf.get(read) === this.generation;
  }

  /** The layer is being written: every earlier read is stale, and so is the layer remembered. */
  invalidate(): void {
    this.generation += 1;
    this.written = null;
  }

  /**
   * Keeps the layer a write just landed (after its `invalidate`), as a read would give it back: until the
   * next change of the layer it stands for a read (see `remembered`), and its parts count as current reads.
   */
  remember(layer: StoredLayer): StoredLayer {
    this.written = { generation: this.generation, layer };
    this.track(layer.graph);
    this.track(layer.communities);
    return layer;
  }

  /** The layer remembered from this store's last write when nothing changed the layer since, else null. */
  remembered(): StoredLayer | null {
    return this.written !== null && this.written.generation === this.generation ? this.written.layer : null;
  }
}
