import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createRhizome, type Rhizome } from '../../src/index.js';
import { createApp } from '../../src/server/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const base = makeTempDir();
const docs = path.join(base, 'docs');
let rhizome: Rhizome;

before(async () => {
  mkdirSync(docs, { recursive: true });
  writeFileSync(path.join(docs, 'launch.txt'), 'Corvid programme launch\n2023-01-10\n\nIlse Marden leads the Corvid programme. The Corvid programme uses the QX-4 sensor.\n');
  writeFileSync(path.join(docs, 'change.txt'), 'Corvid leadership change\n2024-04-01\n\nTomas Vireo leads the Corvid programme from 1 April 2024.\n');
  rhizome = createRhizome({ workspace: path.join(base, 'workspace') });
  await rhizome.index(docs);
});
after(() => rhizome.close());

test('asOf answers with the fact valid on that date and says where each cited fact stands', async () => {
  const before2024 = await rhizome.query('Who leads the Corvid programme?', { asOf: '2023-06-01' });
  assert.match(before2024.answer, /^Ilse Marden —/);
  assert.equal(before2024.asOf, '2023-06-01');
  const leads = before2024.facts?.find((fact) => fact.type === 'LEADS');
  assert.equal(leads?.status, 'current');
  assert.ok(leads?.supersededBy, 'the fact was superseded later, and says by which fact');

  const after2024 = await rhizome.query('Who leads the Corvid programme?', { asOf: 'June 2024' });
  assert.match(after2024.answer, /^Tomas Vireo —/);
  assert.equal(after2024.asOf, '2024-06');
  assert.deepEqual(after2024.facts?.filter((fact) => fact.type === 'LEADS' && fact.citedAs === 'fact').map((fact) => fact.status), ['current']);
  // A quoted passage that states the older fact: its standing says it was superseded by then.
  const quoted = after2024.facts?.filter((fact) => fact.citedAs === 'passage').map((fact) => [fact.evidence, fact.status]);
  assert.deepEqual(quoted, [['Ilse Marden leads the Corvid programme.', 'superseded']]);

  const today = await rhizome.query('Who currently leads the Corvid programme?');
  assert.match(today.answer, /^Tomas Vireo/);
  await assert.rejects(rhizome.query('Who leads the Corvid programme?', { asOf: 'someday' }), /asOf "someday" is not a date/);
});

test('retrieve takes asOf too: the context holds only the facts valid then', async () => {
  const context = await rhizome.retrieve('Who leads the Corvid programme?', { mode: 'local', asOf: '2023-06-01' });
  const starts = context.paths.flatMap((path) => path.relations.map((relation) => relation.validFrom));
  assert.ok(starts.length > 0);
  assert.ok(starts.every((start) => start === null || start <= '2023-06-01'), starts.join(', '));
});

test('knownAt answers with what had been recorded by then', async () => {
  const nothingYet = await rhizome.query('Who leads the Corvid programme?', { knownAt: '2000-01-01' });
  assert.equal(nothingYet.found, false);
});

test('history lists the facts that started and were superseded, with both citations; from/to keep what changed between two dates', async () => {
  const history = await rhizome.history('Corvid');
  assert.equal(history.entity.name, 'Corvid');
  const kinds = history.events.map((event) => `${event.date} ${event.kind} ${event.other.name}`);
  assert.deepEqual(kinds, ['2023-01-10 started QX-4', '2023-01-10 started Ilse Marden', '2024-04-01 started Tomas Vireo', '2024-04-01 superseded Ilse Marden']);
  const superseded = history.events.find((event) => event.kind === 'superseded');
  assert.equal(superseded?.citation?.path, path.join(docs, 'launch.txt'));
  assert.equal(superseded?.successor?.other.name, 'Tomas Vireo');
  assert.equal(superseded?.successor?.citation?.path, path.join(docs, 'change.txt'));
  assert.match(superseded?.reason ?? '', /LEADS is single-current .* stated in "Tomas Vireo leads the Corvid programme from 1 April 2024\."/);
  assert.deepEqual(history.facts.filter((fact) => fact.type === 'LEADS').map((fact) => [fact.other, fact.status]).sort(), [['Ilse Marden', 'superseded'], ['Tomas Vireo', 'current']]);
  const changed = await rhizome.history('Corvid', { from: '2024-01-01', to: '2024-12-31' });
  assert.deepEqual(changed.events.map((event) => event.kind), ['started', 'superseded']);
});

test('the HTTP API takes asOf on /api/query and serves an entity history', async () => {
  const { app } = createApp({ rhizome });
  const response = await app.request('/api/query', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: 'Who leads the Corvid programme?', asOf: '2023-06-01', mode: 'local' }) });
  assert.equal(response.status, 200);
  const answer = (await response.json()) as { answer: string; facts: Array<{ status: string }> };
  assert.match(answer.answer, /^Ilse Marden —/);
  const history = await app.request('/api/entities/Corvid/history?from=2024');
  assert.equal(history.status, 200);
  const body = (await history.json()) as { events: Array<{ kind: string }> };
  assert.deepEqual(body.events.map((event) => event.kind), ['started', 'superseded']);
});
