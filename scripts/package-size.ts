import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { replaceMarkedBlock } from '../src/eval/dev-table.js';
import { formatMegabytes, packAndInstall } from './package/pack-and-install.js';

/** Start and end markers of the README's generated install-size line. */
const MARKERS = { start: '<!-- package-size:start -->', end: '<!-- package-size:end -->' } as const;

// Packs the package, installs it into a fresh project without optional peers, prints the sizes and
// writes them into README.md's install section.
const repoRoot = path.resolve(import.meta.dirname, '..');
const installed = await packAndInstall(repoRoot);
rmSync(path.dirname(installed.projectDir), { recursive: true, force: true });
const line =
  `Measured by \`npm run package:size\` (\`npm pack\`, then \`npm install --omit=optional\` of the tarball into an empty project, ${process.platform}-${process.arch}): ` +
  `tarball ${formatMegabytes(installed.tarballBytes)}; installed ${installed.packageCount} packages, ${formatMegabytes(installed.installBytes)} in node_modules; ` +
  `largest: ${installed.largest.map((entry) => `\`${entry.name}\` ${formatMegabytes(entry.bytes)}`).join(', ')}.`;
console.log(line);
const readme = path.join(repoRoot, 'README.md');
writeFileSync(readme, replaceMarkedBlock(readFileSync(readme, 'utf8'), line, MARKERS));
