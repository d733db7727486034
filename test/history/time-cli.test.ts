import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { makeTempDir } from '../helpers/temp-dir.js';
import { runCli } from '../helpers/run-cli.js';

const base = makeTempDir();
const docs = path.join(base, 'docs');
const workspace = path.join(base, 'workspace');

before(() => {
  mkdirSync(docs, { recursive: true });
  writeFileSync(path.join(docs, 'launch.txt'), 'Corvid programme launch\n2023-01-10\n\nIlse Marden leads the Corvid programme.\n');
  writeFileSync(path.join(docs, 'change.txt'), 'Corvid leadership change\n2024-04-01\n\nTomas Vireo leads the Corvid programme from 1 April 2024.\n');
  assert.equal(runCli(base, '--workspace', workspace, 'index', docs).code, 0);
});

test('rhizome query --as-of answers with the fact valid then and prints where the cited facts stand', () => {
  const result = runCli(base, '--workspace', workspace, 'query', 'Who leads the Corvid programme?', '--as-of', '2023-06-01');
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^Ilse Marden —/);
  assert.match(result.stdout, /Facts on 2023-06-01\n {2}current {5}LEADS: Ilse Marden leads the Corvid programme\. \(2023-01-10 → 2024-04-01; superseded by /);
  const refused = runCli(base, '--workspace', workspace, 'query', 'Who leads the Corvid programme?', '--as-of', 'later');
  assert.equal(refused.code, 2);
});

test('rhizome history lists what started and what was superseded, with both citations', () => {
  const result = runCli(base, '--workspace', workspace, 'history', 'Corvid');
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /2024-04-01 {2}superseded {2}←LEADS— Ilse Marden: "Ilse Marden leads the Corvid programme\." — Corvid programme launch, .*launch\.txt/);
  assert.match(result.stdout, /by Tomas Vireo: "Tomas Vireo leads the Corvid programme from 1 April 2024\." — Corvid leadership change, .*change\.txt/);
  const json = JSON.parse(runCli(base, '--workspace', workspace, 'history', 'Corvid', '--from', '2024', '--json').stdout) as { events: Array<{ kind: string }> };
  assert.deepEqual(json.events.map((event) => event.kind), ['started', 'superseded']);
});
