import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isRhizomeError } from '../../src/errors/rhizome-error.js';
import { meanRecall, recallAtK } from '../../src/eval/recall.js';

test('recallAtK counts supporting ids found in the first k retrieved', () => {
  assert.equal(recallAtK(['p1', 'p9', 'p5'], ['p9', 'p5'], 2), 0.5);
  assert.equal(recallAtK(['p1', 'p9', 'p5'], ['p9', 'p5'], 3), 1);
  assert.equal(recallAtK(['p1', 'p2'], ['p9', 'p5'], 10), 0);
  assert.equal(recallAtK([], ['p9'], 5), 0);
});

test('supporting ids are de-duplicated and a repeated retrieved id takes one slot', () => {
  assert.equal(recallAtK(['p9'], ['p9', 'p9', 'p5'], 2), 0.5);
  assert.equal(recallAtK(['p9', 'p9', 'p5'], ['p9', 'p5'], 2), 1);
});

test('recallAtK rejects an empty supporting list and a k below 1', () => {
  assert.throws(() => recallAtK(['p1'], [], 2), (error) => isRhizomeError(error, 'INPUT_INVALID'));
  assert.throws(() => recallAtK(['p1'], ['p1'], 0), (error) => isRhizomeError(error, 'INPUT_INVALID'));
  assert.throws(() => recallAtK(['p1'], ['p1'], 1.5), (error) => isRhizomeError(error, 'INPUT_INVALID'));
});

test('meanRecall averages over questions', () => {
  const outcomes = [
    { retrievedIds: ['a', 'b'], supportingIds: ['a', 'b'] },
    { retrievedIds: ['x', 'a'], supportingIds: ['a', 'b'] },
    { retrievedIds: ['x', 'y'], supportingIds: ['a'] },
  ];
  assert.ok(Math.abs(meanRecall(outcomes, 2) - (1 + 0.5 + 0) / 3) < 1e-12);
  assert.ok(Math.abs(meanRecall(outcomes, 1) - (0.5 + 0 + 0) / 3) < 1e-12);
  assert.throws(() => meanRecall([], 2), (error) => isRhizomeError(error, 'INPUT_INVALID'));
});
