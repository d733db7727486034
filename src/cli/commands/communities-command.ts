import type { Command } from 'commander';
import { parsePositiveInteger, withRhizome } from '../context.js';
import { bold, dim, printJson, printLine } from '../output.js';

/** `rhizome communities [--level N]`: the community hierarchy with titles and sizes. */
export function registerCommunitiesCommand(program: Command): void {
  program
    .command('communities')
    .description('list the communities of entities (hierarchical Leiden) with their titles and sizes')
    .option('--level <n>', 'only this level (0 = top)', (value: string) => (value === '0' ? 0 : parsePositiveInteger('--level')(value)))
    .option('--report', 'print each community report (summary, key entities, relations, findings)')
    .option('--json', 'print as JSON')
    .action(async (options: { level?: number; report?: boolean; json?: boolean }, command: Command) => {
      const communities = await withRhizome(command, (rhizome) => rhizome.communities());
      const shown = options.level === undefined ? communities : communities.filter((community) => community.level === options.level);
      if (options.json) {
        printJson(shown);
        return;
      }
      printLine(bold(`${shown.length} communities${options.level === undefined ? '' : ` at level ${options.level}`}`));
      for (const community of shown) {
        printLine(`  ${community.id.padEnd(10)} level ${community.level}  ${String(community.memberIds.length).padStart(4)} entities  ${community.report.title}${community.parentId ? dim(`  (in ${community.parentId})`) : ''}`);
        if (!options.report) continue;
        printLine(`      ${community.report.summary}`);
        for (const finding of community.report.findings.slice(0, 3)) printLine(dim(`      · ${finding.text.replace(/\s+/g, ' ').slice(0, 160)}`));
      }
    });
}
