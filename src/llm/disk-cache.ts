import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** JSON with object keys sorted, so equal values always give equal text (and equal cache keys). */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : stableStringify(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableStringify(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Hex sha256 of the stable JSON of `parts`. */
export function hashKey(parts: unknown): string {
  return createHash('sha256').update(stableStringify(parts)).digest('hex');
}

/**
 * A folder of JSON entries addressed by hash (`<namespace>/<2 hex>/<key>.json`). Writes go to a
 * temporary file renamed into place, so a crash never leaves a torn entry; an unreadable entry
 * counts as a miss.
 */
export class DiskCache {
  constructor(readonly directory: string) {}

  /** The stored value, or undefined when absent or unreadable. */
  async get<T>(namespace: string, key: string): Promise<T | undefined> {
    try {
      return JSON.parse(await readFile(this.fileOf(namespace, key), 'utf8')) as T;
    } catch {
      return undefined;
    }
  }

  /** Stores `value` under `key`, replacing any previous entry atomically. */
  async set(namespace: string, key: string, value: unknown): Promise<void> {
    const file = this.fileOf(namespace, key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, JSON.stringify(value));
    await rename(temporary, file);
  }

  private fileOf(namespace: string, key: string): string {
    return path.join(this.directory, namespace, key.slice(0, 2), `${key}.json`);
  }
}
