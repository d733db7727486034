import { isCompleteCoverage } from './coverage.js';
import type { HopKind } from './datasets.js';
import { recallAtK } from './recall.js';
import { groupBy } from '../core/group-by.js';

/** One answer of one method to one coverage question, as written to the JSON result. */
export interface CoverageQuestionResult {
  id: string;
  method: string;
  hops: HopKind;
  score: number;
  /** The whole answer; only its first `answerWordBudget(hops)` words were scored. */
  answer: string;
  /** Words of the answer, citation markers excluded (`countAnswerWords`). */
  words: number;
  /** True when the answer ran past its word budget and was cut before scoring. */
  truncated: boolean;
  /** Evidence the answer cites, one line each: `kind:id — label (path:start–end)`. */
  citations: string[];
  contextTokens: number;
  latencyMs: number;
}

/** Aggregate coverage of one method; `byHops` is keyed by hop kind ("1", "2", "temporal", …). */
export interface CoverageMethodSummary {
  mean: number;
  byHops: Record<string, number>;
  complete: number;
  total: number;
  /** Mean words per answer, citation markers excluded. */
  meanWords: number;
  /** Answers cut to their word budget before scoring. */
  truncated: number;
}

/** The stable JSON result of a coverage evaluation. */
export interface CoverageResult {
  kind: 'coverage';
  methods: Record<string, CoverageMethodSummary>;
  questions: CoverageQuestionResult[];
}

/** Aggregate passage recall of one method; `recall` is keyed by k ("2", "5", "10") with values in 0–1. */
export interface RetrievalMethodSummary {
  recall: Record<string, number>;
  count: number;
}

/** The stable JSON result of a retrieval evaluation. */
export interface RetrievalResult {
  kind: 'retrieval';
  methods: Record<string, RetrievalMethodSummary>;
}

/** One method's ranked passages for one question, the input of `summarizeRetrieval`. */
export interface RetrievalQuestionOutcome {
  method: string;
  retrievedIds: readonly string[];
  supportingIds: readonly string[];
}

/** The cut-offs reported by default, as in the HippoRAG papers. */
export const DEFAULT_RECALL_CUTOFFS: readonly number[] = [2, 5, 10];

const NAMED_KIND_ORDER = ['temporal', 'global'];

/** Orders hop-kind keys: positive integers ascending, then "temporal", "global", then other kinds alphabetically. */
export function sortHopKinds(keys: Iterable<string>): string[] {
  const rank = (key: string): number => {
    if (/^[1-9]\d*$/.test(key)) return 0;
    const named = NAMED_KIND_ORDER.indexOf(key);
    return named === -1 ? 1 + NAMED_KIND_ORDER.length : 1 + named;
  };
  return [...new Set(keys)].sort((left, right) => {
    const byRank = rank(left) - rank(right);
    if (byRank !== 0) return byRank;
    if (rank(left) === 0) return Number(left) - Number(right);
    return left < right ? -1 : left > right ? 1 : 0;
  });
}

/** Human label of a hop-kind key: "1 hop", "3 hops", or the kind itself ("temporal"). */
export function hopKindLabel(key: string): string {
  if (key === '1') return '1 hop';
  return /^[1-9]\d*$/.test(key) ? `${key} hops` : key;
}

/** Groups answers by method (in order of first appearance) into means, per-hop means and complete counts. */
export function summarizeCoverage(questions: readonly CoverageQuestionResult[]): CoverageResult {
  const byMethod = groupBy(questions, (question) => question.method);
  const methods: Record<string, CoverageMethodSummary> = {};
  for (const [method, answers] of byMethod) {
    const byKind = groupBy(answers, (answer) => String(answer.hops));
    const byHops: Record<string, number> = {};
    for (const kind of sortHopKinds(byKind.keys())) byHops[kind] = mean((byKind.get(kind) ?? []).map((answer) => answer.score));
    methods[method] = {
      mean: mean(answers.map((answer) => answer.score)),
      byHops,
      complete: answers.filter((answer) => isCompleteCoverage(answer.score)).length,
      total: answers.length,
      meanWords: mean(answers.map((answer) => answer.words)),
      truncated: answers.filter((answer) => answer.truncated).length,
    };
  }
  return { kind: 'coverage', methods, questions: [...questions] };
}

/** Groups retrieval outcomes by method (in order of first appearance) into mean recall at each cut-off. */
export function summarizeRetrieval(outcomes: readonly RetrievalQuestionOutcome[], cutoffs: readonly number[] = DEFAULT_RECALL_CUTOFFS): RetrievalResult {
  const methods: Record<string, RetrievalMethodSummary> = {};
  for (const [method, methodOutcomes] of groupBy(outcomes, (outcome) => outcome.method)) {
    const recall: Record<string, number> = {};
    for (const k of [...cutoffs].sort((left, right) => left - right)) {
      recall[String(k)] = mean(methodOutcomes.map((outcome) => recallAtK(outcome.retrievedIds, outcome.supportingIds, k)));
    }
    methods[method] = { recall, count: methodOutcomes.length };
  }
  return { kind: 'retrieval', methods };
}

function mean(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return values.length === 0 ? 0 : total / values.length;
}
