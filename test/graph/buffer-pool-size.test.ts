import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BUFFER_POOL_PER_COPIED_BYTE, bufferPoolForWrite, resolveBufferPoolMb } from '../../src/graph/kuzu/buffer-pool-size.js';
import { validateConfig } from '../../src/config/load-config.js';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;

test("the default buffer pool is 'auto': half the free memory, never under 512 MiB; a number is taken as given", () => {
  assert.equal(validateConfig({}).store.bufferPoolMb, 'auto');
  assert.equal(resolveBufferPoolMb('auto', 20 * GIB), 10 * 1024);
  assert.equal(resolveBufferPoolMb('auto', 0.5 * GIB), 512);
  assert.equal(resolveBufferPoolMb(2048, 20 * GIB), 2048);
  assert.equal(resolveBufferPoolMb(0, 20 * GIB), 0);
  assert.equal(validateConfig({ store: { bufferPoolMb: 1024 } }).store.bufferPoolMb, 1024);
});

test('a large whole rewrite runs with a pool sized to its largest load (several times its bytes); a small one, or one needing the whole pool, keeps the open pool', () => {
  assert.ok(BUFFER_POOL_PER_COPIED_BYTE > 1);
  assert.equal(bufferPoolForWrite({ totalBytes: 2 * GIB, largestCopyBytes: 200 * MIB }, 10 * 1024), 200 * BUFFER_POOL_PER_COPIED_BYTE);
  assert.equal(bufferPoolForWrite({ totalBytes: 2 * GIB, largestCopyBytes: 10 * MIB }, 10 * 1024), 512, 'never under the smallest pool');
  assert.equal(bufferPoolForWrite({ totalBytes: 100 * MIB, largestCopyBytes: 100 * MIB }, 10 * 1024), null, 'a small write');
  assert.equal(bufferPoolForWrite({ totalBytes: 8 * GIB, largestCopyBytes: 4 * GIB }, 10 * 1024), null, 'needs the whole open pool or more');
});
