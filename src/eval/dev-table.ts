import { RhizomeError } from '../errors/rhizome-error.js';
import type { DevSetOutcome } from './run-dev-set.js';
import { hopKindLabel, sortHopKinds, DEFAULT_RECALL_CUTOFFS } from './summary.js';
import { renderMarkdownTable } from './table.js';
import { REPHRASINGS } from './rephrase-questions.js';

/** Hop kinds that always have a column, so tables of different runs line up. */
const STANDARD_HOP_KINDS = ['1', '2', '3', 'temporal', 'global'];
const MISSING_CELL = '–';

/** Start and end markers of the README block that `replaceMarkedBlock` regenerates. */
export const README_MARKERS = { start: '<!-- eval:dev:start -->', end: '<!-- eval:dev:end -->' } as const;

/**
 * One table of every set that ran, a row per (set, method): coverage columns (mean, per hop kind,
 * complete, mean answer words) and recall columns (R@2, R@5, R@10, in %); each figure is followed by
 * the previous run's figure in parentheses when `previous` has that set and method.
 */
export function renderDevTable(current: readonly DevSetOutcome[], previous: readonly DevSetOutcome[] = []): string {
  const ran = current.filter((outcome) => outcome.status === 'ok');
  const present = ran.flatMap((outcome) => Object.values(outcome.coverage ?? {}).flatMap((summary) => Object.keys(summary.byHops)));
  const kinds = sortHopKinds([...STANDARD_HOP_KINDS, ...present]);
  const cutoffs = DEFAULT_RECALL_CUTOFFS.map(String);
  const header = ['Set', 'Method', 'Mean', ...kinds.map(hopKindLabel), 'Complete', 'Words', ...cutoffs.map((k) => `R@${k}`)];
  const rows: string[][] = [];
  for (const outcome of ran) {
    const before = previous.find((entry) => entry.name === outcome.name && entry.status === 'ok');
    for (const [method, summary] of Object.entries(outcome.coverage ?? {})) {
      const old = before?.coverage?.[method];
      rows.push([
        outcome.name,
        method,
        withPrevious(summary.mean, old?.mean, score),
        ...kinds.map((kind) => withPrevious(summary.byHops[kind], old?.byHops[kind], score)),
        withPrevious(summary.complete, old?.complete, (value) => `${value}/${summary.total}`),
        withPrevious(summary.meanWords, old?.meanWords, (value) => value.toFixed(0)),
        ...cutoffs.map(() => MISSING_CELL),
      ]);
    }
    for (const [method, summary] of Object.entries(outcome.retrieval ?? {})) {
      const old = before?.retrieval?.[method];
      rows.push([
        outcome.name,
        method,
        ...[undefined, ...kinds, undefined, undefined].map(() => MISSING_CELL),
        ...cutoffs.map((k) => withPrevious(summary.recall[k], old?.recall[k], (value) => (value * 100).toFixed(1))),
      ]);
    }
  }
  return [renderMarkdownTable(header, rows), renderPhrasingTable(ran, previous), renderInvalidationTable(ran, previous)].filter((table) => table !== '').join('\n\n');
}

/**
 * The wording table: for each coverage set, how many of its questions, asked another way (wrapped in a
 * request, in lower case, with a name misspelt), `auto` answers as well as the question as written, and the
 * mean score then beside the written questions' ('' when no set was asked other ways).
 */
export function renderPhrasingTable(current: readonly DevSetOutcome[], previous: readonly DevSetOutcome[] = []): string {
  const rows = current.flatMap((outcome) => {
    const figures = outcome.phrasing;
    if (!figures || Object.keys(figures).length === 0) return [];
    const old = previous.find((entry) => entry.name === outcome.name && entry.status === 'ok')?.phrasing;
    return [[
      outcome.name,
      ...REPHRASINGS.map((how) => {
        const now = figures[how];
        if (!now) return MISSING_CELL;
        const before = old?.[how];
        return `${withPrevious(now.same, before?.same, (value) => `${value}/${now.asked}`)}, ${score(now.mean)} vs ${score(now.writtenMean)}`;
      }),
    ]];
  });
  return rows.length === 0 ? '' : renderMarkdownTable(['Set (auto, asked another way)', 'Wrapped in a request', 'Lower case, no "?"', 'A name misspelt'], rows);
}

/**
 * The invalidation table, for the sets that carry a truth of closed facts: facts the graph closed,
 * how many the truth holds, precision and recall of closing, and how many closings of the truth the
 * closed fact's entity history lists with both facts' evidence ('' when no set carries a truth).
 */
export function renderInvalidationTable(current: readonly DevSetOutcome[], previous: readonly DevSetOutcome[] = []): string {
  const rows = current.flatMap((outcome) => {
    const scored = outcome.invalidation;
    if (!scored) return [];
    const old = previous.find((entry) => entry.name === outcome.name && entry.status === 'ok')?.invalidation;
    return [[
      outcome.name,
      withPrevious(scored.closed, old?.closed, String),
      withPrevious(scored.correct, old?.correct, String),
      withPrevious(scored.truths, old?.truths, String),
      withPrevious(scored.precision, old?.precision, score),
      withPrevious(scored.recall, old?.recall, score),
      scored.history ? withPrevious(scored.history.listed, old?.history?.listed, (listed) => `${listed}/${scored.history?.truths ?? 0}`) : MISSING_CELL,
    ]];
  });
  return rows.length === 0 ? '' : renderMarkdownTable(['Set', 'Closed facts', 'Correct', 'Truth', 'Invalidation precision', 'Invalidation recall', 'History lists'], rows);
}

/** Lines naming each closing of a development set that its truth does not hold, each truth no closing matched, and each closing its entity history leaves out. */
export function describeWrongInvalidations(outcomes: readonly DevSetOutcome[]): string[] {
  const fact = (named: { type: string; source: string; target: string }) => `${named.type}(${named.source} → ${named.target})`;
  return outcomes.flatMap((outcome) => [
    ...(outcome.invalidation?.wrong ?? []).map((wrong) => `${outcome.name}: wrong invalidation ${wrong.relationId} ${fact(wrong.closed)}${wrong.closedBy ? ` closed by ${fact(wrong.closedBy)}` : ''}`),
    ...(outcome.invalidation?.missed ?? []).map((missed) => `${outcome.name}: missed invalidation ${fact(missed.closed)} closed by ${fact(missed.closedBy)}`),
    ...(outcome.invalidation?.history?.missed ?? []).map((missed) => `${outcome.name}: history of ${missed.closed.target} does not list ${fact(missed.closed)} closed by ${fact(missed.closedBy)} with both evidences`),
  ]);
}

/** Lines naming each set that was skipped or failed, and why. */
export function describeUnfinishedSets(outcomes: readonly DevSetOutcome[]): string[] {
  return outcomes.filter((outcome) => outcome.status !== 'ok').map((outcome) => `${outcome.status === 'failed' ? 'FAILED' : 'skipped'} ${outcome.name}: ${outcome.reason ?? 'no reason given'}`);
}

/**
 * `text` with the lines between two markers (the eval:dev ones unless `markers` names others) replaced
 * by `block`; throws INPUT_INVALID when a marker is missing.
 */
export function replaceMarkedBlock(text: string, block: string, markers: { start: string; end: string } = README_MARKERS): string {
  const start = text.indexOf(markers.start);
  const end = text.indexOf(markers.end);
  if (start === -1 || end === -1 || end < start) {
    throw new RhizomeError('INPUT_INVALID', `README.md: needs ${markers.start} followed by ${markers.end} around the generated table`);
  }
  return `${text.slice(0, start + markers.start.length)}\n${block.trim()}\n${text.slice(end)}`;
}

function score(value: number): string {
  return value.toFixed(2);
}

function withPrevious(value: number | undefined, previous: number | undefined, format: (value: number) => string): string {
  if (value === undefined) return MISSING_CELL;
  return previous === undefined ? format(value) : `${format(value)} (${format(previous)})`;
}
