import type { Command } from 'commander';
import type { IndexSummary } from '../../indexing/index-summary.js';
import { PARTIAL_RUN_EXIT_CODE } from '../exit-codes.js';
import { bold, printJson, printLine, printWarning } from '../output.js';
import { createProgressDisplay } from '../progress.js';
import { globalOptions, parsePositiveInteger, withRhizome } from '../context.js';

/** `rhizome index <dir>`: build or refresh the knowledge graph of a folder. */
export function registerIndexCommand(program: Command): void {
  program
    .command('index')
    .description('index a folder (or one file) of .txt, .md, .html and .pdf documents into the workspace graph')
    .argument('<path>', 'folder or file to index')
    .option('--json', 'print the run summary as JSON')
    .option('--chunk-tokens <n>', 'maximum tokens per chunk', parsePositiveInteger('--chunk-tokens'))
    .option('--chunk-overlap <n>', 'tokens of overlap between chunks', parsePositiveInteger('--chunk-overlap'))
    .action(async (target: string, options: { json?: boolean; chunkTokens?: number; chunkOverlap?: number }, command: Command) => {
      const chunking = { ...(options.chunkTokens ? { maxTokens: options.chunkTokens } : {}), ...(options.chunkOverlap ? { overlapTokens: options.chunkOverlap } : {}) };
      const quiet = Boolean(options.json || globalOptions(command).quiet);
      const summary = await withRhizome(command, async (rhizome) => {
        const progress = createProgressDisplay(quiet);
        const controller = new AbortController();
        const onSignal = () => controller.abort();
        process.once('SIGINT', onSignal);
        try {
          return await rhizome.index(target, { onEvent: progress.sink, signal: controller.signal });
        } finally {
          progress.stop();
          process.off('SIGINT', onSignal);
        }
      }, Object.keys(chunking).length > 0 ? { chunking } : {});
      if (options.json) printJson(summary);
      else printSummary(summary);
      if (summary.partial) process.exitCode = PARTIAL_RUN_EXIT_CODE;
    });
}

function printSummary(summary: IndexSummary): void {
  const documents = summary.documents;
  printLine(bold(summary.partial ? 'Indexed with failures (partial run)' : 'Indexed'));
  printLine(`  documents   ${documents.seen} (${documents.added} added, ${documents.changed} changed, ${documents.unchanged} unchanged, ${documents.removed} removed)`);
  printLine(`  chunks      ${summary.chunks.total} (${summary.chunks.extracted} extracted, ${summary.chunks.reused} reused, ${summary.chunks.empty} yielded no entity)`);
  printLine(`  entities    ${summary.entities} (${summary.merges} alias merges)`);
  printLine(`  relations   ${summary.relations} (${summary.typedRelations} typed, ${summary.relations - summary.typedRelations} co-occurrence)`);
  printLine(`  communities ${summary.communities}`);
  printLine(`  failures    ${summary.failures.length + summary.extractionFailures.length}`);
  printLine(`  extractor   ${summary.extractor}`);
  printLine(`  time        ${summary.seconds.toFixed(2)} s`);
  printLine(`  report      ${summary.reportPath}`);
  for (const failure of summary.failures) printWarning(`${failure.path}: ${failure.reason}`);
  for (const failure of summary.extractionFailures) printWarning(`${failure.documentPath} (chunk ${failure.chunkId}): ${failure.reason}`);
}
