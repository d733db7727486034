import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_RANKING_PROFILE, type RankingProfile } from '../src/config/ranking-profile.js';
import { ABLATIONS, type Ablation } from './ablation-signals.js';
import { loadCoverageQuestions, loadRetrievalDataset, type CoverageDataset, type RetrievalDataset } from '../src/eval/datasets.js';
import type { DevEvalSet } from '../src/eval/dev-sets.js';
import { replaceMarkedBlock } from '../src/eval/dev-table.js';
import { coverageDocumentsFolder, writeDocumentFolder } from '../src/eval/document-folder.js';
import { indexFolder } from '../src/eval/run-dev-set.js';
import { runCoverageEvaluation } from '../src/eval/run-coverage.js';
import { runRetrievalEvaluation } from '../src/eval/run-retrieval.js';
import { renderMarkdownTable } from '../src/eval/table.js';
import { createRhizome } from '../src/rhizome.js';

/**
 * `npm run bench:ablation [-- --json <file>] [-- --write-readme]`: turns each signal of the ranking
 * profile off in turn, offline with the default configuration, and shows what it costs on every
 * development set: `auto` coverage on corpus_en, corpus_fr2 and the project's own development sets (75/150-word answer budget, as eval:dev)
 * and `local` recall@5 on the 100 HotpotQA questions. Held-out sets are never part of it: a signal
 * is judged on the sets it may be tuned on, and the held-out ones stay unseen.
 */

const SHARED_EVAL = path.resolve('..', 'shared', 'eval');
/** The eval:dev workspaces (same default indexing configuration), so a set indexed by either is reused by both. */
const WORKSPACE_ROOT = path.resolve('.rhizome-eval', 'dev');
const HELD_OUT_FOLDER = path.resolve('test', 'fixtures', 'heldout');

const ABLATION_README_MARKERS = { start: '<!-- ablation:start -->', end: '<!-- ablation:end -->' } as const;


/** A development set of the ablation and the one figure read from it. */
interface AblationSet extends DevEvalSet {
  column: string;
}

const SETS: readonly AblationSet[] = [
  { name: 'corpus_en', column: 'corpus_en mean', kind: 'coverage', file: path.join(SHARED_EVAL, 'data', 'corpus_en.json'), docs: path.join(SHARED_EVAL, 'corpora', 'corpus_en'), methods: ['auto'], heldOut: false },
  { name: 'corpus_fr2', column: 'corpus_fr2 mean', kind: 'coverage', file: path.join(SHARED_EVAL, 'data', 'corpus_fr2.json'), docs: path.join(SHARED_EVAL, 'corpora', 'corpus_fr2'), methods: ['auto'], heldOut: false },
  { name: 'dev/maritime-port-en', column: 'maritime-port-en mean', kind: 'coverage', file: path.resolve('test', 'fixtures', 'dev', 'maritime-port-en.json'), methods: ['auto'], heldOut: false },
  { name: 'dev/universite-recherche-fr', column: 'universite-recherche-fr mean', kind: 'coverage', file: path.resolve('test', 'fixtures', 'dev', 'universite-recherche-fr.json'), methods: ['auto'], heldOut: false },
  { name: 'dev/parks-trust-en', column: 'parks-trust-en mean', kind: 'coverage', file: path.resolve('test', 'fixtures', 'dev', 'parks-trust-en.json'), methods: ['auto'], heldOut: false },
  { name: 'dev/spectacle-vivant-fr', column: 'spectacle-vivant-fr mean', kind: 'coverage', file: path.resolve('test', 'fixtures', 'dev', 'spectacle-vivant-fr.json'), methods: ['auto'], heldOut: false },
  // Written blind by a helper that read neither the engine nor the other sets: the least fitted of the development sets.
  { name: 'dev/transit-authority-en', column: 'transit-authority-en mean', kind: 'coverage', file: path.resolve('test', 'fixtures', 'dev', 'transit-authority-en.json'), methods: ['auto'], heldOut: false },
  { name: 'dev/aero-mro-en', column: 'aero-mro-en mean', kind: 'coverage', file: path.resolve('test', 'fixtures', 'dev', 'aero-mro-en.json'), methods: ['auto'], heldOut: false },
  { name: 'dev/mining-company-en', column: 'mining-company-en mean', kind: 'coverage', file: path.resolve('test', 'fixtures', 'dev', 'mining-company-en.json'), methods: ['auto'], heldOut: false },
  { name: 'dev/dechets-syndicat-fr', column: 'dechets-syndicat-fr mean', kind: 'coverage', file: path.resolve('test', 'fixtures', 'dev', 'dechets-syndicat-fr.json'), methods: ['auto'], heldOut: false },
  { name: 'hotpotqa', column: 'HotpotQA R@5', kind: 'retrieval', file: path.join(SHARED_EVAL, 'data', 'hotpotqa_hipporag_train100.json'), methods: ['local'], heldOut: false },
];

/** One row of the result: a variant's figure on each set and its difference from the baseline. */
interface AblationRow {
  signal: string;
  off: number | null;
  note?: string;
  scores: Record<string, number>;
  deltas: Record<string, number>;
  verdict: string;
}

type Loaded = { set: AblationSet; workspace: string } & ({ kind: 'coverage'; dataset: CoverageDataset } | { kind: 'retrieval'; dataset: RetrievalDataset });

function profileWithout(ablation: Ablation): RankingProfile {
  const profile = structuredClone(DEFAULT_RANKING_PROFILE);
  const section = profile[ablation.section] as Record<string, number>;
  if (!(ablation.key in section)) throw new Error(`ablation: the ranking profile has no ${ablation.section}.${ablation.key}`);
  section[ablation.key] = ablation.off;
  return profile;
}

/** Writes the set's documents where eval:dev does and indexes them once (unchanged documents are skipped). */
async function prepare(set: AblationSet, log: (line: string) => void): Promise<Loaded> {
  if (set.heldOut || path.resolve(set.file).startsWith(HELD_OUT_FOLDER)) throw new Error(`ablation: ${set.name} is a held-out set and must not be ablated`);
  const workspace = path.join(WORKSPACE_ROOT, set.name);
  const rhizome = createRhizome({ workspace });
  try {
    if (set.kind === 'retrieval') {
      const dataset = await loadRetrievalDataset(set.file);
      const passages = path.join(workspace, 'passages');
      writeDocumentFolder(dataset.corpus, passages);
      await indexFolder(rhizome, set, passages, { log });
      return { set, workspace, kind: 'retrieval', dataset };
    }
    const dataset = await loadCoverageQuestions(set.file);
    await indexFolder(rhizome, set, coverageDocumentsFolder(dataset, set.file, workspace, set.docs), { log });
    return { set, workspace, kind: 'coverage', dataset };
  } finally {
    await rhizome.close();
  }
}

/**
 * The set's figure under one profile. Ranking only affects queries, but an open Rhizome has no way to
 * change its configuration, so each variant opens the already-indexed workspace with its own
 * `query.ranking` (the path a user's configuration takes) and nothing is re-indexed.
 */
async function measure(loaded: Loaded, ranking: RankingProfile): Promise<number> {
  const rhizome = createRhizome({ workspace: loaded.workspace, query: { ranking } });
  try {
    if (loaded.kind === 'retrieval') {
      const result = await runRetrievalEvaluation(rhizome, loaded.dataset, loaded.set.methods, [5]);
      return result.methods.local?.recall['5'] ?? Number.NaN;
    }
    const result = await runCoverageEvaluation(rhizome, loaded.dataset.questions, loaded.set.methods);
    return result.methods.auto?.mean ?? Number.NaN;
  } finally {
    await rhizome.close();
  }
}

/** Off minus baseline, as shown: coverage to 2 decimals (3 when smaller), recall in points. */
function formatCell(set: AblationSet, value: number, delta: number | null): string {
  const isRecall = set.kind === 'retrieval';
  const shown = isRecall ? (value * 100).toFixed(1) : value.toFixed(2);
  if (delta === null) return shown;
  const magnitude = Math.abs(isRecall ? delta * 100 : delta);
  const digits = isRecall ? 1 : magnitude > 0 && magnitude < 0.005 ? 3 : 2;
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
  return `${shown} (${sign}${magnitude.toFixed(digits)})`;
}

/**
 * Turning a signal off lowers a set's figure when the signal helps it. "helps all" / "hurts all": every
 * set that moved moved the same way (sets it cannot move, such as HotpotQA recall for the answerer's
 * sentence weights, are named); "mixed: a fit?": it helps one set at another's expense.
 */
function verdictOf(deltas: Record<string, number>): string {
  const moved = SETS.filter((set) => Math.abs(deltas[set.name] ?? 0) > 1e-9);
  if (moved.length === 0) return 'no effect';
  const unmoved = SETS.filter((set) => !moved.includes(set)).map((set) => set.name);
  const suffix = unmoved.length > 0 ? ` (no effect on ${unmoved.join(', ')})` : '';
  if (moved.every((set) => (deltas[set.name] as number) < 0)) return `helps all${suffix}`;
  if (moved.every((set) => (deltas[set.name] as number) > 0)) return `hurts all${suffix}`;
  return 'mixed: a fit?';
}

function renderAblationTable(rows: readonly AblationRow[]): string {
  const header = ['Signal (off value)', ...SETS.map((set) => set.column), 'Verdict'];
  return renderMarkdownTable(
    header,
    rows.map((row) => [
      row.off === null ? row.signal : `${row.signal} = ${row.off}${row.note ? ` (${row.note.replace(/^[^:]*: /, '')})` : ''}`,
      ...SETS.map((set) => formatCell(set, row.scores[set.name] as number, row.off === null ? null : (row.deltas[set.name] as number))),
      row.verdict,
    ]),
  );
}

function optionValue(name: string): string | undefined {
  const position = process.argv.indexOf(name);
  if (position === -1) return undefined;
  const value = process.argv[position + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${name} needs a file name`);
  return value;
}

async function main(): Promise<void> {
  const jsonFile = optionValue('--json');
  const writeReadme = process.argv.includes('--write-readme');
  const log = (line: string): void => console.error(line);
  const started = performance.now();
  const variants: Array<{ ablation: Ablation | null; profile: RankingProfile }> = [{ ablation: null, profile: DEFAULT_RANKING_PROFILE }, ...ABLATIONS.map((ablation) => ({ ablation, profile: profileWithout(ablation) }))];
  const scores = variants.map(() => ({}) as Record<string, number>);
  for (const set of SETS) {
    const loaded = await prepare(set, log);
    const setStarted = performance.now();
    for (const [position, variant] of variants.entries()) (scores[position] as Record<string, number>)[set.name] = await measure(loaded, variant.profile);
    log(`  ${set.name}: ${variants.length} profiles in ${((performance.now() - setStarted) / 1000).toFixed(1)} s`);
  }
  const baseline = scores[0] as Record<string, number>;
  const rows: AblationRow[] = variants.map((variant, position) => {
    const own = scores[position] as Record<string, number>;
    const deltas = Object.fromEntries(SETS.map((set) => [set.name, (own[set.name] as number) - (baseline[set.name] as number)]));
    if (variant.ablation === null) return { signal: 'baseline (default profile)', off: null, scores: own, deltas, verdict: '' };
    const { section, key, off, note } = variant.ablation;
    return { signal: `${section}.${key}`, off, ...(note ? { note } : {}), scores: own, deltas, verdict: verdictOf(deltas) };
  });
  const seconds = (performance.now() - started) / 1000;
  const table = renderAblationTable(rows);
  console.log(table);
  console.log(`\n${rows.length - 1} signals and the baseline on ${SETS.length} sets in ${seconds.toFixed(0)} s (coverage: auto mean, 75/150-word budget; recall: local R@5 in %; in parentheses: off − baseline).`);
  if (jsonFile !== undefined) {
    mkdirSync(path.dirname(path.resolve(jsonFile)), { recursive: true });
    const sets = SETS.map((set) => ({ name: set.name, kind: set.kind, method: set.methods[0], metric: set.kind === 'retrieval' ? 'recall@5' : 'coverage mean' }));
    writeFileSync(jsonFile, `${JSON.stringify({ generatedAt: new Date().toISOString(), seconds, sets, rows }, null, 2)}\n`);
    console.log(`${jsonFile}: written.`);
  }
  if (writeReadme) {
    const readme = path.resolve('README.md');
    writeFileSync(readme, replaceMarkedBlock(readFileSync(readme, 'utf8'), table, ABLATION_README_MARKERS));
    console.log('README.md: ablation table regenerated.');
  }
}

await main();
