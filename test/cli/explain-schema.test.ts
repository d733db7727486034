import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { makeTempDir } from '../helpers/temp-dir.js';
import { runCli } from '../helpers/run-cli.js';

const cwd = makeTempDir();
const docs = path.join(cwd, 'docs');
mkdirSync(docs);
writeFileSync(path.join(docs, 'veyra.txt'), 'Veyra rollout\n\nOdile Marchetti leads the Veyra project. Brightwell Analytics signed an agreement with Tarnow Hydraulics in May.');
writeFileSync(path.join(docs, 'audit.txt'), 'Audit\n\nThe Veyra project was audited by Calloway Partners in 2024.');

test('stats --schema --json reports the cue that typed an entity, the phrase that typed a relation, and an unlinked typed pair', () => {
  const indexed = runCli(cwd, 'index', 'docs', '--quiet');
  assert.equal(indexed.code, 0, indexed.stderr);
  const result = runCli(cwd, 'stats', '--schema', '--json');
  assert.equal(result.code, 0, result.stderr);
  const { schema } = JSON.parse(result.stdout);
  const organisation = schema.nodeTypes.find((node: { name: string }) => node.name === 'Organisation');
  assert.ok(organisation.entities >= 2);
  assert.ok(organisation.cues.some((cue: { cue: string; phrase?: string; won: number }) => cue.cue === 'before' && cue.phrase === 'agreement with' && cue.won === 1));
  const leads = schema.edgeTypes.find((edge: { name: string }) => edge.name === 'LEADS');
  assert.equal(leads.relations, 1);
  assert.deepEqual(leads.phrases, [{ phrase: 'leads', voice: 'active', count: 1 }]);
  const pair = schema.unlinkedPairs.find((candidate: { sourceType: string; targetType: string }) => candidate.sourceType === 'Organisation' && candidate.targetType === 'Organisation');
  assert.equal(pair?.samples[0]?.sentence, 'Brightwell Analytics signed an agreement with Tarnow Hydraulics in May.');

  const text = runCli(cwd, 'stats', '--schema');
  assert.match(text.stdout, /"leads" 1/);
  assert.match(text.stdout, /Organisation – Organisation {2}1/);
});

test('explain shows a document\'s typed entities with their votes and the reason of each relation', () => {
  const result = runCli(cwd, 'explain', 'docs/veyra.txt');
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /entity {3}Odile Marchetti : Person {2}Person 1 \(person-name \+1\)/, 'a known given name weighs 1');
  assert.match(result.stdout, /entity {3}Veyra : Project {2}Project 2 \(after "project" \+2\)/);
  assert.match(result.stdout, /relation Odile Marchetti \(Person\) -\[LEADS\]-> Veyra \(Project\) {2}phrase "leads"/);
  assert.match(result.stdout, /relation Brightwell Analytics \(Organisation\) -\[RELATED_TO\]-> Tarnow Hydraulics \(Organisation\) {2}co-occurrence/);

  const json = JSON.parse(runCli(cwd, 'explain', 'docs/audit.txt', '--json').stdout);
  const audits = json.sentences.flatMap((sentence: { relations: Array<{ type: string }> }) => sentence.relations).find((relation: { type: string }) => relation.type === 'AUDITS');
  assert.deepEqual([audits?.source, audits?.target, audits?.basis, audits?.voice], ['Calloway Partners', 'Veyra', 'pattern', 'passive']);

  const missing = runCli(cwd, 'explain', 'docs/none.txt');
  assert.equal(missing.code, 3);
  assert.match(missing.stderr, /no indexed document/);
});
