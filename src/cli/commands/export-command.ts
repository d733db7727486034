import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Option, type Command } from 'commander';
import { RhizomeError } from '../../errors/rhizome-error.js';
import { isExtractionsFile } from '../../export/read-extractions.js';
import { PARTIAL_RUN_EXIT_CODE } from '../exit-codes.js';
import { printJson, printLine, printWarning } from '../output.js';
import { withRhizome } from '../context.js';

/** `rhizome export` and `rhizome import`: the graph as data, and back. */
export function registerExportCommands(program: Command): void {
  program
    .command('export')
    .description('write the workspace graph (documents, chunks with spans, entities, relations with evidence, mentions, merges, communities) deterministically: JSON lines (read back by import), GraphML (the entity graph), CSV (one file per kind) or a Cypher script')
    .addOption(new Option('--format <format>', 'output format').choices(['jsonl', 'graphml', 'csv', 'cypher']).default('jsonl'))
    .option('-o, --output <path>', 'write to this file (a folder for csv) instead of standard output')
    .option('--transaction-time', 'also write when documents and facts were recorded and closed (recordedAt, invalidatedAt), which differ from run to run')
    .action(async (options: { format: 'jsonl' | 'graphml' | 'csv' | 'cypher'; output?: string; transactionTime?: boolean }, command: Command) => {
      const transactionTime = options.transactionTime === true;
      if (options.format === 'csv') {
        if (!options.output) throw new RhizomeError('INPUT_INVALID', 'export --format csv writes one file per record kind: give the folder with --output <folder>');
        const folder = path.resolve(options.output);
        const files = await withRhizome(command, (rhizome) => rhizome.exportGraphCsv({ transactionTime }));
        mkdirSync(folder, { recursive: true });
        for (const [name, content] of files) writeFileSync(path.join(folder, name), content);
        return;
      }
      const format = options.format;
      const text = await withRhizome(command, (rhizome) => rhizome.exportGraph({ format, transactionTime }));
      if (options.output) writeFileSync(path.resolve(options.output), text);
      else process.stdout.write(text);
    });
  program
    .command('import')
    .description('load a `rhizome export --format jsonl` file into an empty workspace, or add documents with extractions made elsewhere (a rhizome-extractions JSONL file)')
    .argument('<file>', 'the JSONL export or extractions file')
    .option('--json', 'print what was imported as JSON')
    .action(async (file: string, options: { json?: boolean }, command: Command) => {
      let jsonl: string;
      try {
        jsonl = readFileSync(path.resolve(file), 'utf8');
      } catch (cause) {
        throw new RhizomeError('INPUT_NOT_FOUND', `cannot read ${file}: ${(cause as Error).message}`, { cause });
      }
      if (isExtractionsFile(jsonl)) {
        const summary = await withRhizome(command, (rhizome) => rhizome.importExtractions(jsonl, { baseFolder: path.dirname(path.resolve(file)), origin: file }));
        if (options.json) printJson(summary);
        else printLine(`Imported extractions: ${summary.documents.added} documents added, ${summary.documents.changed} changed; ${summary.entities} entities, ${summary.relations} relations, ${summary.communities} communities in the graph`);
        for (const failure of summary.extractionFailures) printWarning(`${failure.documentPath}: ${failure.reason}`);
        if (summary.partial) process.exitCode = PARTIAL_RUN_EXIT_CODE;
        return;
      }
      const result = await withRhizome(command, (rhizome) => rhizome.importGraph(jsonl, file));
      if (options.json) printJson(result);
      else printLine(`Imported ${result.documents} documents, ${result.chunks} chunks, ${result.entities} entities, ${result.relations} relations, ${result.mentions} mentions, ${result.merges} merges, ${result.communities} communities${result.overrides > 0 ? `, ${result.overrides} review decisions` : ''}`);
    });
}
