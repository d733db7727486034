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

test('rhizome query --known-at reads an edited document\'s old version; remove --erase leaves nothing of it', async () => {
  const firstVersionKnown = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 15));
  writeFileSync(path.join(docs, 'change.txt'), 'Corvid leadership change\n2024-04-01\n\nAnouk Peral leads the Corvid programme from 1 April 2024.\n');
  assert.equal(runCli(base, '--workspace', workspace, 'index', docs).code, 0);
  const believed = runCli(base, '--workspace', workspace, 'query', 'Who leads the Corvid programme?', '--as-of', '2024-06', '--known-at', firstVersionKnown);
  assert.equal(believed.code, 0, believed.stderr);
  assert.match(believed.stdout, /^Tomas Vireo —/);
  assert.match(runCli(base, '--workspace', workspace, 'query', 'Who leads the Corvid programme?', '--as-of', '2024-06').stdout, /^Anouk Peral —/);

  const retractedOf = () => runCli(base, '--workspace', workspace, 'export', '--format', 'jsonl', '--transaction-time').stdout.trim().split('\n').filter((line) => (JSON.parse(line) as { kind?: string }).kind === 'retractedFact');
  assert.ok(retractedOf().some((line) => line.includes('Tomas Vireo')));
  assert.equal(runCli(base, '--workspace', workspace, 'remove', path.join(docs, 'change.txt'), '--erase').code, 0);
  assert.deepEqual(retractedOf().filter((line) => /Tomas Vireo|Anouk Peral/.test(line)), [], 'neither version of the removed document is kept, nor quoted by another fact\'s history');
});
