import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runDevEvaluation } from '../src/eval/dev-eval.js';
import { DEV_COVERAGE_METHODS, DEV_RETRIEVAL_METHODS, findFixtureSets, findHeldOutSets, type DevEvalSet } from '../src/eval/dev-sets.js';
import { renderDevTable, replaceMarkedBlock } from '../src/eval/dev-table.js';

const SHARED_EVAL = path.resolve('..', 'shared', 'eval');
const HELD_OUT_FOLDER = path.resolve('test', 'fixtures', 'heldout');
const DEV_FIXTURE_FOLDER = path.resolve('test', 'fixtures', 'dev');
const EVAL_ROOT = path.resolve('.rhizome-eval');

/** The development sets of `../shared/eval` and of test/fixtures/dev (written by the project), then every held-out set found in test/fixtures/heldout. */
function developmentSets(): DevEvalSet[] {
  const coverage = (name: string): DevEvalSet => ({
    name,
    kind: 'coverage',
    file: path.join(SHARED_EVAL, 'data', `${name}.json`),
    docs: path.join(SHARED_EVAL, 'corpora', name),
    methods: [...DEV_COVERAGE_METHODS],
    heldOut: false,
  });
  return [
    coverage('corpus_en'),
    coverage('corpus_fr2'),
    { name: 'hotpotqa', kind: 'retrieval', file: path.join(SHARED_EVAL, 'data', 'hotpotqa_hipporag_train100.json'), methods: [...DEV_RETRIEVAL_METHODS], heldOut: false },
    ...findFixtureSets(DEV_FIXTURE_FOLDER, false),
    ...findHeldOutSets(HELD_OUT_FOLDER),
  ];
}

/**
 * `npm run eval:dev [-- --fresh] [-- --write-readme]`: every development and held-out set, offline, in one table.
 * `--fresh` indexes every set into new workspaces; `--write-readme` implies it, so the README shows what
 * a new user gets from a clone, never figures that depend on which builds a workspace went through.
 */
async function main(): Promise<void> {
  const writeReadme = process.argv.includes('--write-readme');
  const fresh = writeReadme || process.argv.includes('--fresh');
  const workspaceRoot = path.join(EVAL_ROOT, 'dev');
  if (fresh) rmSync(workspaceRoot, { recursive: true, force: true });
  const sets = developmentSets();
  const heldOutNote = sets.some((set) => set.heldOut) ? [] : [`skipped held-out sets: none found in ${path.relative(process.cwd(), HELD_OUT_FOLDER)}/*.json`];
  const report = await runDevEvaluation({
    sets,
    workspaceRoot,
    latestFile: path.join(EVAL_ROOT, 'dev-latest.json'),
    reportFolder: path.join(EVAL_ROOT, 'dev-reports'),
    requireFiles: process.env.CI === 'true',
    log: (line) => console.error(line),
  });
  console.log(report.previous === null ? 'No previous run to compare with.' : `Figures in parentheses: previous run (${report.previous.generatedAt}).`);
  console.log('');
  console.log(report.table);
  for (const note of [...report.notes, ...heldOutNote]) console.log(note);
  console.log(`\nReports with every development answer: ${path.relative(process.cwd(), path.join(EVAL_ROOT, 'dev-reports'))}/ (none for held-out sets).`);
  if (writeReadme) {
    const readme = path.resolve('README.md');
    writeFileSync(readme, replaceMarkedBlock(readFileSync(readme, 'utf8'), renderDevTable(report.run.sets)));
    console.log('README.md: evaluation table regenerated.');
  }
  if (report.failed) process.exitCode = 1;
}

await main();
