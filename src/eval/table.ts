import { hopKindLabel, sortHopKinds, type CoverageResult, type RetrievalResult } from './summary.js';

const MISSING_CELL = '–';

/**
 * The coverage table as Markdown: `| Method | Mean | 1 hop | 2 hops | … | temporal | global | Complete |`,
 * with a column only for hop kinds some method answered, scores to 2 decimals, Complete as `n/total`,
 * then the mean answer length in words (citation markers excluded).
 */
export function renderCoverageTable(result: CoverageResult): string {
  const kinds = sortHopKinds(Object.values(result.methods).flatMap((summary) => Object.keys(summary.byHops)));
  const header = ['Method', 'Mean', ...kinds.map(hopKindLabel), 'Complete', 'Words'];
  const rows = Object.entries(result.methods).map(([method, summary]) => [
    method,
    summary.mean.toFixed(2),
    ...kinds.map((kind) => summary.byHops[kind]?.toFixed(2) ?? MISSING_CELL),
    `${summary.complete}/${summary.total}`,
    summary.meanWords.toFixed(0),
  ]);
  return renderMarkdownTable(header, rows);
}

/** The retrieval table as Markdown: `| Method | R@2 | R@5 | R@10 |`, recall as percentages with 1 decimal. */
export function renderRetrievalTable(result: RetrievalResult): string {
  const cutoffs = [...new Set(Object.values(result.methods).flatMap((summary) => Object.keys(summary.recall)))].sort(
    (left, right) => Number(left) - Number(right),
  );
  const header = ['Method', ...cutoffs.map((k) => `R@${k}`)];
  const rows = Object.entries(result.methods).map(([method, summary]) => [
    method,
    ...cutoffs.map((k) => {
      const recall = summary.recall[k];
      return recall === undefined ? MISSING_CELL : (recall * 100).toFixed(1);
    }),
  ]);
  return renderMarkdownTable(header, rows);
}

/** A GitHub-flavoured Markdown table; pipes and line breaks inside cells are escaped so rows stay intact. */
export function renderMarkdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const line = (cells: readonly string[]): string => `| ${cells.map(escapeCell).join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

function escapeCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
