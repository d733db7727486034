import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rephraseQuestion, rephraseQuestions } from '../../src/eval/rephrase-questions.js';
import { renderPhrasingTable } from '../../src/eval/dev-table.js';

test('a question is asked again wrapped in a request of its language, in lower case, and with a name misspelt', () => {
  assert.equal(rephraseQuestion('Which firm audited the Velbrook depot?', 'request'), 'Can you please tell me which firm audited the Velbrook depot?');
  assert.equal(rephraseQuestion('Quel cabinet a contrôlé le dépôt de Velbrook ?', 'request'), 'Pouvez-vous me dire quel cabinet a contrôlé le dépôt de Velbrook ?');
  assert.equal(rephraseQuestion('Which firm audited the Velbrook depot?', 'lowercase'), 'which firm audited the velbrook depot');
  // The longest capitalised word after the first loses its middle letter.
  assert.equal(rephraseQuestion('Who leads the Corvel programme at Velbrook?', 'misspelt'), 'Who leads the Corvel programme at Velbook?');
  assert.equal(rephraseQuestion('Who leads it?', 'misspelt'), null);
});

test('global questions and those a way does not apply to are left out', () => {
  const questions = [
    { id: 'a', question: 'Who leads Velbrook?', expected: ['x'], hops: '1' as const },
    { id: 'b', question: 'What are the main risks?', expected: ['x'], hops: 'global' as const },
    { id: 'c', question: 'who leads it', expected: ['x'], hops: '1' as const },
  ];
  assert.deepEqual(rephraseQuestions(questions, 'misspelt').map((question) => question.id), ['a']);
  assert.deepEqual(rephraseQuestions(questions, 'lowercase').map((question) => question.id), ['a']);
});

test('the wording table shows, per set, the questions asked another way that score as written, with the previous run beside', () => {
  const figures = { asked: 10, same: 9, mean: 0.85, writtenMean: 0.9 };
  const table = renderPhrasingTable([{ name: 'dev/x', kind: 'coverage', heldOut: false, status: 'ok', phrasing: { request: figures, lowercase: { ...figures, same: 10, mean: 0.9 } } }], [{ name: 'dev/x', kind: 'coverage', heldOut: false, status: 'ok', phrasing: { request: { ...figures, same: 7 } } }]);
  assert.match(table, /\| dev\/x \| 9\/10 \(7\/10\), 0\.85 vs 0\.90 \| 10\/10, 0\.90 vs 0\.90 \| – \|/);
  assert.equal(renderPhrasingTable([{ name: 'dev/y', kind: 'coverage', heldOut: false, status: 'ok' }]), '');
});
