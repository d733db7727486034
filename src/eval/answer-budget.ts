import type { HopKind } from './datasets.js';

/** Words of an answer that coverage scoring reads, for every question kind but "global". */
export const ANSWER_WORD_BUDGET = 75;

/** Words read for a "global" (corpus-wide) question, whose answer is a list of themes. */
export const GLOBAL_ANSWER_WORD_BUDGET = 150;

/** Bracketed citation markers such as `[3]`, `[1, 2]` or `[4–6]`; `[1][2]` is two markers. */
const CITATION_MARKER = /\[\d+(?:\s*[,;–-]\s*\d+)*\]/gu;

const WORD = /\S+/gu;

/** An answer cut to its word budget: the text scored, its word count and whether words were dropped. */
export interface BudgetedAnswer {
  text: string;
  /** Words of the whole answer, citation markers excluded. */
  words: number;
  truncated: boolean;
}

/**
 * How many words of an answer are scored: 150 for "global" questions, 75 otherwise, so that an
 * answer listing every name it saw cannot buy coverage (the held-out scoring rule).
 */
export function answerWordBudget(hops: HopKind): number {
  return hops === 'global' ? GLOBAL_ANSWER_WORD_BUDGET : ANSWER_WORD_BUDGET;
}

/** The answer without its bracketed citation markers; the rest of the text is kept as written. */
export function stripCitationMarkers(answer: string): string {
  return answer.replace(CITATION_MARKER, '');
}

/** Words of an answer (runs of non-space characters) once citation markers are removed. */
export function countAnswerWords(answer: string): number {
  return stripCitationMarkers(answer).match(WORD)?.length ?? 0;
}

/**
 * The first `budget` words of the answer, citation markers removed first (they are not words);
 * spacing and line breaks inside the kept part are left as they were.
 */
export function truncateToWordBudget(answer: string, budget: number): BudgetedAnswer {
  const text = stripCitationMarkers(answer);
  let words = 0;
  let end = budget <= 0 ? 0 : text.length;
  for (const match of text.matchAll(WORD)) {
    words += 1;
    if (words === budget) end = match.index + match[0].length;
  }
  const truncated = words > budget;
  return { text: truncated ? text.slice(0, end) : text, words, truncated };
}
