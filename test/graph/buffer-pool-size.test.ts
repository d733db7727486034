import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BUFFER_POOL_PER_WRITTEN_BYTE, bufferPoolNeededFor, resolveBufferPoolMb } from '../../src/graph/kuzu/buffer-pool-size.js';
import { validateConfig } from '../../src/config/load-config.js';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

test("the default buffer pool is 'auto': what the data needs, never under 512 MiB nor over half the free memory; a number is taken as given", () => {
  assert.equal(validateConfig({}).store.bufferPoolMb, 'auto');
  assert.equal(resolveBufferPoolMb('auto', 20 * GIB), 512, 'no data: the smallest pool');
  assert.equal(resolveBufferPoolMb('auto', 20 * GIB, 3 * GIB), 3 * 1024, 'sized by the data, not by the machine');
  assert.equal(resolveBufferPoolMb('auto', 4 * GIB, 3 * GIB), 2 * 1024, 'at most half the free memory');
  assert.equal(resolveBufferPoolMb('auto', 0.5 * GIB, 3 * GIB), 512, 'never under 512 MiB');
  assert.equal(resolveBufferPoolMb(2048, 20 * GIB, 30 * GIB), 2048);
  assert.equal(resolveBufferPoolMb(0, 20 * GIB), 0);
  assert.equal(validateConfig({ store: { bufferPoolMb: 1024 } }).store.bufferPoolMb, 1024);
});

test('a bulk write needs more pool than the bytes it stages', () => {
  assert.ok(BUFFER_POOL_PER_WRITTEN_BYTE > 1);
  assert.equal(bufferPoolNeededFor(100 * MIB), 100 * MIB * BUFFER_POOL_PER_WRITTEN_BYTE);
});
