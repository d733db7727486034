import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const cwd = makeTempDir();
mkdirSync(path.join(cwd, 'docs'));
writeFileSync(path.join(cwd, 'docs', 'a.txt'), 'Kickoff\n\nLina Ferraz leads the Lynx project. The Lynx prototypes use NC-7 boards supplied by Nordhaven Composants.');
writeFileSync(path.join(cwd, 'docs', 'b.txt'), 'Audit\n\nOrvale Conseil audited the Lynx project in 2024. L. Ferraz presented the results.');

test('two clean runs export the same bytes; an import into an empty workspace exports them again and answers', () => {
  for (const workspace of ['one', 'two']) assert.equal(runCli(cwd, '--workspace', workspace, 'index', 'docs').code, 0);
  const first = runCli(cwd, '--workspace', 'one', 'export', '--format', 'jsonl');
  assert.equal(first.code, 0, first.stderr);
  assert.equal(runCli(cwd, '--workspace', 'two', 'export', '--output', 'two.jsonl').code, 0);
  assert.equal(readFileSync(path.join(cwd, 'two.jsonl'), 'utf8'), first.stdout, 'identical bytes');
  const kinds = first.stdout.trim().split('\n').slice(1).map((line) => JSON.parse(line).kind as string);
  for (const kind of ['document', 'chunk', 'entity', 'relation', 'mention', 'merge', 'community']) assert.ok(kinds.includes(kind), `${kind} records are exported`);

  const imported = runCli(cwd, '--workspace', 'three', 'import', 'two.jsonl', '--json');
  assert.equal(imported.code, 0, imported.stderr);
  assert.equal(JSON.parse(imported.stdout).documents, 2);
  assert.equal(runCli(cwd, '--workspace', 'three', 'export').stdout, first.stdout, 'export → import → export is lossless');
  const answer = runCli(cwd, '--workspace', 'three', 'query', 'Who leads the Lynx project?');
  assert.equal(answer.code, 0, answer.stderr);
  assert.match(answer.stdout, /Lina Ferraz/);

  const again = runCli(cwd, '--workspace', 'three', 'import', 'two.jsonl');
  assert.equal(again.code, 2);
  assert.match(again.stderr, /already holds 2 documents .*empty workspace/);
  writeFileSync(path.join(cwd, 'bad.jsonl'), '{"format":"rhizome-graph","version":1}\n{"kind":"planet"}\n');
  const bad = runCli(cwd, '--workspace', 'four', 'import', 'bad.jsonl');
  assert.equal(bad.code, 3);
  assert.match(bad.stderr, /bad\.jsonl, line 2: unknown record kind "planet"/);
});
