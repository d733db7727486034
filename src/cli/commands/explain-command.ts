import type { Command } from 'commander';
import { bold, dim, printJson, printLine } from '../output.js';
import { withRhizome } from '../context.js';
import { describeRelationBasis, describeVotes, oneLine } from '../format-extraction.js';

/** `rhizome explain <file>`: one indexed document's sentences with the entities, types and relations found, and why. */
export function registerExplainCommand(program: Command): void {
  program
    .command('explain')
    .description("show one indexed document's sentences with the entities, types and relations found, and why")
    .argument('<file>', 'an indexed file (or a document id)')
    .option('--json', 'print as JSON')
    .option('--all', 'also show sentences where nothing was found')
    .action(async (file: string, options: { json?: boolean; all?: boolean }, command: Command) => {
      const explanation = await withRhizome(command, (rhizome) => rhizome.explain(file));
      if (options.json) {
        printJson(explanation);
        return;
      }
      printLine(bold(`${explanation.document.path} (${explanation.document.language}, ${explanation.sentences.length} sentences)`));
      for (const sentence of explanation.sentences) {
        if (!options.all && sentence.entities.length === 0 && sentence.relations.length === 0) continue;
        printLine();
        printLine(`${dim(`[${sentence.span.start}–${sentence.span.end}]`)} ${oneLine(sentence.text)}`);
        for (const entity of sentence.entities) {
          const votes = entity.votes && entity.votes.length > 0 ? describeVotes(entity.votes) : 'no cue: fallback type';
          printLine(`  entity   ${entity.name} : ${entity.type}  ${dim(votes)}${entity.description ? dim(` — "${entity.description}"`) : ''}`);
        }
        for (const relation of sentence.relations) {
          printLine(`  relation ${relation.source} (${relation.sourceType}) -[${relation.type}]-> ${relation.target} (${relation.targetType})  ${dim(describeRelationBasis(relation))}`);
        }
      }
      if (explanation.verbatimChunks > 0) printLine(dim(`\n${explanation.verbatimChunks} code or table blocks are searchable but not read for entities`));
      if (explanation.unextractedChunks > 0) printLine(dim(`${explanation.unextractedChunks} chunks have no extraction yet (run \`rhizome index\` again)`));
    });
}
