import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { replaceMarkedBlock } from '../src/eval/dev-table.js';
import type { DevEvalSet } from '../src/eval/dev-sets.js';
import { runDevSet, type DevSetOutcome } from '../src/eval/run-dev-set.js';
import { DEFAULT_RECALL_CUTOFFS } from '../src/eval/summary.js';
import { renderMarkdownTable } from '../src/eval/table.js';
import { testAssetsDir, TEST_ASSETS } from '../test/helpers/test-assets.js';

const HOTPOTQA = path.resolve('..', 'shared', 'eval', 'data', 'hotpotqa_hipporag_train100.json');
const WORKSPACE_ROOT = path.resolve('.rhizome-eval', 'embeddings');
const README_MARKERS = { start: '<!-- eval:embeddings:start -->', end: '<!-- eval:embeddings:end -->' } as const;

/** The sentence-embedding model folder: `--model <folder>`, else the MiniLM model of the test assets. */
function modelFolder(): string {
  const flag = process.argv.indexOf('--model');
  const folder = flag === -1 ? path.join(testAssetsDir(), TEST_ASSETS.minilm.relative) : path.resolve(process.argv[flag + 1] ?? '');
  if (!existsSync(folder)) throw new Error(`embedding model folder not found: ${folder} (run scripts/fetch-test-assets.sh, or pass --model <folder>)`);
  return folder;
}

function recallRows(outcome: DevSetOutcome, embeddings: string): string[][] {
  if (outcome.status !== 'ok') throw new Error(`${outcome.name} (${embeddings}): ${outcome.status}, ${outcome.reason ?? ''}`);
  return Object.entries(outcome.retrieval ?? {}).map(([method, summary]) => [
    method,
    embeddings,
    ...DEFAULT_RECALL_CUTOFFS.map((k) => ((summary.recall[String(k)] ?? 0) * 100).toFixed(1)),
  ]);
}

/**
 * `npm run eval:embeddings [-- --model <folder>] [-- --write-readme]`: HotpotQA recall (the 100
 * development questions) with a local sentence-embedding model (transformers.js) beside the same
 * methods without one, each indexed into a new workspace. `--write-readme` puts the table in the
 * README's embeddings paragraph.
 */
async function main(): Promise<void> {
  const model = modelFolder();
  rmSync(WORKSPACE_ROOT, { recursive: true, force: true });
  const set = (methods: DevEvalSet['methods']): DevEvalSet => ({ name: 'hotpotqa', kind: 'retrieval', file: HOTPOTQA, methods, heldOut: false });
  const log = (line: string) => console.error(line);
  const options = { requireFiles: true, log };
  const without = await runDevSet(set(['bm25', 'local']), { ...options, workspaceRoot: path.join(WORKSPACE_ROOT, 'none') });
  const withModel = await runDevSet(set(['vector', 'local']), {
    ...options,
    workspaceRoot: path.join(WORKSPACE_ROOT, 'model'),
    config: { embeddings: { provider: 'transformers', modelPath: model } },
  });
  const modelName = path.basename(model);
  const header = ['Method', 'Embeddings', ...DEFAULT_RECALL_CUTOFFS.map((k) => `R@${k}`)];
  const table = renderMarkdownTable(header, [...recallRows(without, 'none'), ...recallRows(withModel, modelName)]);
  console.log(table);
  if (process.argv.includes('--write-readme')) {
    const readme = path.resolve('README.md');
    writeFileSync(readme, replaceMarkedBlock(readFileSync(readme, 'utf8'), table, README_MARKERS));
    console.log('README.md: embeddings table regenerated.');
  }
}

await main();
