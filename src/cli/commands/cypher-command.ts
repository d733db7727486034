import type { Command } from 'commander';
import { RhizomeError } from '../../errors/rhizome-error.js';
import { printJson, printLine } from '../output.js';
import { withRhizome } from '../context.js';

/** `rhizome cypher "<query>"`: read-only probes of the graph (seed 002's inspection queries). */
export function registerCypherCommand(program: Command): void {
  program
    .command('cypher')
    .description('run a read-only Cypher query against the workspace graph (writes are rejected)')
    .argument('<query>', 'Cypher query; use $name for parameters')
    .option('-p, --param <name=value...>', 'query parameter (repeatable); numbers and JSON values are parsed')
    .option('--json', 'print rows as JSON')
    .action(async (query: string, options: { param?: string[]; json?: boolean }, command: Command) => {
      const parameters = Object.fromEntries((options.param ?? []).map(parseParameter));
      const rows = await withRhizome(command, (rhizome) => rhizome.cypher(query, parameters));
      if (options.json) printJson(rows);
      else {
        for (const row of rows) printLine(JSON.stringify(row));
        printLine(`(${rows.length} row${rows.length === 1 ? '' : 's'})`);
      }
    });
}

function parseParameter(text: string): [string, unknown] {
  const separator = text.indexOf('=');
  if (separator <= 0) throw new RhizomeError('QUERY_INVALID', `--param "${text}" must look like name=value`);
  const name = text.slice(0, separator);
  const raw = text.slice(separator + 1);
  try {
    return [name, JSON.parse(raw)];
  } catch {
    return [name, raw];
  }
}
