import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ANSWER_WORD_BUDGET, answerWordBudget, countAnswerWords, stripCitationMarkers, truncateToWordBudget } from '../../src/eval/answer-budget.js';
import { scoreCoverage } from '../../src/eval/coverage.js';
import { renderCoverageReport } from '../../src/eval/report.js';
import { runCoverageEvaluation } from '../../src/eval/run-coverage.js';
import { summarizeCoverage } from '../../src/eval/summary.js';
import type { Rhizome } from '../../src/rhizome.js';

const words = (count: number, prefix = 'w'): string => Array.from({ length: count }, (_, index) => `${prefix}${index + 1}`).join(' ');

test('citation markers are removed and not counted as words; the rest of the text stays as written', () => {
  assert.equal(stripCitationMarkers('Orbilink [3] supplies it[1][2], says CBIA [4, 5] [6–7].'), 'Orbilink  supplies it, says CBIA  .');
  assert.equal(countAnswerWords('Orbilink [3] supplies the modems [1][2].'), 5, '"." after a marker is still a word of its own');
  assert.equal(countAnswerWords('Orbilink[3] supplies the modems[1][2].'), 4);
  assert.equal(countAnswerWords('  [1] [2]  '), 0);
  assert.equal(stripCitationMarkers('[draft] in 2021 [sic]'), '[draft] in 2021 [sic]', 'bracketed words are text, not markers');
});

test('the budget is 75 words, 150 for global questions', () => {
  assert.equal(answerWordBudget(1), 75);
  assert.equal(answerWordBudget(3), 75);
  assert.equal(answerWordBudget('temporal'), 75);
  assert.equal(answerWordBudget('global'), 150);
});

test('an answer of exactly the budget is kept whole; one word more is cut at the boundary', () => {
  const exact = truncateToWordBudget(words(75), 75);
  assert.deepEqual(exact, { text: words(75), words: 75, truncated: false });
  const over = truncateToWordBudget(`${words(75)} w76`, 75);
  assert.equal(over.text, words(75));
  assert.equal(over.words, 76);
  assert.equal(over.truncated, true);
});

test('markers do not use up the budget, and line breaks inside the kept words survive', () => {
  const answer = `${words(74)} [1][2][3]\nPriya\nRaman [4] Orbilink`;
  const budgeted = truncateToWordBudget(answer, 76);
  assert.equal(budgeted.words, 77);
  assert.ok(budgeted.text.endsWith('\nPriya\nRaman'), budgeted.text);
  assert.equal(scoreCoverage(budgeted.text, ['Priya Raman']), 1);
  assert.equal(scoreCoverage(budgeted.text, ['Orbilink']), 0);
});

test('a long answer naming the expected item after word 75 scores 0, but 1 for a global question', () => {
  const answer = `${words(ANSWER_WORD_BUDGET, 'filler')} Orbilink`;
  assert.equal(scoreCoverage(truncateToWordBudget(answer, answerWordBudget(2)).text, ['Orbilink']), 0);
  assert.equal(scoreCoverage(truncateToWordBudget(answer, answerWordBudget('global')).text, ['Orbilink']), 1);
  assert.equal(scoreCoverage(truncateToWordBudget(`${words(74, 'filler')} Orbilink`, answerWordBudget(2)).text, ['Orbilink']), 1, 'word 75 is still read');
});

test('the report prints each answer length with the same counting and says where it was cut', () => {
  const result = summarizeCoverage([
    { id: 'q1', method: 'local', hops: 1, score: 0, answer: `${words(80)} [1]`, words: 80, truncated: true, citations: [], contextTokens: 10, latencyMs: 1 },
  ]);
  const report = renderCoverageReport(result, { corpus: 'toy', questions: [] });
  assert.ok(report.includes('| local | 0.00 | 80 (cut at 75) | 10 | 0 | 1.0 |'), report);
  assert.ok(report.includes('Only the first 75 words'));
});

test('runCoverageEvaluation scores the budgeted answer and records its length and cut', async () => {
  const longAnswer = `${words(ANSWER_WORD_BUDGET, 'filler')} [1] Orbilink`;
  const rhizome = {
    query: async () => ({ answer: longAnswer, citations: [], context: { tokens: 5 }, metadata: { latencyMs: 1 } }),
  } as unknown as Rhizome;
  const result = await runCoverageEvaluation(rhizome, [
    { id: 'q1', question: 'Who supplies the modems?', expected: ['Orbilink'], hops: 2 },
    { id: 'q2', question: 'What are the main themes?', expected: ['Orbilink'], hops: 'global' },
  ], ['local']);
  assert.deepEqual(result.questions.map((entry) => [entry.id, entry.score, entry.words, entry.truncated]), [['q1', 0, 76, true], ['q2', 1, 76, false]]);
  assert.equal(result.questions[0]?.answer, longAnswer, 'the whole answer is kept for the report');
  assert.equal(result.methods.local?.meanWords, 76);
  assert.equal(result.methods.local?.truncated, 1);
});
