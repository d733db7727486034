import type { Command } from 'commander';
import type { EntityHistory, HistoryEvent } from '../../history/entity-history.js';
import type { Citation } from '../../core/records.js';
import { bold, dim, printJson, printLine } from '../output.js';
import { withRhizome } from '../context.js';

/** `rhizome history <entity>`: the facts about an entity that started, ended or were superseded, with citations. */
export function registerHistoryCommand(program: Command): void {
  program
    .command('history')
    .description('the facts about an entity that started, ended or were superseded, with their evidence')
    .argument('<entity>', 'an entity name or id')
    .option('--from <date>', 'only changes on or after this date (what changed between --from and --to)')
    .option('--to <date>', 'only changes on or before this date')
    .option('--known-at <time>', 'the history as it was stored at this time (older versions of edited or removed documents included)')
    .option('--json', 'print the history as JSON')
    .action(async (entity: string, options: { from?: string; to?: string; knownAt?: string; json?: boolean }, command: Command) => {
      const range = { ...(options.from ? { from: options.from } : {}), ...(options.to ? { to: options.to } : {}), ...(options.knownAt ? { knownAt: options.knownAt } : {}) };
      const history = await withRhizome(command, (rhizome) => rhizome.history(entity, range));
      if (options.json) printJson(history);
      else printHistory(history);
    });
}

function printHistory(history: EntityHistory): void {
  printLine(bold(`${history.entity.name} (${history.entity.type})`));
  if (history.events.length === 0) printLine(dim('  no dated fact about it'));
  for (const event of history.events) printEvent(event);
}

function printEvent(event: HistoryEvent): void {
  const arrow = event.direction === 'out' ? `—${event.type}→ ${event.other.name}` : `←${event.type}— ${event.other.name}`;
  printLine(`  ${event.date}  ${event.kind.padEnd(11)} ${arrow}${event.interim ? ' (interim)' : ''}: "${event.evidence}"${cite(event.citation)}`);
  if (event.successor) printLine(`              by ${event.successor.other.name}: "${event.successor.evidence}"${cite(event.successor.citation)}`);
  if (event.restatement) printLine(`              date from a later statement: "${event.restatement.evidence}"${cite(event.restatement.citation)}`);
  if (event.reason) printLine(dim(`              why: ${event.reason}`));
}

function cite(citation: Citation | null): string {
  return citation ? dim(` — ${citation.label}${citation.path ? `, ${citation.path}` : ''}${citation.span ? ` (characters ${citation.span.start}–${citation.span.end})` : ''}`) : '';
}
