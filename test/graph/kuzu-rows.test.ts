import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { KuzuConnection } from '../../src/graph/kuzu/kuzu-connection.js';
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
