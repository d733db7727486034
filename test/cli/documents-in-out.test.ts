import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const cwd = makeTempDir();
for (const folder of ['kickoff', 'audit']) mkdirSync(path.join(cwd, folder));
writeFileSync(path.join(cwd, 'kickoff', 'a.txt'), 'Kickoff\n\nLina Ferraz leads the Lynx project. The Lynx prototypes use NC-7 boards.');
writeFileSync(path.join(cwd, 'kickoff', 'c.txt'), 'Site\n\nMaelle Ostin manages the Brest site.');
writeFileSync(path.join(cwd, 'audit', 'b.txt'), 'Audit\n\nOrvale Conseil audited the Lynx project in 2024. L. Ferraz presented the results.');

const documents = () => JSON.parse(runCli(cwd, 'stats', '--json').stdout).documents as number;

test('index takes several paths and adds them; a later index of one path keeps the others', () => {
  const both = runCli(cwd, 'index', 'kickoff', 'audit', '--json');
  assert.equal(both.code, 0, both.stderr);
  assert.equal(JSON.parse(both.stdout).documents.added, 3);
  const again = runCli(cwd, 'index', 'audit', '--json');
  assert.equal(again.code, 0, again.stderr);
  assert.equal(JSON.parse(again.stdout).documents.unchanged, 1);
  assert.equal(documents(), 3, 'indexing one folder does not drop the other');
});

test('files gone from disk are kept with a warning, and removed with --prune', () => {
  rmSync(path.join(cwd, 'kickoff', 'c.txt'));
  const kept = runCli(cwd, 'index', 'kickoff');
  assert.equal(kept.code, 0, kept.stderr);
  assert.match(kept.stderr, /1 indexed document\(s\) under these paths are gone from disk and were kept .*c\.txt.*rhizome index --prune/);
  assert.equal(documents(), 3);
  const pruned = runCli(cwd, 'index', 'kickoff', '--prune', '--json');
  assert.equal(pruned.code, 0, pruned.stderr);
  assert.deepEqual(JSON.parse(pruned.stdout).removedDocuments.map((document: { path: string }) => path.basename(document.path)), ['c.txt']);
  assert.equal(documents(), 2);
});

test('remove deletes documents by path or id, says which alias merges it undid, and the merge log keeps them', () => {
  const before = JSON.parse(runCli(cwd, 'stats', '--json', '--merges').stdout) as { merges: Array<{ merged: string }> };
  assert.ok(before.merges.some((merge) => merge.merged === 'l ferraz'));
  const removed = runCli(cwd, 'remove', path.join('audit', 'b.txt'));
  assert.equal(removed.code, 0, removed.stderr);
  assert.match(removed.stdout, /Removed 1 document\(s\)/);
  assert.match(removed.stdout, /undone +alias merge "l ferraz" → "lina ferraz" \(initial-surname\)/);
  assert.equal(documents(), 1);
  const log = runCli(cwd, 'stats', '--merges');
  assert.match(log.stdout, /undone "l ferraz" → "lina ferraz" \(initial-surname\) at .*, removing .*b\.txt/);
  assert.doesNotMatch(JSON.stringify(JSON.parse(runCli(cwd, 'cypher', 'MATCH (o:Organisation) RETURN o.name AS name', '--json').stdout)), /Orvale/);

  const [document] = JSON.parse(runCli(cwd, 'cypher', 'MATCH (d:Document) RETURN d.id AS id', '--json').stdout) as Array<{ id: string }>;
  const byId = runCli(cwd, 'remove', document?.id as string, '--json');
  assert.equal(byId.code, 0, byId.stderr);
  assert.equal(JSON.parse(byId.stdout).removedDocuments[0].id, document?.id);
});

test('remove of something never indexed is an error and changes nothing', () => {
  runCli(cwd, 'index', 'kickoff');
  const result = runCli(cwd, 'remove', 'kickoff', 'nowhere/else.txt');
  assert.equal(result.code, 3, result.stderr);
  assert.match(result.stderr, /no indexed document matches "nowhere\/else\.txt".*nothing was removed/);
  assert.equal(documents(), 1);
});
