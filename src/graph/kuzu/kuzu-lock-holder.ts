import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Who holds a Kuzu database open for writing, as recorded beside it. */
export interface LockHolder {
  pid: number;
  command: string;
  since: string;
}

const holderFile = (databasePath: string) => `${databasePath}.holder.json`;

/** Records this process as the holder of the database (Kuzu's own lock says only that it is held). */
export function recordLockHolder(databasePath: string): void {
  const holder: LockHolder = { pid: process.pid, command: describeCommand(process.argv), since: new Date().toISOString() };
  try {
    writeFileSync(holderFile(databasePath), `${JSON.stringify(holder)}\n`);
  } catch {
    // The record only improves a later lock message; failing to write it must not stop the open.
  }
}

/** Removes the record when this process wrote it. */
export function releaseLockHolder(databasePath: string): void {
  if (readLockHolder(databasePath)?.pid === process.pid) rmSync(holderFile(databasePath), { force: true });
}

/** The recorded holder when that process still runs, else null (no record, or a stale one). */
export function readLiveLockHolder(databasePath: string): LockHolder | null {
  const holder = readLockHolder(databasePath);
  return holder && holder.pid !== process.pid && isRunning(holder.pid) ? holder : null;
}

function readLockHolder(databasePath: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(holderFile(databasePath), 'utf8')) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' && typeof parsed.command === 'string' ? { pid: parsed.pid, command: parsed.command, since: String(parsed.since ?? '') } : null;
  } catch {
    return null;
  }
}

/** True while a process with this id exists (one owned by another user counts). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command line in a person's words: `rhizome index docs` for the CLI, else the script and its arguments. */
export function describeCommand(argv: readonly string[]): string {
  const script = argv[1] ?? '';
  const isCli = /(?:^|[\\/])(?:rhizome|cli[\\/]main\.[jt]s)$/.test(script);
  return [isCli ? 'rhizome' : path.basename(script) || 'node', ...argv.slice(2)].join(' ');
}
