import type { Command } from 'commander';
import type { IndexSummary } from '../../indexing/index-summary.js';
import { bold, printJson, printLine } from '../output.js';
import { createProgressDisplay } from '../progress.js';
import { globalOptions, withRhizome } from '../context.js';

/** `rhizome remove <path|id…>`: delete documents and the evidence that rested on them. */
export function registerRemoveCommand(program: Command): void {
  program
    .command('remove')
    .description('remove indexed documents (by id, file path, or folder) with their chunks, mentions and the relations and entities only they supported; the graph is rebuilt from the rest')
    .argument('<targets...>', 'document ids, indexed file paths, or folders')
    .option('--erase', 'also erase their history: by default their facts stay, retracted at the removal, for queries with --known-at before it')
    .option('--json', 'print the run summary as JSON')
    .action(async (targets: string[], options: { json?: boolean; erase?: boolean }, command: Command) => {
      const quiet = Boolean(options.json || globalOptions(command).quiet);
      const summary = await withRhizome(command, async (rhizome) => {
        const progress = createProgressDisplay(quiet);
        const controller = new AbortController();
        const onSignal = () => controller.abort();
        process.once('SIGINT', onSignal);
        try {
          return await rhizome.remove(targets, { onEvent: progress.sink, signal: controller.signal, erase: options.erase === true });
        } finally {
          progress.stop();
          process.off('SIGINT', onSignal);
        }
      });
      if (options.json) printJson(summary);
      else printRemoval(summary);
    });
}

function printRemoval(summary: IndexSummary): void {
  printLine(bold(`Removed ${summary.removedDocuments.length} document(s)`));
  for (const document of summary.removedDocuments) printLine(`  removed     ${document.path} (${document.id})`);
  printLine(`  left        ${summary.chunks.total} chunks, ${summary.entities} entities, ${summary.relations} relations, ${summary.communities} communities`);
  for (const merge of summary.undoneMerges) printLine(`  undone      alias merge "${merge.merged}" → "${merge.kept}" (${merge.reason}): its evidence is gone`);
  printLine(`  time        ${summary.seconds.toFixed(2)} s`);
  printLine(`  report      ${summary.reportPath}`);
}
