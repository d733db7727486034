import { ANSWER_WORD_BUDGET, GLOBAL_ANSWER_WORD_BUDGET, answerWordBudget } from './answer-budget.js';
import type { CoverageQuestion } from './datasets.js';
import { hopKindLabel, type CoverageQuestionResult, type CoverageResult } from './summary.js';
import { renderCoverageTable, renderMarkdownTable } from './table.js';

/** Size of the index the questions ran against, and how long building it took. */
export interface IndexStats {
  documents: number;
  chunks: number;
  entities: number;
  relations: number;
  seconds: number;
}

/** Model usage of one method over the whole run; absent for offline runs, which cost nothing. */
export interface MethodUsage {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/** What the coverage report needs besides the result. */
export interface CoverageReportOptions {
  /** Name or path of the corpus, shown in the title. */
  corpus: string;
  /** The questions, for their text and expected items; answers to ids not listed here are still shown. */
  questions: readonly CoverageQuestion[];
  /** File name of the SVG chart, linked relative to the report. */
  chartFile?: string;
  indexStats?: IndexStats;
  /** Usage per method name. */
  usage?: Readonly<Record<string, MethodUsage>>;
  /** ISO timestamp; left out, the report carries none, so equal inputs give equal reports. */
  generatedAt?: string;
}

/**
 * The coverage evaluation as Markdown: the score table and chart, index time, latency, tokens and cost
 * per method, then every answer with its score, length, context size and citations, so a reader can
 * spot answers that score well by listing everything.
 */
export function renderCoverageReport(result: CoverageResult, options: CoverageReportOptions): string {
  const methods = Object.keys(result.methods);
  const sections: string[] = [
    `# Rhizome evaluation: ${options.corpus}`,
    [
      options.generatedAt === undefined ? undefined : `Generated ${options.generatedAt}.`,
      `${countDistinct(result.questions.map((answer) => answer.id))} questions, methods: ${methods.join(', ') || 'none'}.`,
    ]
      .filter((line) => line !== undefined)
      .join(' '),
    '## Answer coverage',
    renderCoverageTable(result),
    'Score = share of the expected items the answer contains (lower-cased, accents removed, whitespace collapsed); ' +
      'an answer is complete when it contains them all. The score cannot tell a precise answer from one that lists ' +
      'every name it saw: check answer lengths and citations below.',
    `Only the first ${ANSWER_WORD_BUDGET} words of an answer are scored (${GLOBAL_ANSWER_WORD_BUDGET} for global questions); ` +
      'citation markers such as [3] are not words. Words = the whole answer\'s length, so a long answer shows where it was cut.',
  ];
  if (options.chartFile !== undefined) sections.push(`![Mean coverage score by question kind](${encodeURI(options.chartFile)})`);
  sections.push('## Index', renderIndexStats(options.indexStats));
  sections.push('## Query latency', renderLatency(result, methods));
  sections.push('## Tokens and cost', renderUsage(result, methods, options.usage));
  sections.push('## Answers', ...renderAnswers(result, options.questions));
  return `${sections.join('\n\n')}\n`;
}

function renderIndexStats(stats: IndexStats | undefined): string {
  if (stats === undefined) return 'Index statistics were not provided.';
  return renderMarkdownTable(
    ['Documents', 'Chunks', 'Entities', 'Relations', 'Index time (s)'],
    [[String(stats.documents), String(stats.chunks), String(stats.entities), String(stats.relations), stats.seconds.toFixed(1)]],
  );
}

function renderLatency(result: CoverageResult, methods: readonly string[]): string {
  const rows = methods.map((method) => {
    const latencies = answersOf(result, method).map((answer) => answer.latencyMs);
    return [method, formatMs(mean(latencies)), formatMs(percentile(latencies, 50)), formatMs(percentile(latencies, 95))];
  });
  return renderMarkdownTable(['Method', 'Mean (ms)', 'p50 (ms)', 'p95 (ms)'], rows);
}

function renderUsage(result: CoverageResult, methods: readonly string[], usage: CoverageReportOptions['usage']): string {
  const rows = methods.map((method) => {
    const methodUsage = usage?.[method] ?? { inputTokens: 0, outputTokens: 0, costUsd: 0 };
    const contextTokens = answersOf(result, method).map((answer) => answer.contextTokens);
    return [
      method,
      mean(contextTokens).toFixed(0),
      String(methodUsage.inputTokens),
      String(methodUsage.outputTokens),
      `$${methodUsage.costUsd.toFixed(4)}`,
    ];
  });
  const table = renderMarkdownTable(['Method', 'Mean context tokens', 'Model input tokens', 'Model output tokens', 'Cost (USD)'], rows);
  return usage === undefined ? `${table}\n\nNo model usage was recorded (offline run): 0 tokens, no cost.` : table;
}

function renderAnswers(result: CoverageResult, questions: readonly CoverageQuestion[]): string[] {
  const answersById = new Map<string, CoverageQuestionResult[]>();
  for (const answer of result.questions) answersById.set(answer.id, [...(answersById.get(answer.id) ?? []), answer]);
  const known = new Map(questions.map((question) => [question.id, question]));
  const ids = [...questions.map((question) => question.id).filter((id) => answersById.has(id)), ...[...answersById.keys()].filter((id) => !known.has(id))];

  return ids.map((id) => {
    const answers = answersById.get(id) ?? [];
    const question = known.get(id);
    const hops = question?.hops ?? answers[0]?.hops ?? '';
    const lines = [
      `### ${id} (${hopKindLabel(String(hops))}): ${question?.question ?? '(question text not provided)'}`,
      `Expected: ${question === undefined ? '(not provided)' : question.expected.map((item) => `"${item}"`).join(', ')}`,
      renderMarkdownTable(
        ['Method', 'Score', 'Words', 'Context tokens', 'Citations', 'Latency (ms)'],
        answers.map((answer) => [
          answer.method,
          answer.score.toFixed(2),
          answer.truncated ? `${answer.words} (cut at ${answerWordBudget(answer.hops)})` : String(answer.words),
          String(answer.contextTokens),
          String(answer.citations.length),
          formatMs(answer.latencyMs),
        ]),
      ),
    ];
    for (const answer of answers) {
      lines.push(`#### ${id} · ${answer.method} · score ${answer.score.toFixed(2)}${answer.score === 1 ? ' (complete)' : ''}`);
      lines.push(quote(answer.answer));
      lines.push(answer.citations.length === 0 ? 'Citations: none.' : ['Citations:', ...answer.citations.map(renderCitation)].join('\n'));
    }
    return lines.join('\n\n');
  });
}

function renderCitation(citation: string): string {
  return `- ${citation.replace(/\s+/g, ' ').trim()}`;
}

function quote(answer: string): string {
  if (answer.trim() === '') return '> *(empty answer)*';
  return answer
    .trim()
    .split(/\r?\n/)
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

function answersOf(result: CoverageResult, method: string): CoverageQuestionResult[] {
  return result.questions.filter((answer) => answer.method === method);
}

function countDistinct(values: readonly string[]): number {
  return new Set(values).size;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((total, value) => total + value, 0) / values.length;
}

/** Nearest-rank percentile: the smallest value with at least `rank`% of the values at or below it. */
function percentile(values: readonly number[], rank: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1)] ?? 0;
}

function formatMs(milliseconds: number): string {
  return milliseconds.toFixed(1);
}
