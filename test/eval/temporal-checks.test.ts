import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Entity, Relation } from '../../src/core/records.js';
import { loadCoverageQuestions } from '../../src/eval/datasets.js';
import { renderDevTable } from '../../src/eval/dev-table.js';
import { scoreInvalidations } from '../../src/eval/invalidation-precision.js';
import { applyRestatedBounds } from '../../src/extraction/resolution/apply-restated-bounds.js';
import { readChangeWindow } from '../../src/text/change-question.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const entity = (id: string, name: string, aliases: string[] = []): Entity => ({ id, type: 'Person', name, aliases, description: '', mentionCount: 1 });
const relation = (id: string, sourceId: string, targetId: string, fields: Partial<Relation> = {}): Relation => ({
  id, type: 'LEADS', sourceId, targetId, evidence: `${id} evidence`, chunkId: 'c', documentId: 'd', start: 0, end: 1, weight: 1, validFrom: null, validTo: null, ...fields,
});
const entities = [entity('a', 'Ann Roe'), entity('b', 'Ben Poe', ['Poe']), entity('c', 'Cy Loe'), entity('p', 'Lynx')];
const truths = [{ closed: { type: 'LEADS', source: 'Ann Roe', target: 'Lynx' }, closedBy: { type: 'LEADS', source: 'Poe', target: 'Lynx' } }];

test('invalidation precision counts each closed fact against the truth, successor included; recall counts the truths found', () => {
  const right = relation('r1', 'a', 'p', { supersededBy: 'r2', validTo: '2024' });
  const wrongSuccessor = relation('r3', 'a', 'p', { supersededBy: 'r4', validTo: '2025' });
  const graph = [right, relation('r2', 'b', 'p'), wrongSuccessor, relation('r4', 'c', 'p'), relation('r5', 'c', 'p', { invalidationReason: 'forgotten' })];
  const score = scoreInvalidations(truths, entities, graph);
  assert.equal(score.closed, 3);
  assert.equal(score.correct, 1);
  assert.equal(score.precision, 1 / 3);
  assert.equal(score.recall, 1);
  assert.deepEqual(score.wrong.map((wrong) => wrong.relationId), ['r3', 'r5']);
  assert.deepEqual(score.wrong[0]?.closedBy, { type: 'LEADS', source: 'Cy Loe', target: 'Lynx' });
  const none = scoreInvalidations(truths, entities, [relation('r2', 'b', 'p')]);
  assert.equal(none.precision, 1);
  assert.equal(none.recall, 0);
  assert.equal(none.missed.length, 1);
});

test('the development table adds an invalidation table only for sets that carry a truth', () => {
  const coverage = { auto: { mean: 1, byHops: { temporal: 1 }, complete: 1, total: 1, meanWords: 10, truncated: 0 } };
  const scored = scoreInvalidations(truths, entities, [relation('r1', 'a', 'p', { supersededBy: 'r2' }), relation('r2', 'b', 'p')]);
  const without = renderDevTable([{ name: 'plain', kind: 'coverage', heldOut: false, status: 'ok', coverage }]);
  assert.doesNotMatch(without, /Invalidation precision/);
  const table = renderDevTable([{ name: 'dev/t', kind: 'coverage', heldOut: false, status: 'ok', coverage, invalidation: scored }]);
  assert.match(table, /\| Set \| Closed facts \| Correct \| Truth \| Invalidation precision \| Invalidation recall \|/);
  assert.match(table, /\| dev\/t \| 1 \| 1 \| 1 \| 1\.00 \| 1\.00 \|/);
});

test('a start still ahead is rescheduled by a later document that states it differently; a start already reached stays', () => {
  const announced = relation('r1', 'b', 'p', { documentId: 'jan', validFrom: '2024-03-01' });
  const corrected = relation('r2', 'b', 'p', { documentId: 'feb', validFrom: '2024-03-18' });
  const history = relation('r3', 'a', 'p', { documentId: 'old', validFrom: '2019', validTo: '2024-03-01' });
  const laterRecap = relation('r4', 'a', 'p', { documentId: 'feb', validFrom: '2020', validTo: '2024-03-17' });
  applyRestatedBounds([announced, corrected, history, laterRecap], new Map([['jan', '2024-01-15'], ['feb', '2024-02-12'], ['old', '2022-11-21']]));
  assert.equal(announced.validFrom, '2024-03-18');
  assert.equal(history.validFrom, '2019', 'a start in the past when the later document was written is history');
  assert.equal(history.validTo, '2024-03-17', 'an end still ahead takes the later statement');
});

test('"what changed between two dates" is read in English and French, earlier date first; other questions are not', () => {
  assert.deepEqual(readChangeWindow('What changed about the Lynx project between April 2024 and September 2023?'), { from: '2023-09', to: '2024-04' });
  assert.deepEqual(readChangeWindow("Qu'est-ce qui a changé pour le projet Lynx entre mai 2023 et janvier 2024 ?"), { from: '2023-05', to: '2024-01' });
  assert.equal(readChangeWindow('What changed about the Lynx project in 2024?'), null);
  assert.equal(readChangeWindow('Who led the Lynx project between 2022 and 2023?'), null);
});

test('a set file names the entry and field of a bad asOf or invalidation truth; a good one loads both', async () => {
  const folder = makeTempDir();
  const write = (name: string, root: unknown) => {
    const file = path.join(folder, name);
    writeFileSync(file, JSON.stringify(root));
    return file;
  };
  const question = { id: 'q1', question: 'Who leads Lynx?', expected: ['Ann'], hops: 'as-of' };
  const truth = { closed: { type: 'LEADS', source: 'Ann Roe', target: 'Lynx' }, closedBy: { type: 'LEADS', source: 'Ben Poe', target: 'Lynx' } };
  const loaded = await loadCoverageQuestions(write('good.json', { questions: [{ ...question, asOf: '2024-06' }], invalidations: [truth] }));
  assert.equal(loaded.questions[0]?.asOf, '2024-06');
  assert.deepEqual(loaded.invalidations, [truth]);
  await assert.rejects(loadCoverageQuestions(write('date.json', { questions: [{ ...question, asOf: 'June' }] })), /date\.json: questions\[0\] \(id "q1"\): field "asOf" must be an ISO date/);
  await assert.rejects(loadCoverageQuestions(write('truth.json', { questions: [question], invalidations: [{ closed: truth.closed }] })), /truth\.json: invalidations\[0\].*field "closedBy" must be an object \{type, source, target\}/);
  await assert.rejects(loadCoverageQuestions(write('list.json', { questions: [question], invalidations: {} })), /list\.json: field "invalidations" must be an array/);
});
