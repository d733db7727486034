import { Option, type Command } from 'commander';
import { loadConfig } from '../../config/load-config.js';
import { migrateWorkspace, type StoreBackend } from '../../migrate/migrate-workspace.js';
import { globalOptions, parsePositiveInteger } from '../context.js';
import { bold, printJson, printLine } from '../output.js';

interface MigrateOptions {
  to: StoreBackend;
  fromWorkspace?: string;
  replace?: boolean;
  batchSize?: number;
  json?: boolean;
}

/** `rhizome migrate --to neo4j|kuzu`: copy the workspace graph to the other backend and check the counts. */
export function registerMigrateCommand(program: Command): void {
  program
    .command('migrate')
    .description('copy the whole workspace graph (documents, chunks with cached extractions, entities, merges, communities, metadata) to the other store backend')
    .addOption(new Option('--to <backend>', 'backend to copy into (the source is the other one)').choices(['neo4j', 'kuzu']).makeOptionMandatory())
    .option('--from-workspace <dir>', 'workspace of the source store (default: the workspace; the target always uses the workspace)')
    .option('--replace', 'overwrite a target that already holds a graph')
    .option('--batch-size <n>', 'documents per write (default 500)', parsePositiveInteger('--batch-size'))
    .option('--json', 'print the result as JSON')
    .action(async (options: MigrateOptions, command: Command) => {
      const global = globalOptions(command);
      const config = await loadConfig({ ...(global.config ? { configPath: global.config } : {}), overrides: global.workspace ? { workspace: global.workspace } : {} });
      const quiet = Boolean(options.json || global.quiet);
      const result = await migrateWorkspace(config, {
        to: options.to,
        ...(options.fromWorkspace ? { fromWorkspace: options.fromWorkspace } : {}),
        ...(options.replace ? { replace: true } : {}),
        ...(options.batchSize ? { batchDocuments: options.batchSize } : {}),
        onProgress: (event) => {
          if (!quiet) process.stderr.write(`  ${event.stage.padEnd(12)} ${event.done}/${event.total}\n`);
        },
      });
      if (options.json) {
        printJson(result);
        return;
      }
      const counts = result.counts;
      printLine(bold(`Migrated ${result.from} → ${result.to}`));
      printLine(`  documents   ${counts.documents}`);
      printLine(`  chunks      ${counts.chunks}`);
      printLine(`  entities    ${counts.entities} (${result.merges} alias merges)`);
      printLine(`  relations   ${counts.relations} (${counts.typedRelations} typed)`);
      printLine(`  mentions    ${counts.mentions}`);
      printLine(`  communities ${counts.communities}`);
      printLine(`  metadata    ${result.metaKeys.join(', ') || 'none'}`);
      printLine(`  verified    counts match (${result.seconds.toFixed(2)} s)`);
      printLine(`  next        set store.backend to "${options.to}" (or RHIZOME_STORE=${options.to}) to use the copy`);
    });
}
