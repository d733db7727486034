import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { locateTestAsset } from '../test/helpers/test-assets.js';
import { firstDifference, runKillTrials } from './reliability/kill-trials.js';

/**
 * `npm run reliability [-- --kills 20 --docs <folder> --max-seconds 900 --seed 1 --llm --keep]`:
 * kills `rhizome index` with SIGKILL at random moments, reruns each to completion and checks the
 * export equals a clean run's; with --llm, indexes with the small local model (SmolLM2 via
 * node-llama-cpp) and checks that no model call is made twice. Exits 1 on any difference.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      kills: { type: 'string', default: '20' },
      docs: { type: 'string' },
      'max-seconds': { type: 'string', default: '900' },
      seed: { type: 'string', default: '1' },
      llm: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
    },
  });
  const docs = path.resolve(values.docs ?? (values.llm ? path.join('examples', 'harbour-robotics') : path.join('..', 'shared', 'eval', 'corpora', 'corpus_en')));
  const root = mkdtempSync(path.join(os.tmpdir(), 'rhizome-reliability-'));
  let configFile: string | undefined;
  if (values.llm) {
    const smollm2 = locateTestAsset('smollm2');
    if (smollm2.skip) throw new Error(smollm2.skip);
    configFile = path.join(root, 'rhizome.config.json');
    writeFileSync(configFile, JSON.stringify({ llm: { provider: 'llama-cpp', modelPath: smollm2.path, threads: 1, contextSize: 2048, maxOutputTokens: 300, concurrency: 1 } }, null, 2));
  }
  console.log(`reliability: ${docs}, ${values.kills} kills (at most ${values['max-seconds']} s), seed ${values.seed}${values.llm ? ', small local LLM' : ', offline NLP'}; workspaces in ${root}`);
  const campaign = await runKillTrials({
    docs,
    root,
    kills: Number(values.kills),
    maxSeconds: Number(values['max-seconds']),
    seed: Number(values.seed),
    ...(configFile ? { configFile } : {}),
    log: (line) => console.log(`  ${line}`),
  });
  const identical = campaign.trials.filter((trial) => trial.identical).length;
  const repeated = campaign.trials.reduce((sum, trial) => sum + trial.repeatedModelCalls, 0);
  const stages = [...new Set(campaign.trials.map((trial) => trial.stageAtKill ?? 'none'))].join(', ');
  console.log(`\n${identical}/${campaign.trials.length} exports identical to the clean run; ${repeated} repeated model calls; killed in stages: ${stages}`);
  for (const trial of campaign.trials.filter((candidate) => !candidate.identical)) {
    console.log(`trial ${trial.trial} differs (${firstDifference(readFileSync(path.join(root, 'clean.jsonl'), 'utf8'), readFileSync(path.join(root, `ws-${trial.trial}.jsonl`), 'utf8'))})`);
  }
  if (!campaign.passed) process.exitCode = 1;
  if (!values.keep && campaign.passed) rmSync(root, { recursive: true, force: true });
}

await main();
