import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Option, type Command } from 'commander';
import { STARTER_CONFIG_EN, STARTER_CONFIG_FR } from '../../config/templates/starter-config.js';
import { RhizomeError } from '../../errors/rhizome-error.js';
import { printLine } from '../output.js';

/** `rhizome init`: write a commented starter config with a declared graph schema. */
export function registerInitCommand(program: Command): void {
  program
    .command('init')
    .description('write a commented rhizome.config.ts with a declared graph schema')
    .addOption(new Option('--example <language>', 'schema example').choices(['en', 'fr']).default('en'))
    .option('--force', 'overwrite an existing config file')
    .option('--dir <dir>', 'folder to write into', '.')
    .action((options: { example: 'en' | 'fr'; force?: boolean; dir: string }) => {
      const file = path.resolve(options.dir, 'rhizome.config.ts');
      if (existsSync(file) && !options.force) throw new RhizomeError('INPUT_INVALID', `${file} already exists (use --force to overwrite)`);
      writeFileSync(file, options.example === 'fr' ? STARTER_CONFIG_FR : STARTER_CONFIG_EN);
      printLine(`Wrote ${file}`);
      printLine('Next: edit the schema, then run `rhizome index <folder>` and `rhizome query "<question>"`.');
    });
}
