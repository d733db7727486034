import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';

/** A fresh temporary directory, removed when the test file ends. */
export function makeTempDir(prefix = 'rhizome-test-'): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), prefix));
  after(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}
