import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { KuzuGraphStore } from '../../src/graph/kuzu/kuzu-store.js';
import { NEEDS_REINDEX_AFTER_FAILED_WRITE } from '../../src/graph/store.js';
import { createRhizome, isRhizomeError } from '../../src/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

function writeDocuments(root: string, count: number): void {
  mkdirSync(root, { recursive: true });
  for (let index = 0; index < count; index += 1) writeFileSync(path.join(root, `d${index}.txt`), `Note ${index}\n\n${`Alex Varn${index} leads Korvel${index} Systems, based in Tolmar${index % 9}. `.repeat(20)}`);
}

test('a buffer pool too small for the work fails with an error naming the buffer pool and the setting that raises it', async () => {
  const base = makeTempDir();
  writeDocuments(path.join(base, 'docs'), 200);
  const rhizome = createRhizome({ workspace: path.join(base, 'workspace'), store: { bufferPoolMb: 16 } });
  try {
    await assert.rejects(rhizome.index(path.join(base, 'docs')), (error: unknown) => isRhizomeError(error, 'STORE_FAILED') && /buffer pool \(16 MiB\)/.test(error.message) && /store\.bufferPoolMb/.test(error.message));
  } finally {
    await rhizome.close();
  }
});

test('after a write that failed part-way, a query says so instead of blaming a schema change', async () => {
  const base = makeTempDir();
  writeDocuments(path.join(base, 'docs'), 1);
  const workspace = path.join(base, 'workspace');
  const first = createRhizome({ workspace });
  await first.index(path.join(base, 'docs'));
  await first.close();
  const store = await KuzuGraphStore.open({ workspace });
  await store.setMeta('needsReindex', NEEDS_REINDEX_AFTER_FAILED_WRITE);
  await store.close();
  const second = createRhizome({ workspace });
  try {
    await assert.rejects(second.query('Who leads Korvel0 Systems?'), (error: unknown) => isRhizomeError(error, 'WORKSPACE_EMPTY') && /failed part-way/.test(error.message) && !/schema/.test(error.message));
  } finally {
    await second.close();
  }
});
