/**
 * Many readers or one writer at a time. A waiting writer goes before readers that arrive after
 * it, so a steady flow of queries cannot starve an index write.
 */
export class ReadWriteGate {
  private readers = 0;
  private writing = false;
  private readonly waiting: Array<{ kind: 'read' | 'write'; start: () => void }> = [];

  /** Runs `work` alongside other reads, after any write already running or waiting. */
  read<T>(work: () => Promise<T>): Promise<T> {
    return this.run('read', work);
  }

  /** Runs `work` alone: no read and no other write runs meanwhile. */
  write<T>(work: () => Promise<T>): Promise<T> {
    return this.run('write', work);
  }

  private async run<T>(kind: 'read' | 'write', work: () => Promise<T>): Promise<T> {
    await this.enter(kind);
    try {
      return await work();
    } finally {
      this.leave(kind);
    }
  }

  private canStart(kind: 'read' | 'write'): boolean {
    if (this.writing) return false;
    return kind === 'read' ? !this.waiting.some((entry) => entry.kind === 'write') : this.readers === 0;
  }

  private enter(kind: 'read' | 'write'): Promise<void> {
    if (this.waiting.length === 0 && this.canStart(kind)) {
      this.take(kind);
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push({ kind, start: resolve }));
  }

  private take(kind: 'read' | 'write'): void {
    if (kind === 'read') this.readers += 1;
    else this.writing = true;
  }

  private leave(kind: 'read' | 'write'): void {
    if (kind === 'read') this.readers -= 1;
    else this.writing = false;
    while (this.waiting.length > 0) {
      const next = this.waiting[0] as { kind: 'read' | 'write'; start: () => void };
      if (this.writing || (next.kind === 'write' && this.readers > 0)) return;
      this.waiting.shift();
      this.take(next.kind);
      next.start();
      if (next.kind === 'write') return;
    }
  }
}
