import { execFile } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { RhizomeError } from '../../errors/rhizome-error.js';
import type { KuzuConnection } from './kuzu-connection.js';
import { isRunning } from './kuzu-lock-holder.js';

/**
 * A copy of the database taken before each bulk write, restored if the process dies during it.
 * Kuzu 0.11.3 rebuilds full-text indexes as auto-committed steps outside the write transaction,
 * and a process killed (`kill -9`, power loss of the process) between them can leave a catalog
 * that no later open repairs ("Cannot find table catalog entry", index names that can never be
 * created again). So a write first checkpoints the WAL into the file, copies it beside itself
 * (`graph.kuzu.before-write`, a reflink where the file system has them) and drops a marker;
 * a clean end — committed, rolled back or cancelled — removes both. The next open that finds the
 * marker of a process no longer running puts the copy back: the workspace is exactly as before
 * the interrupted write, and the next `rhizome index` redoes it.
 */
const backupOf = (databasePath: string) => `${databasePath}.before-write`;
const markerOf = (databasePath: string) => `${databasePath}.writing`;

/** Before opening: undoes a write its process did not finish. Returns true when it restored the copy. */
export function restoreInterruptedWrite(databasePath: string): boolean {
  const marker = markerOf(databasePath);
  if (!existsSync(marker)) return false;
  const writer = Number(readFileSync(marker, 'utf8').trim());
  if (Number.isInteger(writer) && writer !== process.pid && isRunning(writer)) return false;
  if (!existsSync(backupOf(databasePath))) {
    rmSync(marker, { force: true });
    return false;
  }
  renameSync(backupOf(databasePath), databasePath);
  rmSync(`${databasePath}.wal`, { force: true });
  rmSync(marker, { force: true });
  return true;
}

/**
 * Checkpoints the WAL, copies the database file and marks a write in progress. The copy is made by
 * a child process: Kuzu holds its lock as a POSIX record lock, which the kernel releases as soon as
 * this process closes *any* descriptor of the file — reading it here would unlock the workspace.
 */
export async function beginGuardedWrite(connection: KuzuConnection): Promise<void> {
  const databasePath = connection.databasePath;
  await connection.run('CHECKPOINT');
  const temporary = `${backupOf(databasePath)}.tmp`;
  await copyInChildProcess(databasePath, temporary);
  renameSync(temporary, backupOf(databasePath));
  writeFileSync(markerOf(databasePath), `${process.pid}\n`);
}

/**
 * Puts the copy taken before the write back (the database must be closed): a write made of several
 * transactions that failed or was cancelled part-way leaves the workspace as before it. The marker
 * stays for endGuardedWrite.
 */
export function restoreGuardedCopy(databasePath: string): void {
  renameSync(backupOf(databasePath), databasePath);
  rmSync(`${databasePath}.wal`, { force: true });
}

/** The write ended (either way) with the process alive: the copy is no longer needed. */
export function endGuardedWrite(connection: KuzuConnection): void {
  rmSync(markerOf(connection.databasePath), { force: true });
  rmSync(backupOf(connection.databasePath), { force: true });
}

function copyInChildProcess(source: string, target: string): Promise<void> {
  const script = 'const fs = require("node:fs"); fs.copyFileSync(process.argv[1], process.argv[2], fs.constants.COPYFILE_FICLONE);';
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script, source, target], (error) => (error ? reject(new RhizomeError('STORE_FAILED', `could not copy the database before writing (${error.message})`, { cause: error })) : resolve()));
  });
}

