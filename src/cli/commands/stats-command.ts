import type { Command } from 'commander';
import { bold, printJson, printLine } from '../output.js';
import { withRhizome } from '../context.js';
import { formatSchemaUsage } from '../format-extraction.js';

/** `rhizome stats`: what the workspace holds and which components are in use. */
export function registerStatsCommand(program: Command): void {
  program
    .command('stats')
    .description('show workspace counts and the components in use')
    .option('--json', 'print as JSON')
    .option('--merges', 'also list every alias merge with its reason')
    .option('--schema', 'also show, per node and edge type, the cues and phrases that fired and the typed pairs no phrase linked')
    .action(async (options: { json?: boolean; merges?: boolean; schema?: boolean }, command: Command) => {
      const { stats, merges, undoneMerges, schema } = await withRhizome(command, async (rhizome) => ({
        stats: await rhizome.stats(),
        merges: options.merges ? await rhizome.merges() : [],
        undoneMerges: options.merges ? await rhizome.undoneMerges() : [],
        schema: options.schema ? await rhizome.schemaUsage() : null,
      }));
      if (options.json) {
        printJson({ ...stats, ...(options.merges ? { merges, undoneMerges } : {}), ...(schema ? { schema } : {}) });
        return;
      }
      printLine(bold(`Workspace ${stats.workspace}`));
      printLine(`  store       ${stats.store}`);
      printLine(`  extractor   ${stats.extractor}`);
      printLine(`  answerer    ${stats.answerer}`);
      printLine(`  indexed at  ${stats.lastIndexedAt ?? 'never'}`);
      printLine(`  documents   ${stats.documents}`);
      printLine(`  chunks      ${stats.chunks}`);
      printLine(`  entities    ${stats.entities}  ${formatCounts(stats.entitiesByType)}`);
      printLine(`  relations   ${stats.relations}  ${formatCounts(stats.relationsByType)}`);
      printLine(`  mentions    ${stats.mentions}`);
      printLine(`  communities ${stats.communities}`);
      printLine(`  vectors     ${stats.vectors && stats.vectors.model ? `${stats.vectors.chunks} chunks, ${stats.vectors.entities} entities (${stats.vectors.dimensions} dimensions, ${stats.vectors.model})` : 'none (no embedding model configured)'}`);
      for (const merge of merges) printLine(`  merge  "${merge.merged}" → "${merge.kept}" (${merge.reason})`);
      for (const merge of undoneMerges) printLine(`  undone "${merge.merged}" → "${merge.kept}" (${merge.reason}) at ${merge.at}${merge.removedDocuments.length > 0 ? `, removing ${merge.removedDocuments.join(', ')}` : ''}`);
      if (schema) for (const line of formatSchemaUsage(schema)) printLine(line);
    });
}

function formatCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
}
