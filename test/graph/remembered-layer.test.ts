import assert from 'node:assert/strict';
import { appendFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import { ignoreEvents } from '../../src/events/events.js';
import { KuzuGraphStore } from '../../src/graph/kuzu/kuzu-store.js';
import type { StoredChunk, StoredLayer } from '../../src/graph/store.js';
import { runIndex } from '../../src/indexing/run-index.js';
import { writeInventedCorpus } from '../helpers/invented-corpus.js';
import { readsEntityLayer, statementsDuring } from '../helpers/kuzu-statements.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const readsChunks = (statement: string) => /RETURN c\.\* /.test(statement);

/** Chunks in one order, extractions as stored (JSON). */
function comparableChunks(chunks: readonly StoredChunk[]): StoredChunk[] {
  return [...chunks].sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0)).map((chunk) => ({ ...chunk, extraction: JSON.parse(JSON.stringify(chunk.extraction)) as StoredChunk['extraction'] }));
}

/** A layer with its mentions in one order (a read gives them in the database's order) and its reports as stored. */
function comparable(layer: StoredLayer): StoredLayer {
  const key = (mention: { chunkId: string; entityId: string }) => `${mention.chunkId}\u0000${mention.entityId}`;
  const mentions = [...layer.graph.mentions].sort((left, right) => (key(left) < key(right) ? -1 : key(left) > key(right) ? 1 : 0));
  // Reports are compared as stored: as JSON.
  const communities = layer.communities.map((community) => ({ ...community, report: JSON.parse(JSON.stringify(community.report)) as typeof community.report }));
  return { graph: { ...layer.graph, mentions }, communities };
}

test('an index run builds on the layer and chunks the store wrote last, without reading them, and they equal what a read gives (full write, small difference, removal)', async () => {
  const base = makeTempDir();
  const folder = writeInventedCorpus(path.join(base, 'docs'), 40);
  const workspace = path.join(base, 'workspace');
  const config = validateConfig({ workspace });
  const store = await KuzuGraphStore.open({ workspace });
  const steps: Array<[string, () => void, boolean]> = [
    ['full index', () => undefined, false],
    ['one document changed', () => appendFileSync(path.join(folder, 'note-003.txt'), '\nOrla Brennick of the Sallow Institute reviewed the Osprey project in 2025.\n'), false],
    ['one document removed', () => rmSync(path.join(folder, 'note-007.txt')), true],
  ];
  try {
    for (const [step, change, prune] of steps) {
      change();
      const indexing = await statementsDuring(() => runIndex([folder], { store, config, events: ignoreEvents, model: null }, { prune }));
      if (step !== 'full index') assert.deepEqual(indexing.filter((statement) => readsEntityLayer(statement) || readsChunks(statement)), [], `${step}: the run reads neither the layer nor the chunks`);
      let remembered: StoredLayer | null = null;
      const taking = await statementsDuring(async () => {
        remembered = await store.readStoredLayer();
      });
      assert.deepEqual(taking.filter(readsEntityLayer), [], `${step}: the layer written is not read back`);
      const layer = remembered as unknown as StoredLayer;
      assert.ok(layer.graph.entities.length > 0 && layer.communities.length > 0, `${step}: a layer was written`);
      const read = { graph: await store.loadProjection(), communities: await store.listCommunities() };
      assert.deepEqual(comparable(layer), comparable(read), `${step}: the remembered layer is the stored one`);
      let followed: StoredChunk[] = [];
      const takingChunks = await statementsDuring(async () => {
        followed = await store.readStoredChunks();
      });
      assert.deepEqual(takingChunks.filter(readsChunks), [], `${step}: the chunks are not read back`);
      assert.deepEqual(comparableChunks(followed), comparableChunks(await store.listChunks()), `${step}: the chunks followed are the stored ones`);
    }
  } finally {
    await store.close();
  }
  const reopened = await KuzuGraphStore.open({ workspace });
  try {
    await reopened.ensureSchema(config.schema);
    const statements = await statementsDuring(() => reopened.readStoredLayer());
    assert.ok(statements.some(readsEntityLayer), 'a store opened afresh reads the layer');
  } finally {
    await reopened.close();
  }
});

test('a change of the layer other than a write (an invalidation) makes the store read the layer again', async () => {
  const base = makeTempDir();
  const folder = writeInventedCorpus(path.join(base, 'docs'), 12);
  const workspace = path.join(base, 'workspace');
  const config = validateConfig({ workspace });
  const store = await KuzuGraphStore.open({ workspace });
  try {
    await runIndex([folder], { store, config, events: ignoreEvents, model: null });
    const before = await store.readStoredLayer();
    const target = before.graph.relations.find((relation) => relation.validTo === null) ?? assert.fail('an open relation');
    await store.invalidateRelations([{ relationId: target.id, validTo: '2024-01-01', invalidatedAt: '2024-01-02T00:00:00.000Z', reason: 'test' }]);
    let after: StoredLayer | null = null;
    const statements = await statementsDuring(async () => {
      after = await store.readStoredLayer();
    });
    assert.ok(statements.some(readsEntityLayer), 'the layer is read again');
    assert.equal((after as unknown as StoredLayer).graph.relations.find((relation) => relation.id === target.id)?.validTo, '2024-01-01');
  } finally {
    await store.close();
  }
});
