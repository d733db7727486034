import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import { ignoreEvents } from '../../src/events/events.js';
import { KuzuGraphStore } from '../../src/graph/kuzu/kuzu-store.js';
import { runIndex } from '../../src/indexing/run-index.js';
import { writeInventedCorpus } from '../helpers/invented-corpus.js';
import { makeTempDir } from '../helpers/temp-dir.js';

test('files derived from the Kuzu entity layer are read back until a write changes the layer (an index run, an invalidated fact), and by a store opened again', async () => {
  const base = makeTempDir();
  const folder = writeInventedCorpus(path.join(base, 'docs'), 12);
  const workspace = path.join(base, 'workspace');
  const config = validateConfig({ workspace });
  const bytes = Uint8Array.from([7, 1, 2, 3]);
  let store = await KuzuGraphStore.open({ workspace });
  try {
    await runIndex([folder], { store, config, events: ignoreEvents, model: null }, {});
    const files = await store.derivedFiles();
    assert.ok(files, 'an indexed workspace has a layer version');
    assert.equal(await files.read('summary'), null);
    await files.write('summary', bytes);
    assert.deepEqual(Uint8Array.from((await files.read('summary')) ?? []), bytes);
    await store.close();
    store = await KuzuGraphStore.open({ workspace });
    await store.ensureSchema(config.schema);
    assert.deepEqual(Uint8Array.from((await (await store.derivedFiles())?.read('summary')) ?? []), bytes, 'opened again, the layer is the same');

    appendFileSync(path.join(folder, 'note-003.txt'), '\nOrla Brennick of the Sallow Institute reviewed the Osprey project in 2025.\n');
    await runIndex([folder], { store, config, events: ignoreEvents, model: null }, {});
    const afterIndex = await store.derivedFiles();
    assert.ok(afterIndex);
    assert.equal(await afterIndex.read('summary'), null, 'an index run changed the layer');
    await afterIndex.write('summary', bytes);

    const relation = (await store.listRelations())[0]!;
    await store.invalidateRelations([{ relationId: relation.id, validTo: '2025-01-01', invalidatedAt: '2025-01-02T00:00:00.000Z', reason: 'test' }]);
    assert.equal(await (await store.derivedFiles())?.read('summary'), null, 'an invalidated fact changed the layer');
  } finally {
    await store.close();
  }
});
