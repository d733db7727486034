import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { runKillTrials } from '../../scripts/reliability/kill-trials.js';
import { writeInventedCorpus } from '../helpers/invented-corpus.js';
import { makeTempDir } from '../helpers/temp-dir.js';

test('rhizome index killed with SIGKILL at random moments finishes on the next run with the export of a clean run (short npm run reliability)', async () => {
  const root = makeTempDir();
  const docs = writeInventedCorpus(path.join(root, 'docs'), 30);
  const campaign = await runKillTrials({ docs, root: path.join(root, 'runs'), kills: 3, maxSeconds: 240, seed: 11 });
  assert.ok(campaign.trials.length >= 1, 'at least one trial ran within the time bound');
  for (const trial of campaign.trials) assert.ok(trial.identical, `trial ${trial.trial}, killed after ${trial.killAfterMs} ms in stage ${trial.stageAtKill ?? 'none'}: the export differs from the clean run's`);
  assert.ok(campaign.passed);
});
