import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { holdWorkspace } from '../helpers/hold-workspace.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const LYNX = 'Kickoff\n\nLina Ferraz leads the Lynx project.';

test('unknown config keys are errors naming the file, the key path and the nearest valid key', () => {
  const cwd = makeTempDir();
  writeFileSync(path.join(cwd, 'rhizome.config.json'), JSON.stringify({ worksapce: 'ws', chunkng: { maxTokens: 300 }, query: { topk: 3 }, schema: { nodeTypes: [{ name: 'Person', cue: {} }] }, colour: 'blue' }));
  const result = runCli(cwd, 'stats');
  assert.equal(result.code, 2, result.stderr);
  assert.match(result.stderr, /rhizome\.config\.json/);
  assert.match(result.stderr, /unknown key "worksapce" \(did you mean `workspace`\?\)/);
  assert.match(result.stderr, /unknown key "chunkng" \(did you mean `chunking`\?\)/);
  assert.match(result.stderr, /unknown key "query\.topk" \(did you mean `topK`\?\)/);
  assert.match(result.stderr, /unknown key "schema\.nodeTypes\.0\.cue" \(did you mean `cues`\?\)/);
  assert.match(result.stderr, /unknown key "colour" \(expected one of workspace, store, schema/);
});

test('a TypeScript config with a misspelt key is refused too', () => {
  const cwd = makeTempDir();
  writeFileSync(path.join(cwd, 'rhizome.config.ts'), 'export default { query: { topk: 3 } };\n');
  const result = runCli(cwd, 'query', 'Who leads Lynx?');
  assert.equal(result.code, 2, result.stderr);
  assert.match(result.stderr, /rhizome\.config\.ts: unknown key "query\.topk" \(did you mean `topK`\?\)/);
});

test('querying a workspace never indexed, or emptied, is an error that says to run rhizome index', () => {
  const cwd = makeTempDir();
  const never = runCli(cwd, 'query', 'Who leads the Lynx project?');
  assert.equal(never.code, 3, never.stderr);
  assert.match(never.stderr, /has never been indexed: run `rhizome index <folder>` first/);
  assert.equal(never.stdout, '', 'no answer is printed');

  mkdirSync(path.join(cwd, 'docs'));
  writeFileSync(path.join(cwd, 'docs', 'a.txt'), LYNX);
  assert.equal(runCli(cwd, 'index', 'docs').code, 0);
  assert.equal(runCli(cwd, 'remove', 'docs').code, 0);
  const emptied = runCli(cwd, 'query', 'Who leads the Lynx project?', '--json');
  assert.equal(emptied.code, 3, emptied.stderr);
  assert.match(emptied.stderr, /holds no documents \(all were removed\): run `rhizome index <folder>` first/);
});

test('a folder with no supported files is a warning and a non-zero exit', () => {
  const cwd = makeTempDir();
  mkdirSync(path.join(cwd, 'pictures'));
  writeFileSync(path.join(cwd, 'pictures', 'photo.png'), 'not text');
  const result = runCli(cwd, 'index', 'pictures');
  assert.equal(result.code, 3, result.stderr);
  assert.match(result.stderr, /warning .*pictures: no supported file found \(indexed extensions: \.txt \.md/);
  assert.doesNotMatch(result.stderr, /^error/m, 'a warning, not an error');
});

test('a --workspace path that is a file is a clear error with its own exit code', () => {
  const cwd = makeTempDir();
  writeFileSync(path.join(cwd, 'notes.txt'), 'a file');
  for (const workspace of ['notes.txt', path.join('notes.txt', 'inner')]) {
    const result = runCli(cwd, '--workspace', workspace, 'stats');
    assert.equal(result.code, 7, result.stderr);
    assert.match(result.stderr, /the workspace .*notes\.txt.* is a file \(or lies under one\), not a folder/);
    assert.doesNotMatch(result.stderr, /EEXIST|ENOTDIR/);
  }
});

test('the lock message names the process that holds the workspace and its command', async () => {
  const cwd = makeTempDir();
  const workspace = path.join(cwd, 'held');
  const holder = await holdWorkspace(workspace);
  try {
    const result = runCli(cwd, '--workspace', 'held', 'stats');
    assert.equal(result.code, 4, result.stderr);
    assert.match(result.stderr, new RegExp(`in use by process ${holder.pid} \\(\`hold-workspace\\.ts .*held\`, since `));
    assert.doesNotMatch(result.stderr, /rhizome serve/, 'names no command that does not exist');
  } finally {
    holder.stdin.end();
    await once(holder, 'exit');
  }
});
