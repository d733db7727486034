import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KuzuGraphStore } from '../../src/graph/kuzu/kuzu-store.js';
import { LayerReadLedger } from '../../src/graph/layer-read-ledger.js';
import { CONTRACT_SCHEMA, fullWrite, RELATIONS, unchangedWrite } from '../contract/contract-fixture.js';
import { readsEntityLayer, statementsDuring } from '../helpers/kuzu-statements.js';
import { makeTempDir } from '../helpers/temp-dir.js';


test('a ledger trusts a read only until the next write of the layer', () => {
  const ledger = new LayerReadLedger();
  const read = ledger.track({ entities: [] });
  assert.ok(ledger.isCurrent(read));
  assert.ok(!ledger.isCurrent({ entities: [] }), 'an object the store did not hand out');
  ledger.invalidate();
  assert.ok(!ledger.isCurrent(read), 'a read made before a write');
  assert.ok(!ledger.isCurrent(undefined));
});

test('a small write compares with the layer the run just read instead of reading it again', async () => {
  const store = await KuzuGraphStore.open({ workspace: makeTempDir() });
  try {
    await store.ensureSchema(CONTRACT_SCHEMA);
    await store.writeIndex(fullWrite());
    const storedLayer = { graph: await store.loadProjection(), communities: await store.listCommunities() };
    const withRead = await statementsDuring(() => store.writeIndex(unchangedWrite({ storedLayer })));
    assert.deepEqual(withRead.filter(readsEntityLayer), [], 'the entity layer and communities are not read again');
    const withoutRead = await statementsDuring(() => store.writeIndex(unchangedWrite()));
    assert.ok(withoutRead.some(readsEntityLayer), 'without a read of the run, the write reads the layer itself');
  } finally {
    await store.close();
  }
});

test('a read made before another write of the layer is not compared with: the write still lands whole', async () => {
  const store = await KuzuGraphStore.open({ workspace: makeTempDir() });
  try {
    await store.ensureSchema(CONTRACT_SCHEMA);
    await store.writeIndex(fullWrite());
    const stale = { graph: await store.loadProjection(), communities: await store.listCommunities() };
    const target = RELATIONS.find((relation) => relation.validTo === null) ?? assert.fail('an open relation');
    await store.invalidateRelations([{ relationId: target.id, validTo: '2024-01-01', invalidatedAt: '2024-01-02T00:00:00.000Z', reason: 'test' }]);
    const statements = await statementsDuring(() => store.writeIndex(unchangedWrite({ storedLayer: stale })));
    assert.ok(statements.some(readsEntityLayer), 'the stale read is not trusted: the layer is read again');
    const after = (await store.loadProjection()).relations.find((relation) => relation.id === target.id);
    assert.equal(after?.validTo ?? null, null, 'the write (which keeps the relation open) replaced the invalidated row');
  } finally {
    await store.close();
  }
});
