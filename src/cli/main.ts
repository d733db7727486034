#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { registerCommunitiesCommand } from './commands/communities-command.js';
import { registerCypherCommand } from './commands/cypher-command.js';
import { registerDoctorCommand } from './commands/doctor-command.js';
import { registerEvalCommand } from './commands/eval-command.js';
import { registerExplainCommand } from './commands/explain-command.js';
import { registerExportCommands } from './commands/export-command.js';
import { registerIndexCommand } from './commands/index-command.js';
import { registerInitCommand } from './commands/init-command.js';
import { registerMcpCommand } from './commands/mcp-command.js';
import { registerMigrateCommand } from './commands/migrate-command.js';
import { registerQueryCommand } from './commands/query-command.js';
import { registerHistoryCommand } from './commands/history-command.js';
import { registerRemoveCommand } from './commands/remove-command.js';
import { registerReviewCommand } from './commands/review-command.js';
import { registerServeCommand } from './commands/serve-command.js';
import { registerStatsCommand } from './commands/stats-command.js';
import { exitCodeFor } from './exit-codes.js';
import { printError } from './output.js';

/** Builds the `rhizome` command line; each command lives in its own file. */
export function buildProgram(): Command {
  const program = new Command('rhizome')
    .description('GraphRAG for TypeScript: typed knowledge graphs from your documents, multi-hop answers with citations')
    .version('0.1.0')
    .option('-w, --workspace <dir>', 'workspace folder holding the graph database (default .rhizome)')
    .option('-c, --config <file>', 'config file (default rhizome.config.{ts,js,json} in the working directory)')
    .option('-q, --quiet', 'no progress output')
    .exitOverride()
    .showHelpAfterError();
  registerInitCommand(program);
  registerIndexCommand(program);
  registerRemoveCommand(program);
  registerQueryCommand(program);
  registerHistoryCommand(program);
  registerCypherCommand(program);
  registerStatsCommand(program);
  registerExplainCommand(program);
  registerCommunitiesCommand(program);
  registerEvalCommand(program);
  registerMigrateCommand(program);
  registerExportCommands(program);
  registerServeCommand(program);
  registerMcpCommand(program);
  registerDoctorCommand(program);
  registerReviewCommand(program);
  return program;
}

async function main(): Promise<void> {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  try {
    await buildProgram().parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 2;
      return;
    }
    printError(error instanceof Error ? error.message : String(error));
    process.exitCode = exitCodeFor(error);
  }
}

await main();
