import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DevEvalSet } from './dev-sets.js';
import { describeUnfinishedSets, describeWrongInvalidations, renderDevTable } from './dev-table.js';
import { invalidationFiguresOnly } from './invalidation-precision.js';
import { runDevSet, type DevSetOutcome } from './run-dev-set.js';

/** The stored result of one development run, read back by the next run for its comparison figures. */
export interface DevEvalRun {
  generatedAt: string;
  sets: DevSetOutcome[];
}

/** What a development run needs. */
export interface DevEvalOptions {
  sets: readonly DevEvalSet[];
  /** Parent of the per-set workspaces (`.rhizome-eval/dev` for `npm run eval:dev`). */
  workspaceRoot: string;
  /** Result of the previous run, read before and overwritten after this one. */
  latestFile: string;
  /** When true (CI), a missing input file fails its set instead of skipping it. */
  requireFiles: boolean;
  reportFolder?: string;
  log?: (line: string) => void;
}

/** A finished development run: the table with previous figures, the unfinished sets, and whether any failed. */
export interface DevEvalReport {
  run: DevEvalRun;
  previous: DevEvalRun | null;
  table: string;
  notes: string[];
  failed: boolean;
}

/**
 * Runs every set in turn, stores the run in `latestFile` (held-out sets as summaries only) and renders
 * one table comparing it with the run stored there before.
 */
export async function runDevEvaluation(options: DevEvalOptions): Promise<DevEvalReport> {
  const log = options.log ?? (() => {});
  const previous = readDevRun(options.latestFile);
  const sets: DevSetOutcome[] = [];
  for (const set of options.sets) {
    log(`${set.name} (${set.kind}${set.heldOut ? ', held-out: summary only' : ''})`);
    sets.push(await runDevSet(set, { workspaceRoot: options.workspaceRoot, requireFiles: options.requireFiles, log, ...(options.reportFolder ? { reportFolder: options.reportFolder } : {}) }));
  }
  const run: DevEvalRun = { generatedAt: new Date().toISOString(), sets: sets.map(withoutHeldOutDetails) };
  mkdirSync(path.dirname(path.resolve(options.latestFile)), { recursive: true });
  writeFileSync(options.latestFile, `${JSON.stringify(run, null, 2)}\n`);
  return {
    run,
    previous,
    table: renderDevTable(run.sets, previous?.sets ?? []),
    notes: [...describeUnfinishedSets(run.sets), ...describeWrongInvalidations(run.sets)],
    failed: run.sets.some((outcome) => outcome.status === 'failed'),
  };
}

/** The run stored in `file`, or null when there is none or it cannot be read (the table then has no comparison). */
export function readDevRun(file: string): DevEvalRun | null {
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<DevEvalRun>;
    return Array.isArray(parsed.sets) && typeof parsed.generatedAt === 'string' ? (parsed as DevEvalRun) : null;
  } catch {
    // A damaged file only loses the comparison; this run overwrites it.
    return null;
  }
}

/** Held-out discipline: whatever a runner returned, per-answer results of a held-out set are never stored. */
function withoutHeldOutDetails(outcome: DevSetOutcome): DevSetOutcome {
  if (!outcome.heldOut) return outcome;
  const { questions: _questions, invalidation, ...summary } = outcome;
  return invalidation ? { ...summary, invalidation: invalidationFiguresOnly(invalidation) } : summary;
}
