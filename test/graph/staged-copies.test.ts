import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { Held } from '../../src/core/held.js';
import { bulkCopy, COPY_STAGING_FOLDER, runAfterCopies, stageCopies } from '../../src/graph/kuzu/kuzu-bulk-copy.js';
import { KuzuConnection } from '../../src/graph/kuzu/kuzu-connection.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const ITEM_COLUMNS = [
  { kind: 'string' as const, value: (item: { id: string; label: string }) => item.id },
  { kind: 'string' as const, value: (item: { id: string; label: string }) => item.label },
];

test('staged copies load nothing until run, then load in the order staged, with the statements given after them, and leave no file behind', async () => {
  const folder = makeTempDir();
  const connection = await KuzuConnection.open(path.join(folder, 'staged.kuzu'));
  try {
    await connection.run('CREATE NODE TABLE Item(id STRING, label STRING, PRIMARY KEY(id))');
    await connection.run('CREATE REL TABLE NEXT(FROM Item TO Item)');
    await connection.run("CREATE (:Item {id: 'old', label: 'kept'})");
    const staged = await stageCopies(connection, async () => {
      await connection.run("MATCH (i:Item {id: 'old'}) DELETE i");
      await bulkCopy(connection, 'Item', ITEM_COLUMNS, [{ id: 'a', label: 'first' }, { id: 'b', label: 'second' }]);
      await bulkCopy(connection, 'NEXT', [{ kind: 'string', value: (pair: string[]) => pair[0] }, { kind: 'string', value: (pair: string[]) => pair[1] }], [['a', 'b']]);
      await runAfterCopies(connection, 'MATCH (i:Item {id: $id}) SET i.label = $label', { id: 'b', label: 'updated' });
    });
    assert.deepEqual(await connection.run('MATCH (i:Item) RETURN i.id AS id'), [], 'the deletion ran at once, the copies wait');
    assert.ok(existsSync(path.join(folder, COPY_STAGING_FOLDER)), 'the staged files are written');
    await staged.run();
    assert.deepEqual(await connection.run('MATCH (i:Item) RETURN i.id AS id, i.label AS label ORDER BY id'), [{ id: 'a', label: 'first' }, { id: 'b', label: 'updated' }]);
    assert.deepEqual(await connection.run('MATCH (a:Item)-[:NEXT]->(b:Item) RETURN a.id AS a, b.id AS b'), [{ a: 'a', b: 'b' }]);
    assert.ok(!existsSync(path.join(folder, COPY_STAGING_FOLDER)), 'the staged files are removed');
    await runAfterCopies(connection, 'MATCH (i:Item {id: $id}) SET i.label = $label', { id: 'a', label: 'at once' });
    assert.deepEqual(await connection.run("MATCH (i:Item {id: 'a'}) RETURN i.label AS label"), [{ label: 'at once' }], 'outside staging a statement runs at once');
  } finally {
    await connection.close();
  }
});

test('work that fails while staging leaves no staged file behind and no copy staged for later', async () => {
  const folder = makeTempDir();
  const connection = await KuzuConnection.open(path.join(folder, 'failed.kuzu'));
  try {
    await connection.run('CREATE NODE TABLE Item(id STRING, label STRING, PRIMARY KEY(id))');
    await assert.rejects(stageCopies(connection, async () => {
      await bulkCopy(connection, 'Item', ITEM_COLUMNS, [{ id: 'a', label: 'first' }]);
      throw new Error('stopped');
    }), /stopped/);
    assert.ok(!existsSync(path.join(folder, COPY_STAGING_FOLDER)));
    await bulkCopy(connection, 'Item', ITEM_COLUMNS, [{ id: 'b', label: 'second' }]);
    assert.deepEqual(await connection.run('MATCH (i:Item) RETURN i.id AS id'), [{ id: 'b' }], 'a later copy runs at once');
  } finally {
    await connection.close();
  }
});

test('a held value can be read until it is let go of or taken, and not after', () => {
  const held = new Held({ rows: [1, 2, 3] });
  assert.equal(held.value.rows.length, 3);
  assert.deepEqual(held.take(), { rows: [1, 2, 3] });
  assert.equal(held.isHeld, false);
  assert.throws(() => held.value, /let go of/);
  const released = new Held('text');
  released.release();
  assert.throws(() => released.take(), /let go of/);
});
