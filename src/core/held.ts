import { RhizomeError } from '../errors/rhizome-error.js';

/**
 * A value handed on by whoever made it, for the receiver to let go of once it no longer needs it:
 * an async function keeps its parameters and locals for as long as it runs, so a large value passed
 * plainly stays resident until the whole call ends. Held, it stays only while something reads it.
 */
export class Held<T> {
  private current: T | null;

  constructor(value: T) {
    this.current = value;
  }

  /** The value; INTERNAL once it was let go of. */
  get value(): T {
    if (this.current === null) throw new RhizomeError('INTERNAL', 'a held value was read after it was let go of');
    return this.current;
  }

  get isHeld(): boolean {
    return this.current !== null;
  }

  /** Lets go of the value. */
  release(): void {
    this.current = null;
  }

  /** The value, let go of here: the caller holds it now. */
  take(): T {
    const value = this.value;
    this.current = null;
    return value;
  }
}
