import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Option, type Command } from 'commander';
import { RhizomeError } from '../../errors/rhizome-error.js';
import { printJson, printLine } from '../output.js';
import { withRhizome } from '../context.js';

/** `rhizome export` and `rhizome import`: the graph as data, and back. */
export function registerExportCommands(program: Command): void {
  program
    .command('export')
    .description('write the workspace graph (documents, chunks with spans, entities, relations with evidence, mentions, merges, communities) as deterministic JSON lines')
    .addOption(new Option('--format <format>', 'output format').choices(['jsonl']).default('jsonl'))
    .option('-o, --output <file>', 'write to this file instead of standard output')
    .action(async (options: { format: 'jsonl'; output?: string }, command: Command) => {
      const jsonl = await withRhizome(command, (rhizome) => rhizome.exportGraph({ format: options.format }));
      if (options.output) writeFileSync(path.resolve(options.output), jsonl);
      else process.stdout.write(jsonl);
    });
  program
    .command('import')
    .description('load a `rhizome export --format jsonl` file into an empty workspace')
    .argument('<file>', 'the JSONL export')
    .option('--json', 'print what was imported as JSON')
    .action(async (file: string, options: { json?: boolean }, command: Command) => {
      let jsonl: string;
      try {
        jsonl = readFileSync(path.resolve(file), 'utf8');
      } catch (cause) {
        throw new RhizomeError('INPUT_NOT_FOUND', `cannot read ${file}: ${(cause as Error).message}`, { cause });
      }
      const result = await withRhizome(command, (rhizome) => rhizome.importGraph(jsonl, file));
      if (options.json) printJson(result);
      else printLine(`Imported ${result.documents} documents, ${result.chunks} chunks, ${result.entities} entities, ${result.relations} relations, ${result.mentions} mentions, ${result.merges} merges, ${result.communities} communities`);
    });
}
