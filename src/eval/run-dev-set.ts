import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RhizomeConfigInput } from '../config/config-schema.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import { createRhizome, type Rhizome } from '../rhizome.js';
import type { Entity, Relation } from '../core/records.js';
import { loadCoverageQuestions, loadRetrievalDataset, type CoverageQuestion, type InvalidationTruth } from './datasets.js';
import { REPHRASINGS, rephraseQuestions, type Rephrasing } from './rephrase-questions.js';
import { requiredFilesOf, type DevEvalSet } from './dev-sets.js';
import { coverageDocumentsFolder, writeDocumentFolder } from './document-folder.js';
import { checkHistoryListing } from './history-listing.js';
import { invalidationFiguresOnly, scoreInvalidations, type InvalidationScore } from './invalidation-precision.js';
import { renderCoverageReport } from './report.js';
import { runCoverageEvaluation } from './run-coverage.js';
import { runRetrievalEvaluation } from './run-retrieval.js';
import { DEFAULT_RECALL_CUTOFFS, type CoverageMethodSummary, type CoverageQuestionResult, type RetrievalMethodSummary } from './summary.js';

/** What one set of the development run gave: summaries per method, or why it did not run. */
export interface DevSetOutcome {
  name: string;
  kind: DevEvalSet['kind'];
  heldOut: boolean;
  status: 'ok' | 'skipped' | 'failed';
  /** Why the set was skipped or failed. */
  reason?: string;
  coverage?: Record<string, CoverageMethodSummary>;
  retrieval?: Record<string, RetrievalMethodSummary>;
  /** Per-answer results; present for development sets only, never for held-out ones. */
  questions?: CoverageQuestionResult[];
  /** Closed facts checked against the set's truth, for a coverage set that carries `invalidations` (held-out sets keep only the figures). */
  invalidation?: InvalidationScore;
  /** For a coverage set evaluated with `auto`: its questions asked other ways, and how many score as the question as written. */
  phrasing?: Partial<Record<Rephrasing, PhrasingFigures>>;
}

/** How one way of asking again fared on a set: questions asked, those scoring as written, and both means over them. */
export interface PhrasingFigures {
  asked: number;
  same: number;
  mean: number;
  writtenMean: number;
}

/** Where and how one set runs. */
export interface DevSetRunOptions {
  /** Parent of the per-set workspaces; a set's index is reused while its documents are unchanged. */
  workspaceRoot: string;
  /** When true (CI), a missing input file fails the set instead of skipping it. */
  requireFiles: boolean;
  /** Folder for the Markdown report of each development coverage set; none are written when left out. */
  reportFolder?: string;
  /** Configuration beside the default (an embedding model, say); the workspace is always the set's own. */
  config?: Omit<RhizomeConfigInput, 'workspace'>;
  log: (line: string) => void;
}

/**
 * Indexes one set into its own workspace with the default offline configuration (or `options.config`) and evaluates every
 * method; any error is caught and returned as a failed outcome so the other sets still run.
 */
export async function runDevSet(set: DevEvalSet, options: DevSetRunOptions): Promise<DevSetOutcome> {
  const base = { name: set.name, kind: set.kind, heldOut: set.heldOut };
  const missing = requiredFilesOf(set).filter((file) => !existsSync(file));
  if (missing.length > 0) {
    const reason = `missing ${missing.join(', ')}`;
    return { ...base, status: options.requireFiles ? 'failed' : 'skipped', reason };
  }
  const workspace = path.join(options.workspaceRoot, ...set.name.split('/'));
  const rhizome = createRhizome({ ...options.config, workspace });
  try {
    return { ...base, status: 'ok', ...(await evaluateSet(rhizome, set, workspace, options)) };
  } catch (error) {
    return { ...base, status: 'failed', reason: error instanceof Error ? error.message : String(error) };
  } finally {
    await rhizome.close();
  }
}

async function evaluateSet(rhizome: Rhizome, set: DevEvalSet, workspace: string, options: DevSetRunOptions): Promise<Partial<DevSetOutcome>> {
  const progress = ({ method, done, total }: { method: string; done: number; total: number }): void => {
    if (done === total) options.log(`  ${set.name} · ${method}: ${total} questions`);
  };
  if (set.kind === 'retrieval') {
    const dataset = await loadRetrievalDataset(set.file);
    const passages = path.join(workspace, 'passages');
    writeDocumentFolder(dataset.corpus, passages);
    await indexFolder(rhizome, set, passages, options);
    const result = await runRetrievalEvaluation(rhizome, dataset, set.methods, DEFAULT_RECALL_CUTOFFS, progress);
    return { retrieval: result.methods };
  }
  const dataset = await loadCoverageQuestions(set.file);
  const folder = coverageDocumentsFolder(dataset, set.file, workspace, set.docs);
  const seconds = await indexFolder(rhizome, set, folder, options);
  const result = await runCoverageEvaluation(rhizome, dataset.questions, set.methods, progress);
  const truths = dataset.invalidations ?? [];
  const invalidation = truths.length > 0 ? await checkInvalidations(rhizome, truths) : undefined;
  const phrasing = set.methods.includes('auto') ? { phrasing: await askOtherWays(rhizome, dataset.questions, result.questions) } : {};
  if (set.heldOut) return { coverage: result.methods, ...phrasing, ...(invalidation ? { invalidation: invalidationFiguresOnly(invalidation) } : {}) };
  if (options.reportFolder !== undefined) {
    const stats = await rhizome.stats();
    const report = renderCoverageReport(result, {
      corpus: set.name,
      questions: dataset.questions,
      indexStats: { documents: stats.documents, chunks: stats.chunks, entities: stats.entities, relations: stats.relations, seconds },
    });
    mkdirSync(options.reportFolder, { recursive: true });
    writeFileSync(path.join(options.reportFolder, `${set.name.replace(/\//g, '_')}.md`), report);
  }
  return { coverage: result.methods, questions: result.questions, ...phrasing, ...(invalidation ? { invalidation } : {}) };
}

/** Asks the set's questions each other way with `auto` and compares every score with the written question's. */
async function askOtherWays(rhizome: Rhizome, questions: readonly CoverageQuestion[], written: readonly CoverageQuestionResult[]): Promise<Partial<Record<Rephrasing, PhrasingFigures>>> {
  const writtenScore = new Map(written.filter((result) => result.method === 'auto').map((result) => [result.id, result.score]));
  const figures: Partial<Record<Rephrasing, PhrasingFigures>> = {};
  for (const how of REPHRASINGS) {
    const rephrased = rephraseQuestions(questions, how);
    if (rephrased.length === 0) continue;
    const asked = await runCoverageEvaluation(rhizome, rephrased, ['auto']);
    const pairs = asked.questions.map((result) => ({ score: result.score, written: writtenScore.get(result.id) ?? 0 }));
    figures[how] = {
      asked: pairs.length,
      same: pairs.filter((pair) => Math.abs(pair.score - pair.written) < 1e-9).length,
      mean: pairs.reduce((sum, pair) => sum + pair.score, 0) / pairs.length,
      writtenMean: pairs.reduce((sum, pair) => sum + pair.written, 0) / pairs.length,
    };
  }
  return figures;
}

/** The indexed graph's closed facts scored against the truth (entities and relations read from the JSON-lines export), and whether each entity history lists them. */
async function checkInvalidations(rhizome: Rhizome, truths: InvalidationTruth[]): Promise<InvalidationScore> {
  const entities: Entity[] = [];
  const relations: Relation[] = [];
  for (const line of (await rhizome.exportGraph({ format: 'jsonl' })).split('\n')) {
    if (line.trim() === '') continue;
    const { kind, ...record } = JSON.parse(line) as { kind?: string } & Record<string, unknown>;
    if (kind === 'entity') entities.push(record as unknown as Entity);
    if (kind === 'relation') relations.push(record as unknown as Relation);
  }
  const history = await checkHistoryListing(truths, entities, async (name) => {
    try {
      return await rhizome.history(name);
    } catch (error) {
      if (error instanceof RhizomeError && error.code === 'INPUT_NOT_FOUND') return null;
      throw error;
    }
  });
  return { ...scoreInvalidations(truths, entities, relations), history };
}

/** Indexes `folder` into the set's workspace (unchanged documents are skipped, vanished ones pruned), logs the summary and returns the seconds it took; a partial run throws PARTIAL_RUN. */
export async function indexFolder(rhizome: Rhizome, set: Pick<DevEvalSet, 'name'>, folder: string, options: Pick<DevSetRunOptions, 'log'>): Promise<number> {
  const summary = await rhizome.index(folder, { prune: true });
  options.log(`  ${set.name}: indexed ${summary.documents.seen} documents (${summary.documents.unchanged} unchanged) in ${summary.seconds.toFixed(1)} s`);
  if (summary.partial) {
    throw new RhizomeError('PARTIAL_RUN', `indexing ${set.name} failed for ${summary.failures.length + summary.extractionFailures.length} item(s); see ${summary.reportPath}`);
  }
  return summary.seconds;
}
