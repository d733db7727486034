import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countAnswerWords } from '../../src/eval/answer-budget.js';
import { escapeXml, renderCoverageChartSvg } from '../../src/eval/chart-svg.js';
import type { CoverageQuestion } from '../../src/eval/datasets.js';
import { renderCoverageReport } from '../../src/eval/report.js';
import { sortHopKinds, summarizeCoverage, summarizeRetrieval, type CoverageQuestionResult } from '../../src/eval/summary.js';
import { renderCoverageTable, renderRetrievalTable } from '../../src/eval/table.js';

function answer(id: string, method: string, hops: number | string, score: number, extra: Partial<CoverageQuestionResult> = {}): CoverageQuestionResult {
  const text = extra.answer ?? `answer to ${id}`;
  return { id, method, hops, score, answer: text, words: countAnswerWords(text), truncated: false, citations: [], contextTokens: 100, latencyMs: 10, ...extra };
}

const answers: CoverageQuestionResult[] = [
  answer('q1', 'naive', 1, 1),
  answer('q2', 'naive', 2, 0.5),
  answer('q3', 'naive', 'global', 0),
  answer('q4', 'naive', 2, 0),
  answer('q1', 'graph', 1, 1),
  answer('q2', 'graph', 2, 1),
  answer('q3', 'graph', 'global', 0.5),
  answer('q4', 'graph', 2, 1),
];

test('sortHopKinds puts hop counts first, then temporal, global, then the rest alphabetically', () => {
  assert.deepEqual(sortHopKinds(['global', 'zeta', '10', 'temporal', '2', 'alpha', '1', '2']), ['1', '2', '10', 'temporal', 'global', 'alpha', 'zeta']);
});

test('summarizeCoverage produces the stable JSON shape', () => {
  const result = summarizeCoverage(answers);
  assert.equal(
    JSON.stringify({ kind: result.kind, methods: result.methods }),
    '{"kind":"coverage","methods":{' +
      '"naive":{"mean":0.375,"byHops":{"1":1,"2":0.25,"global":0},"complete":1,"total":4,"meanWords":3,"truncated":0},' +
      '"graph":{"mean":0.875,"byHops":{"1":1,"2":1,"global":0.5},"complete":3,"total":4,"meanWords":3,"truncated":0}}}',
  );
  assert.deepEqual(Object.keys(result.questions[0] ?? {}), ['id', 'method', 'hops', 'score', 'answer', 'words', 'truncated', 'citations', 'contextTokens', 'latencyMs']);
  assert.equal(result.questions.length, 8);
});

test('summarizeRetrieval averages recall at 2, 5 and 10 per method', () => {
  const result = summarizeRetrieval([
    { method: 'bm25', retrievedIds: ['a', 'x', 'b'], supportingIds: ['a', 'b'] },
    { method: 'bm25', retrievedIds: ['x', 'y', 'z', 'w', 'v', 'c'], supportingIds: ['c'] },
  ]);
  assert.equal(JSON.stringify(result), '{"kind":"retrieval","methods":{"bm25":{"recall":{"2":0.25,"5":0.5,"10":1},"count":2}}}');
});

test('the coverage table shows only the kinds present, two decimals and n/total', () => {
  assert.equal(
    renderCoverageTable(summarizeCoverage([...answers, answer('q5', 'graph', 'temporal', 1 / 3)])),
    [
      '| Method | Mean | 1 hop | 2 hops | temporal | global | Complete | Words |',
      '|---|---|---|---|---|---|---|---|',
      '| naive | 0.38 | 1.00 | 0.25 | – | 0.00 | 1/4 | 3 |',
      '| graph | 0.77 | 1.00 | 1.00 | 0.33 | 0.50 | 3/5 | 3 |',
    ].join('\n'),
  );
});

test('the retrieval table shows percentages with one decimal', () => {
  const table = renderRetrievalTable({ kind: 'retrieval', methods: { 'bm25|title': { recall: { '10': 0.895, '2': 0.585, '5': 0.775 }, count: 100 } } });
  assert.equal(table, ['| Method | R@2 | R@5 | R@10 |', '|---|---|---|---|', '| bm25\\|title | 58.5 | 77.5 | 89.5 |'].join('\n'));
});

test('the SVG chart is deterministic, escapes names and draws one bar per method and kind', () => {
  const tricky = answers.map((entry) => (entry.method === 'naive' ? { ...entry, method: 'naive <top-k> & "bm25"' } : entry));
  const result = summarizeCoverage(tricky);
  const svg = renderCoverageChartSvg(result);
  assert.equal(svg, renderCoverageChartSvg(summarizeCoverage(tricky)));
  assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"') && svg.endsWith('</svg>\n'));
  assert.ok(svg.includes('naive &lt;top-k&gt; &amp; &quot;bm25&quot;'));
  assert.ok(!svg.includes('<top-k>'));
  assert.equal((svg.match(/<rect [^>]*fill-opacity="0.75"><title>/g) ?? []).length, 6, '2 methods × 3 kinds');
  for (const label of ['1 hop', '2 hops', 'global', '0.0', '1.0', 'Mean coverage score (0–1)']) assert.ok(svg.includes(`>${label}<`), label);
  assert.equal(escapeXml(`<a href='x'>&</a>`), '&lt;a href=&apos;x&apos;&gt;&amp;&lt;/a&gt;');
});

test('the report shows the table, chart, timings, cost and every answer with its evidence', () => {
  const questions: CoverageQuestion[] = [
    { id: 'q1', question: 'Which company supplies the Q7 modems?', expected: ['Orbilink'], hops: 1 },
    { id: 'q2', question: 'Who approved it?', expected: ['Priya Raman', 'CBIA'], hops: 2 },
  ];
  const results = summarizeCoverage([
    answer('q1', 'naive', 1, 1, { answer: 'Orbilink, Greyline, Raman, CBIA, Fenwick and everyone else.', latencyMs: 20, contextTokens: 900 }),
    answer('q1', 'graph', 1, 1, {
      answer: 'Orbilink.',
      latencyMs: 40,
      contextTokens: 300,
      citations: ['chunk:c_1 — Framework agreement\nwith Orbilink (d09.txt:0–42)'],
    }),
    answer('q2', 'naive', 2, 0, { answer: '', latencyMs: 30 }),
    answer('q2', 'graph', 2, 0.5, { answer: 'Priya\nRaman [1][2]', latencyMs: 100 }),
    answer('q9', 'graph', 'global', 0, { answer: 'Unknown.' }),
  ]);
  const options = {
    corpus: 'corpus_en',
    questions,
    chartFile: 'coverage chart.svg',
    indexStats: { documents: 34, chunks: 80, entities: 210, relations: 340, seconds: 12.34 },
    generatedAt: '2025-01-01T00:00:00Z',
  };
  const report = renderCoverageReport(results, options);
  assert.equal(report, renderCoverageReport(results, options), 'same inputs, same report');
  const expectedFragments = [
    '# Rhizome evaluation: corpus_en',
    'Generated 2025-01-01T00:00:00Z. 3 questions, methods: naive, graph.',
    renderCoverageTable(results),
    '![Mean coverage score by question kind](coverage%20chart.svg)',
    '| 34 | 80 | 210 | 340 | 12.3 |',
    '| naive | 25.0 | 20.0 | 30.0 |', // mean 25, p50 = 20 (nearest rank of 2), p95 = 30
    '| graph | 50.0 | 40.0 | 100.0 |', // latencies 40, 100, 10: mean 50, p50 40, p95 100
    '| naive | 500 | 0 | 0 | $0.0000 |',
    'No model usage was recorded (offline run)',
    '### q1 (1 hop): Which company supplies the Q7 modems?',
    'Expected: "Orbilink"',
    '| naive | 1.00 | 8 | 900 | 0 | 20.0 |',
    '| graph | 1.00 | 1 | 300 | 1 | 40.0 |',
    '| graph | 0.50 | 2 | 100 | 0 | 100.0 |',
    '> Orbilink, Greyline, Raman, CBIA, Fenwick and everyone else.',
    '- chunk:c_1 — Framework agreement with Orbilink (d09.txt:0–42)',
    '#### q2 · naive · score 0.00\n\n> *(empty answer)*\n\nCitations: none.',
    '> Priya\n> Raman [1][2]',
    '### q9 (global): (question text not provided)',
    'Expected: (not provided)',
  ];
  for (const fragment of expectedFragments) assert.ok(report.includes(fragment), `report lacks ${JSON.stringify(fragment)}`);
  assert.ok(report.indexOf('### q1') < report.indexOf('### q2') && report.indexOf('### q2') < report.indexOf('### q9'));
});

test('the report without usage, stats or a timestamp still renders and stays deterministic', () => {
  const result = summarizeCoverage(answers);
  const report = renderCoverageReport(result, { corpus: 'toy', questions: [] });
  assert.ok(report.includes('Index statistics were not provided.'));
  assert.ok(!report.includes('Generated'));
  assert.ok(!report.includes('!['));
  const withUsage = renderCoverageReport(result, { corpus: 'toy', questions: [], usage: { graph: { inputTokens: 1200, outputTokens: 300, costUsd: 0.0123 } } });
  assert.ok(withUsage.includes('| graph | 100 | 1200 | 300 | $0.0123 |'));
  assert.ok(withUsage.includes('| naive | 100 | 0 | 0 | $0.0000 |'));
  assert.ok(!withUsage.includes('offline run'));
});
