import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ReadWriteGate } from '../../src/graph/read-write-gate.js';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

test('reads run together, a write runs alone, and a waiting write goes before later reads', async () => {
  const gate = new ReadWriteGate();
  const log: string[] = [];
  const firstRead = deferred();
  const write = deferred();
  const reading = gate.read(async () => {
    log.push('read-1 start');
    await firstRead.promise;
    log.push('read-1 end');
  });
  const alongside = gate.read(async () => {
    log.push('read-2 start');
  });
  await alongside;
  const writing = gate.write(async () => {
    log.push('write start');
    await write.promise;
    log.push('write end');
  });
  const later = gate.read(async () => {
    log.push('read-3 start');
  });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(log, ['read-1 start', 'read-2 start'], 'the write waits for the running read; the later read waits behind the write');
  firstRead.resolve();
  await reading;
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(log.slice(2), ['read-1 end', 'write start']);
  write.resolve();
  await Promise.all([writing, later]);
  assert.deepEqual(log.slice(4), ['write end', 'read-3 start']);
});

test('a failing section releases the gate', async () => {
  const gate = new ReadWriteGate();
  await assert.rejects(gate.write(async () => Promise.reject(new Error('boom'))), /boom/);
  assert.equal(await gate.read(async () => 'free'), 'free');
});
