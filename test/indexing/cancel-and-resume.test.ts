import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createRhizome, type RhizomeEvent } from '../../src/index.js';
import { checkpointFolder } from '../../src/indexing/run-checkpoint.js';
import { writeInventedCorpus } from '../helpers/invented-corpus.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const project = makeTempDir();
const docs = writeInventedCorpus(path.join(project, 'docs'), 40);

async function indexToEnd(workspace: string) {
  const rhizome = createRhizome({ workspace });
  try {
    const summary = await rhizome.index([docs]);
    return { summary, exported: await rhizome.exportGraph({ format: 'jsonl' }) };
  } finally {
    await rhizome.close();
  }
}

/** Indexes until `shouldStop` says so on an event, aborts there, and returns the error and how long stopping took. */
async function indexAndCancel(workspace: string, shouldStop: (event: RhizomeEvent) => boolean, delayMs = 0): Promise<{ error: { code?: string; message: string }; stopMs: number }> {
  const rhizome = createRhizome({ workspace });
  const controller = new AbortController();
  let abortedAt = 0;
  let triggered = false;
  const abort = () => {
    abortedAt = performance.now();
    controller.abort();
  };
  try {
    await rhizome.index([docs], {
      signal: controller.signal,
      onEvent: (event) => {
        if (triggered || !shouldStop(event)) return;
        triggered = true;
        if (delayMs === 0) abort();
        else setTimeout(abort, delayMs);
      },
    });
    assert.fail('the run should have been cancelled');
  } catch (error) {
    return { error: error as { code?: string; message: string }, stopMs: performance.now() - abortedAt };
  } finally {
    await rhizome.close();
  }
}

const clean = await indexToEnd(path.join(project, 'clean'));

test('cancelled in the middle of the store write: rolled back within a second, and the rerun equals a clean run', async () => {
  const workspace = path.join(project, 'cancel-mid-store');
  const { error, stopMs } = await indexAndCancel(workspace, (event) => event.type === 'stage-start' && event.stage === 'store', 150);
  assert.equal(error.code, 'ABORTED', error.message);
  assert.ok(stopMs < 1000, `stopped ${Math.round(stopMs)} ms after the abort`);
  assert.equal((await indexToEnd(workspace)).exported, clean.exported);
});

for (const stage of ['ingest', 'extract', 'resolve', 'communities', 'store'] as const) {
  test(`cancelled in the ${stage} stage: stops within a second, says what was kept, and the rerun equals a clean run`, async () => {
    const workspace = path.join(project, `cancel-${stage}`);
    const { error, stopMs } = await indexAndCancel(workspace, (event) => event.type === 'stage-start' && event.stage === stage);
    assert.equal(error.code, 'ABORTED', error.message);
    assert.ok(stopMs < 1000, `stopped ${Math.round(stopMs)} ms after the abort`);
    assert.match(error.message, /previous index is unchanged/);
    assert.match(error.message, /run the same command again/);
    const rerun = await indexToEnd(workspace);
    assert.equal(rerun.exported, clean.exported);
    assert.equal(existsSync(checkpointFolder(workspace)), false, 'a completed run leaves no checkpoint');
  });
}

test('extractions made before a cancel are kept in the checkpoint and taken back, not redone', async () => {
  const workspace = path.join(project, 'cancel-mid-extract');
  const { error } = await indexAndCancel(workspace, (event) => event.type === 'stage-progress' && event.stage === 'extract' && event.done > 20);
  assert.equal(error.code, 'ABORTED');
  const kept = Number(/(\d+) new chunk extraction\(s\) are kept in the checkpoint/.exec(error.message)?.[1]);
  assert.ok(kept > 20, error.message);
  const rerun = await indexToEnd(workspace);
  assert.equal(rerun.summary.resumed?.extractions, kept);
  assert.equal(rerun.summary.resumed?.stage, 'extract');
  assert.equal(rerun.exported, clean.exported);
});
