import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveBufferPoolMb } from '../../src/graph/kuzu/buffer-pool-size.js';
import { validateConfig } from '../../src/config/load-config.js';

const GIB = 1024 * 1024 * 1024;

test("the default buffer pool is 'auto': half the free memory, never under 512 MiB; a number is taken as given", () => {
  assert.equal(validateConfig({}).store.bufferPoolMb, 'auto');
  assert.equal(resolveBufferPoolMb('auto', 20 * GIB), 10 * 1024);
  assert.equal(resolveBufferPoolMb('auto', 0.5 * GIB), 512);
  assert.equal(resolveBufferPoolMb(2048, 20 * GIB), 2048);
  assert.equal(resolveBufferPoolMb(0, 20 * GIB), 0);
  assert.equal(validateConfig({ store: { bufferPoolMb: 1024 } }).store.bufferPoolMb, 1024);
});
