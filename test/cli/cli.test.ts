import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { makeTempDir } from '../helpers/temp-dir.js';
import { runCli } from '../helpers/run-cli.js';

function rhizome(cwd: string, ...args: string[]) {
  return runCli(cwd, ...args);
}

const cwd = makeTempDir();
const docs = path.join(cwd, 'docs');
mkdirSync(docs);
writeFileSync(path.join(docs, 'a.txt'), 'Kickoff\n\nLina Ferraz leads the Lynx project. The Lynx prototypes use NC-7 boards supplied by Nordhaven Composants.');
writeFileSync(path.join(docs, 'b.txt'), 'Audit\n\nOrvale Conseil audited the Lynx project in 2024.');

test('init writes a commented starter config that the loader accepts', () => {
  const result = rhizome(cwd, 'init');
  assert.equal(result.code, 0, result.stderr);
  const file = path.join(cwd, 'rhizome.config.ts');
  assert.match(readFileSync(file, 'utf8'), /nodeTypes/);
  assert.equal(rhizome(cwd, 'init').code, 3, 'refuses to overwrite without --force');
  assert.equal(rhizome(cwd, 'init', '--force', '--example', 'fr').code, 0);
  assert.match(readFileSync(file, 'utf8'), /Personne/);
});

test('index, query, stats and cypher work through the command line', () => {
  const indexed = rhizome(cwd, 'index', 'docs', '--json');
  assert.equal(indexed.code, 0, indexed.stderr);
  const summary = JSON.parse(indexed.stdout);
  assert.equal(summary.documents.added, 2);
  assert.ok(existsSync(summary.reportPath), 'the run report is written');

  const answered = rhizome(cwd, 'query', 'Who leads the Lynx project?', '--json');
  assert.equal(answered.code, 0, answered.stderr);
  const answer = JSON.parse(answered.stdout);
  assert.match(answer.answer, /Lina Ferraz/);
  assert.ok(answer.citations.length > 0);

  const text = rhizome(cwd, 'query', 'Who leads the Lynx project?', '--mode', 'naive');
  assert.match(text.stdout, /Sources/);

  const stats = rhizome(cwd, 'stats', '--json');
  assert.equal(JSON.parse(stats.stdout).documents, 2);
  assert.match(rhizome(cwd, 'stats').stdout, /offline NLP extraction/);

  const communities = rhizome(cwd, 'communities', '--json');
  assert.equal(communities.code, 0, communities.stderr);
  assert.ok(Array.isArray(JSON.parse(communities.stdout)));

  const probe = rhizome(cwd, 'cypher', 'MATCH (p:Personne) RETURN p.name AS name', '--json');
  assert.equal(probe.code, 0, probe.stderr);
  assert.deepEqual(JSON.parse(probe.stdout), [{ name: 'Lina Ferraz' }]);
  const withParameter = rhizome(cwd, 'cypher', 'MATCH (p:Personne) WHERE p.name = $name RETURN count(*) AS total', '--param', 'name=Lina Ferraz', '--json');
  assert.equal(JSON.parse(withParameter.stdout)[0].total, 1);
});

test('errors map to exit codes and name the problem', () => {
  const rejected = rhizome(cwd, 'cypher', "MATCH (p) DETACH DELETE p");
  assert.equal(rejected.code, 2);
  assert.match(rejected.stderr, /rejected/);
  const missing = rhizome(cwd, 'index', 'no-such-folder');
  assert.equal(missing.code, 3);
  assert.match(missing.stderr, /no-such-folder/);
  const badFlag = rhizome(cwd, 'query', 'x', '--top-k', 'zero');
  assert.equal(badFlag.code, 2);
  const badMode = rhizome(cwd, 'query', 'x', '--mode', 'psychic');
  assert.equal(badMode.code, 2);
});

test('a partial run exits with code 5 and names the bad file', () => {
  writeFileSync(path.join(docs, 'empty.txt'), '');
  const result = rhizome(cwd, 'index', 'docs');
  assert.equal(result.code, 5);
  assert.match(result.stderr, /empty\.txt/);
  assert.match(result.stdout, /partial run/);
});
