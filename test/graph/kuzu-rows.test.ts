import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { KuzuConnection } from '../../src/graph/kuzu/kuzu-connection.js';
import { sharedStrings } from '../../src/core/shared-strings.js';
import { makeTempDir } from '../helpers/temp-dir.js';

test('a result of several read turns (2000 rows each) comes back whole and in order; parameters and empty results too', async () => {
  const connection = await KuzuConnection.open(path.join(makeTempDir(), 'rows.kuzu'));
  try {
    const rows = await connection.run('UNWIND range(1, 9000) AS i RETURN i, string(i) AS label');
    assert.equal(rows.length, 9000);
    assert.deepEqual(rows.slice(0, 2), [{ i: 1, label: '1' }, { i: 2, label: '2' }]);
    assert.ok(rows.every((row, index) => row.i === index + 1), 'in order');
    const [single] = await connection.run('RETURN $x + 1 AS y', { x: 41 });
    assert.deepEqual(single, { y: 42 });
    assert.deepEqual(await connection.run('UNWIND [] AS i RETURN i'), []);
  } finally {
    await connection.close();
  }
});

test('reopening the database with another buffer pool keeps its data and its prepared statements work again', async () => {
  const connection = await KuzuConnection.open(path.join(makeTempDir(), 'reopen.kuzu'), { bufferPoolMb: 64 });
  try {
    await connection.run('CREATE NODE TABLE Item(id STRING, PRIMARY KEY(id))');
    await connection.run('CREATE (:Item {id: $id})', { id: 'a' });
    await connection.reopenWithBufferPool(128);
    assert.equal(connection.bufferPoolMb, 128);
    await connection.run('CREATE (:Item {id: $id})', { id: 'b' });
    assert.deepEqual(await connection.run('MATCH (i:Item) RETURN i.id AS id ORDER BY id'), [{ id: 'a' }, { id: 'b' }]);
  } finally {
    await connection.close();
  }
});

test('forEachRow hands every row to its callback in order, across read turns, with parameters, and none for an empty result', async () => {
  const connection = await KuzuConnection.open(path.join(makeTempDir(), 'each.kuzu'));
  try {
    const seen: number[] = [];
    await connection.forEachRow('UNWIND range(1, $n) AS i RETURN i', { n: 4500 }, (row) => seen.push(Number(row.i)));
    assert.equal(seen.length, 4500);
    assert.ok(seen.every((value, index) => value === index + 1), 'in order');
    let called = false;
    await connection.forEachRow('UNWIND [] AS i RETURN i', undefined, () => {
      called = true;
    });
    assert.equal(called, false);
  } finally {
    await connection.close();
  }
});

test('sharedStrings gives one copy of each distinct string, starting from the known ones', () => {
  const known = ['entity-a'];
  const shared = sharedStrings(known);
  const built = ['entity', 'a'].join('-');
  assert.equal(shared(built), 'entity-a');
  const first = shared(['chunk', '1'].join('-'));
  assert.equal(shared(['chunk', '1'].join('-')), first);
  assert.equal(shared('other'), 'other');
});
