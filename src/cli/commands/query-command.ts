import { Option, type Command } from 'commander';
import type { Answer } from '../../answer/answer.js';
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
    .option('--json', 'print the answer, citations and metadata as JSON')
    .action(async (question: string, options: { mode?: QueryMode; topK?: number; json?: boolean }, command: Command) => {
      const answer = await withRhizome(command, (rhizome) => rhizome.query(question, options.mode ? { mode: options.mode } : {}), options.topK ? { query: { topK: options.topK } } : {});
      if (options.json) printJson(answer);
      else printAnswer(answer);
    });
}

function printAnswer(answer: Answer): void {
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
  printLine(dim(`mode ${answer.mode} · ${answer.context.chunks} chunks, ${answer.context.tokens} tokens · ${answer.metadata.answerer} · ${answer.metadata.latencyMs.toFixed(0)} ms`));
}
