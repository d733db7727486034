import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createRhizome } from '../../src/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const project = makeTempDir();
const docs = path.join(project, 'docs');
mkdirSync(docs);
writeFileSync(path.join(docs, 'a.txt'), 'Lynx kickoff\n2023-02-01\n\nLina Ferraz leads the Lynx project. The Lynx prototypes use NC-7 boards.');
writeFileSync(path.join(docs, 'b.txt'), 'Lynx handover\n2024-03-04\n\nFrom 1 April 2024, Tomas Quell leads the Lynx project, taking over from Lina Ferraz.');
writeFileSync(path.join(docs, 'c.txt'), 'News in brief\n2024-09-02\n\nLina Ferraz, the former lead of the Lynx project, joins the board of Orvale Conseil.');

const rhizome = createRhizome({ workspace: path.join(project, 'ws') });
await rhizome.index(docs);

test('"what changed about X between D1 and D2" lists the changes in the window with both citations (routed, not ranked)', async () => {
  const answer = await rhizome.query('What changed about the Lynx project between March 2024 and May 2024?');
  assert.equal(answer.metadata.route, 'history');
  assert.match(answer.answer, /Lina Ferraz \(LEADS\) superseded 2024-04-01 by Tomas Quell \[\d\]\[\d\]/);
  assert.match(answer.answer, /Tomas Quell \(LEADS\) started 2024-04-01/);
  assert.equal(new Set(answer.citations.map((citation) => citation.path)).size, 2, 'the old fact and the new one are both cited');
  const outside = await rhizome.query('What changed about the Lynx project between 2021 and 2022?');
  assert.match(outside.answer, /No dated fact changed/);
  const asked = await rhizome.query('What changed about the Lynx project between March 2024 and May 2024?', { mode: 'local' });
  assert.notEqual(asked.metadata.route, 'history', 'a mode the caller chose is kept');
});

test('"the former lead of" ends that fact even when the sentence starts another, so it closes nothing and is not current', async () => {
  const current = await rhizome.query('Who currently leads the Lynx project?');
  assert.match(current.answer, /Tomas Quell/);
  const history = await rhizome.history('Lynx');
  assert.equal(history.events.filter((event) => event.kind === 'superseded' && event.other.name === 'Tomas Quell').length, 0, 'the former lead does not supersede the current one');
});

test('a date the question writes answers it with the facts valid then', async () => {
  const answer = await rhizome.query('Who led the Lynx project in June 2023?');
  assert.match(answer.answer, /Lina Ferraz/);
  assert.doesNotMatch(answer.answer.split('—')[0] ?? '', /Tomas Quell/);
  await rhizome.close();
});
