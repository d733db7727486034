import assert from 'node:assert/strict';
import { test } from 'node:test';
import { collectGarbage } from '../../src/indexing/collect-garbage.js';

test('collectGarbage frees what nothing references any more, without --expose-gc, and leaves no gc global behind', () => {
  const hadGc = 'gc' in globalThis;
  let garbage: Array<{ value: number }> | null = Array.from({ length: 1_000_000 }, (_, value) => ({ value }));
  const withGarbage = process.memoryUsage().heapUsed;
  assert.equal(garbage.length, 1_000_000);
  garbage = null;
  collectGarbage();
  assert.ok(process.memoryUsage().heapUsed < withGarbage - 10 * 1024 * 1024, 'at least 10 MB of the million objects were freed');
  assert.equal('gc' in globalThis, hadGc);
});
