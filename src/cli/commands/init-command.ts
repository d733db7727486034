import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Option, type Command } from 'commander';
import { loadConfig } from '../../config/load-config.js';
import { STARTER_CONFIG_EN, STARTER_CONFIG_FR } from '../../config/templates/starter-config.js';
import { RhizomeError } from '../../errors/rhizome-error.js';
import { proposeSchema } from '../../schema-discovery/propose-schema.js';
import { renderProposalConfig } from '../../schema-discovery/render-proposal-config.js';
import { globalOptions } from '../context.js';
import { printLine } from '../output.js';

interface InitOptions {
  example: 'en' | 'fr';
  from?: string;
  force?: boolean;
  dir: string;
}

/** `rhizome init`: write a commented starter config, or one proposed from a folder of documents (`--from`). */
export function registerInitCommand(program: Command): void {
  program
    .command('init')
    .description('write a commented rhizome.config.ts with a declared graph schema, or one proposed from your documents (--from)')
    .addOption(new Option('--example <language>', 'schema example').choices(['en', 'fr']).default('en'))
    .option('--from <dir>', 'read the documents of a folder offline and propose node and edge types from them')
    .option('--force', 'overwrite an existing config file')
    .option('--dir <dir>', 'folder to write into', '.')
    .action(async (options: InitOptions, command: Command) => {
      const file = path.resolve(options.dir, 'rhizome.config.ts');
      if (existsSync(file) && !options.force) throw new RhizomeError('INPUT_INVALID', `${file} already exists (use --force to overwrite)`);
      if (options.from === undefined) {
        writeFileSync(file, options.example === 'fr' ? STARTER_CONFIG_FR : STARTER_CONFIG_EN);
        printLine(`Wrote ${file}`);
        printLine('Next: edit the schema, then run `rhizome index <folder>` and `rhizome query "<question>"`.');
        return;
      }
      const global = globalOptions(command);
      // Discovery starts from the configured schema (the built-in one when there is no config file).
      const config = await loadConfig(global.config ? { configPath: global.config } : {});
      const proposal = await proposeSchema(options.from, config);
      writeFileSync(file, renderProposalConfig(proposal, options.from));
      const created = proposal.nodeTypes.filter((type) => type.joins === undefined).map((type) => type.name);
      printLine(`Wrote ${file}, proposed from ${proposal.documents} documents:`);
      printLine(`  node types  ${proposal.schema.nodeTypes.length} (new: ${created.join(', ') || 'none'})`);
      const extendedEdges = proposal.edgeTypes.filter((edge) => edge.extends !== undefined).map((edge) => edge.definition.name);
      printLine(`  edge types  ${proposal.schema.edgeTypes.length} (new: ${proposal.edgeTypes.filter((edge) => edge.extends === undefined).map((edge) => edge.definition.name).join(', ') || 'none'}${extendedEdges.length > 0 ? `; extended: ${extendedEdges.join(', ')}` : ''})`);
      for (const failure of proposal.failures) printLine(`  not read    ${failure.path}: ${failure.reason}`);
      printLine(`Next: edit it, then \`rhizome index ${options.from}\` and \`rhizome stats --schema\`.`);
    });
}
