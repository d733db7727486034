import { Option, type Command } from 'commander';
import type { TimedAnswer } from '../../history/timed-queries.js';
import { QUERY_MODES, type QueryMode } from '../../core/retrieval-context.js';
import { bold, dim, printJson, printLine } from '../output.js';
import { parsePositiveInteger, withRhizome } from '../context.js';

/** `rhizome query "<question>"`: answer from the graph with citations. */
export function registerQueryCommand(program: Command): void {
  program
    .command('query')
    .description('answer a question from the indexed documents, with citations')
    .argument('<question>', 'the question')
    .addOption(new Option('--mode <mode>', 'retrieval mode').choices([...QUERY_MODES]))
    .option('--top-k <n>', 'chunks in the context', parsePositiveInteger('--top-k'))
    .option('--as-of <date>', 'answer with the facts valid on that date (2024, 2024-06, 2024-06-01, "June 2024")')
    .option('--known-at <time>', 'answer with what had been recorded by then (transaction time)')
    .option('--json', 'print the answer, citations and metadata as JSON')
    .action(async (question: string, options: { mode?: QueryMode; topK?: number; json?: boolean; asOf?: string; knownAt?: string }, command: Command) => {
      const queryOptions = { ...(options.mode ? { mode: options.mode } : {}), ...(options.asOf ? { asOf: options.asOf } : {}), ...(options.knownAt ? { knownAt: options.knownAt } : {}) };
      const answer = await withRhizome(command, (rhizome) => rhizome.query(question, queryOptions), options.topK ? { query: { topK: options.topK } } : {});
      if (options.json) printJson(answer);
      else printAnswer(answer);
    });
}

function printAnswer(answer: TimedAnswer): void {
  printLine(answer.answer);
  printLine();
  if (answer.citations.length > 0) {
    printLine(bold('Sources'));
    answer.citations
      .filter((citation) => citation.kind === 'chunk')
      .forEach((citation, index) => printLine(`  [${index + 1}] ${citation.label}${citation.path ? ` — ${citation.path}` : ''}${citation.span ? ` (characters ${citation.span.start}–${citation.span.end})` : ''}`));
  }
  if (answer.paths.length > 0) {
    printLine(bold('Graph paths'));
    for (const path of answer.paths.slice(0, 5)) printLine(`  ${path}`);
  }
  printFacts(answer);
  printLine(dim(`mode ${answer.mode} · ${answer.context.chunks} chunks, ${answer.context.tokens} tokens · ${answer.metadata.answerer} · ${answer.metadata.latencyMs.toFixed(0)} ms`));
}

/** Where each cited fact stands on the date asked about: current, superseded (by which fact, why), ended. */
function printFacts(answer: TimedAnswer): void {
  if (!answer.facts || answer.facts.length === 0) return;
  printLine(bold(`Facts${answer.asOf ? ` on ${answer.asOf}` : ' today'}`));
  const labels = new Map(answer.citations.map((citation) => [citation.id, citation.label]));
  for (const fact of answer.facts) {
    const span = `${fact.validFrom ?? '…'} → ${fact.validTo ?? '…'}`;
    const closed = fact.supersededBy ? `; superseded by ${labels.get(fact.supersededBy) ?? fact.supersededBy}` : fact.reason ? `; ${fact.reason}` : '';
    printLine(`  ${fact.status.padEnd(11)} ${labels.get(fact.relationId) ?? `${fact.type}: ${fact.evidence}`}${fact.citedAs === 'passage' ? ' (stated in a quoted passage)' : ''} (${span}${fact.interim ? '; interim' : ''}${closed})`);
  }
}
