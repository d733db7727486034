import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { checkpointFolder } from '../../src/indexing/run-checkpoint.js';
import { writeInventedCorpus } from '../helpers/invented-corpus.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// The stage itself stops within a second (cancel-and-resume.test.ts); the bound here also covers closing the database and the process exit on a loaded machine.
test('Ctrl-C during indexing exits 130 quickly, says what was kept, and the same command then finishes', async () => {
  const cwd = makeTempDir();
  writeInventedCorpus(path.join(cwd, 'docs'), 80);
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), path.resolve('src/cli/main.ts'), '--quiet', 'index', 'docs'], { cwd, env: { ...process.env, NO_COLOR: '1' } });
  let stderr = '';
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  while (!existsSync(path.join(checkpointFolder(path.join(cwd, '.rhizome')), 'run.json'))) await new Promise((resolve) => setTimeout(resolve, 5));
  const sentAt = performance.now();
  child.kill('SIGINT');
  const code = await exited;
  const stopMs = performance.now() - sentAt;
  assert.equal(code, 130, stderr);
  assert.ok(stopMs < 3000, `exited ${Math.round(stopMs)} ms after SIGINT`);
  assert.match(stderr, /indexing was cancelled during the \w+ stage: .*run the same command again to finish/);
  const rerun = runCli(cwd, 'index', 'docs', '--json');
  assert.equal(rerun.code, 0, rerun.stderr);
  assert.notEqual(JSON.parse(rerun.stdout).resumed, null, 'the rerun finished the interrupted run');
});
