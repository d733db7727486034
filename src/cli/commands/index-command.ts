import type { Command } from 'commander';
import type { IndexSummary } from '../../indexing/index-summary.js';
import type { IndexPlan } from '../../indexing/plan-index.js';
import { NOTHING_TO_INDEX_EXIT_CODE, PARTIAL_RUN_EXIT_CODE } from '../exit-codes.js';
import { bold, printJson, printLine, printWarning } from '../output.js';
import { createProgressDisplay } from '../progress.js';
import { globalOptions, parsePositiveInteger, withRhizome } from '../context.js';

/** `rhizome index <path…>`: add or refresh the documents of folders or files in the workspace graph. */
export function registerIndexCommand(program: Command): void {
  program
    .command('index')
    .description('add or refresh folders or files of .txt, .md, .html and .pdf documents in the workspace graph (other indexed documents are kept)')
    .argument('<paths...>', 'folders or files to index')
    .option('--prune', 'also remove indexed documents under these paths that are gone from disk')
    .option('--json', 'print the run summary as JSON')
    .option('--chunk-tokens <n>', 'maximum tokens per chunk', parsePositiveInteger('--chunk-tokens'))
    .option('--chunk-overlap <n>', 'tokens of overlap between chunks', parsePositiveInteger('--chunk-overlap'))
    .option('--dry-run', 'estimate model calls, tokens and cost of the run without writing or spending anything')
    .option('--budget <amount>', 'stop LLM extraction cleanly at this spend ("$2", "2 USD", "500k tokens"); a rerun resumes')
    .action(async (targets: string[], options: { json?: boolean; prune?: boolean; chunkTokens?: number; chunkOverlap?: number; dryRun?: boolean; budget?: string }, command: Command) => {
      const prune = options.prune ?? false;
      const chunking = { ...(options.chunkTokens ? { maxTokens: options.chunkTokens } : {}), ...(options.chunkOverlap ? { overlapTokens: options.chunkOverlap } : {}) };
      const quiet = Boolean(options.json || globalOptions(command).quiet);
      if (options.dryRun) {
        const plan = await withRhizome(command, (rhizome) => rhizome.planIndex(targets, { prune }), Object.keys(chunking).length > 0 ? { chunking } : {});
        if (options.json) printJson(plan);
        else printPlan(plan);
        return;
      }
      const { summary, extensions } = await withRhizome(command, async (rhizome) => {
        const progress = createProgressDisplay(quiet);
        const controller = new AbortController();
        const onSignal = () => controller.abort();
        process.once('SIGINT', onSignal);
        try {
          const indexed = await rhizome.index(targets, { prune, onEvent: progress.sink, signal: controller.signal, ...(options.budget ? { budget: options.budget } : {}) });
          return { summary: indexed, extensions: rhizome.config.ingest.extensions };
        } finally {
          progress.stop();
          process.off('SIGINT', onSignal);
        }
      }, Object.keys(chunking).length > 0 ? { chunking } : {});
      if (options.json) printJson(summary);
      else printSummary(summary);
      for (const root of summary.emptyRoots) printWarning(`${root}: no supported file found (indexed extensions: ${extensions.join(' ')}); nothing was indexed from it`);
      if (summary.emptyRoots.length > 0) process.exitCode = NOTHING_TO_INDEX_EXIT_CODE;
      else if (summary.partial) process.exitCode = PARTIAL_RUN_EXIT_CODE;
    });
}

function printPlan(plan: IndexPlan): void {
  const documents = plan.documents;
  printLine(bold('Dry run (nothing written, nothing spent)'));
  printLine(`  documents   ${documents.seen} (${documents.added} new, ${documents.changed} changed, ${documents.unchanged} unchanged, ${documents.removed} to remove)`);
  printLine(`  chunks      ${plan.chunks.total} (${plan.chunks.toExtract} to extract)`);
  printLine(`  extractor   ${plan.extractor}`);
  const estimate = plan.estimate;
  if (!estimate) {
    printLine('  cost        $0 (offline NLP extraction makes no model call)');
  } else {
    printLine(`  model calls ${estimate.calls} (${estimate.cachedChunks} chunks already cached)`);
    printLine(`  tokens      ${estimate.inputTokens} input, about ${estimate.expectedOutputTokens} output (at most ${estimate.maxOutputTokens}); ${estimate.inputTokensPerCorpusToken.toFixed(2)} input tokens per corpus token`);
    printLine(`  cost        about $${estimate.dollars.toFixed(4)} (at most $${estimate.maxDollars.toFixed(4)}; prices: ${estimate.priceSource})`);
  }
  for (const failure of plan.failures) printWarning(`${failure.path}: ${failure.reason}`);
}

function printSummary(summary: IndexSummary): void {
  const documents = summary.documents;
  printLine(bold(summary.partial ? 'Indexed with failures (partial run)' : 'Indexed'));
  printLine(`  documents   ${documents.seen} (${documents.added} added, ${documents.changed} changed, ${documents.unchanged} unchanged, ${documents.removed} removed)`);
  printLine(`  chunks      ${summary.chunks.total} (${summary.chunks.extracted} extracted, ${summary.chunks.reused} reused, ${summary.chunks.empty} yielded no entity${summary.chunks.verbatim > 0 ? `, ${summary.chunks.verbatim} code or table kept verbatim` : ''})`);
  printLine(`  entities    ${summary.entities} (${summary.merges} alias merges)`);
  printLine(`  relations   ${summary.relations} (${summary.typedRelations} typed, ${summary.relations - summary.typedRelations} co-occurrence)`);
  printLine(`  communities ${summary.communities}`);
  const review = summary.reviewDecisions;
  if (review.applied + review.stale.length > 0) printLine(`  reviewed    ${review.applied} review decision(s) applied${review.stale.length > 0 ? `, ${review.stale.length} stale (their extraction is gone: ${review.stale.join(', ')})` : ''}`);
  printLine(`  failures    ${summary.failures.length + summary.extractionFailures.length}`);
  printLine(`  extractor   ${summary.extractor}`);
  if (summary.usage) {
    const total = summary.usage.total;
    printLine(`  model use   ${total.calls} calls (${total.cachedCalls} from cache, ${total.retries} retries), ${total.inputTokens} input + ${total.outputTokens} output tokens, $${total.dollars.toFixed(4)}`);
  }
  if (summary.resumed) printLine(`  resumed     an interrupted run (started ${summary.resumed.startedAt}, stopped in its ${summary.resumed.stage} stage): ${summary.resumed.extractions} chunk extraction(s) taken back from its checkpoint`);
  if (summary.budgetReached) printWarning(`budget reached: ${summary.chunks.pending} chunks are pending; run the same command again to resume (finished calls are cached)`);
  for (const merge of summary.undoneMerges) printLine(`  undone      alias merge "${merge.merged}" → "${merge.kept}" (${merge.reason}): its evidence is gone`);
  if (summary.missingDocuments.length > 0) printWarning(`${summary.missingDocuments.length} indexed document(s) under these paths are gone from disk and were kept (${summary.missingDocuments.slice(0, 3).map((document) => document.path).join(', ')}${summary.missingDocuments.length > 3 ? ', …' : ''}): run \`rhizome index --prune\` with the same paths, or \`rhizome remove\`, to remove them`);
  printLine(`  time        ${summary.seconds.toFixed(2)} s`);
  printLine(`  report      ${summary.reportPath}`);
  for (const file of summary.otherEncodings) printLine(`  encoding    ${file.path}: read as ${file.encoding}`);
  for (const failure of summary.failures) printWarning(`${failure.path}: ${failure.reason}`);
  for (const failure of summary.extractionFailures) printWarning(`${failure.documentPath} (chunk ${failure.chunkId}): ${failure.reason}`);
}
