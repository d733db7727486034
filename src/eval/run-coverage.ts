import type { Citation } from '../core/records.js';
import type { QueryMode } from '../core/retrieval-context.js';
import type { Rhizome } from '../rhizome.js';
import { answerWordBudget, truncateToWordBudget } from './answer-budget.js';
import { scoreCoverage } from './coverage.js';
import type { CoverageQuestion } from './datasets.js';
import { summarizeCoverage, type CoverageQuestionResult, type CoverageResult } from './summary.js';

/** Progress of an evaluation: one call per answered question. */
export type EvaluationProgress = (event: { method: string; done: number; total: number }) => void;

/** Writes a citation as one line: `kind:id — label (path:start–end)`. */
export function describeCitation(citation: Citation): string {
  const location = citation.path ? ` (${citation.path}${citation.span ? `:${citation.span.start}–${citation.span.end}` : ''})` : '';
  return `${citation.kind}:${citation.id} — ${citation.label.replace(/\s+/g, ' ').trim()}${location}`;
}

/**
 * Asks every question with every method through the same answerer and scores each answer by
 * coverage of the expected items (seed 003): only the context-building method changes. Only the
 * first `answerWordBudget(hops)` words of an answer are scored; the full answer is kept in the result.
 * A question with an `asOf` date is asked as of that date.
 */
export async function runCoverageEvaluation(rhizome: Rhizome, questions: readonly CoverageQuestion[], methods: readonly QueryMode[], onProgress?: EvaluationProgress): Promise<CoverageResult> {
  const results: CoverageQuestionResult[] = [];
  for (const method of methods) {
    let done = 0;
    for (const question of questions) {
      const answer = await rhizome.query(question.question, { mode: method, ...(question.asOf !== undefined ? { asOf: question.asOf } : {}) });
      const scored = truncateToWordBudget(answer.answer, answerWordBudget(question.hops));
      results.push({
        id: question.id,
        method,
        hops: question.hops,
        score: scoreCoverage(scored.text, question.expected),
        answer: answer.answer,
        words: scored.words,
        truncated: scored.truncated,
        citations: answer.citations.map(describeCitation),
        contextTokens: answer.context.tokens,
        latencyMs: Math.round(answer.metadata.latencyMs * 10) / 10,
      });
      done += 1;
      onProgress?.({ method, done, total: questions.length });
    }
  }
  return summarizeCoverage(results);
}
