import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Option, type Command } from 'commander';
import { nodeTypeNames } from '../../config/graph-schema.js';
import { RhizomeError } from '../../errors/rhizome-error.js';
import { readDecisions } from '../../review/read-decisions.js';
import type { ReviewReport } from '../../review/review-report.js';
import type { ReviewDecision, ReviewOverride } from '../../review/review-override.js';
import type { ReviewRun } from '../../review/run-review.js';
import type { ReviewSampleOptions } from '../../review/sample-review.js';
import type { Rhizome } from '../../rhizome.js';
import { bold, printJson, printLine, printWarning } from '../output.js';
import { globalOptions, parsePositiveInteger, withRhizome } from '../context.js';
import { describeItem } from '../review-card.js';

interface ReviewFlags {
  sample?: number;
  kind: 'relation' | 'entity' | 'any';
  edgeType?: string;
  entityType?: string;
  lowConfidence?: boolean;
  seed: number;
  includeReviewed?: boolean;
  decide?: string;
  apply?: string;
  undo?: string[];
  list?: boolean;
  report?: boolean;
  json?: boolean;
}

const DEFAULT_SAMPLE = 10;

/** `rhizome review`: check extractions by hand; decisions are stored in the workspace and re-applied on every run. */
export function registerReviewCommand(program: Command): void {
  program
    .command('review')
    .description('review sampled extractions (relations, entities) with their evidence: accept, reject, retype, reverse, rename, merge or split; decisions are stored in the workspace, exported with the graph and re-applied on every index, import and migration')
    .option('--sample <n>', `how many extractions to draw (default ${DEFAULT_SAMPLE}); without a terminal, print them instead of asking`, parsePositiveInteger('--sample'))
    .addOption(new Option('--kind <kind>', 'what to draw').choices(['relation', 'entity', 'any']).default('any'))
    .option('--edge-type <type>', 'draw relations of this edge type only')
    .option('--entity-type <type>', 'draw entities of this node type only')
    .option('--low-confidence', 'draw the least confident extractions first')
    .option('--seed <n>', 'seed of the draw (the same seed over the same graph draws the same sample)', parsePositiveInteger('--seed'), 1)
    .option('--include-reviewed', 'also draw extractions already decided on')
    .option('--decide <json>', 'record decisions given as JSON (one object or an array), e.g. \'{"action":"reject-relation","relationId":"rel_…"}\'')
    .option('--apply <file>', 'record the decisions of a file (a JSON array, or one JSON decision a line)')
    .option('--undo <ids...>', 'drop stored decisions by id (an undone merge gives back both entities)')
    .option('--list', 'print the stored decisions')
    .option('--report', 'print the estimated precision per entity and edge type, with a Wilson 95% interval')
    .option('--json', 'print JSON')
    .action(async (flags: ReviewFlags, command: Command) => {
      const quiet = Boolean(flags.json || globalOptions(command).quiet);
      await withRhizome(command, async (rhizome) => {
        if (flags.report) return printReport(await rhizome.reviewReport(), flags.json);
        if (flags.list) return printDecisions(await rhizome.reviewDecisions(), flags.json);
        if (flags.undo) {
          const ids = flags.undo;
          return printRun('Undone', await untilInterrupted((signal) => rhizome.undoReview(ids, { signal })), flags.json);
        }
        if (flags.decide !== undefined || flags.apply !== undefined) {
          const [decisions, origin] = flags.decide !== undefined ? [readDecisions(flags.decide, '--decide'), '--decide decision'] : [readDecisions(readText(flags.apply as string), flags.apply as string), `${flags.apply as string} decision`];
          return printRun('Recorded', await untilInterrupted((signal) => rhizome.review(decisions, { origin, signal })), flags.json);
        }
        const items = await rhizome.sampleReview(sampleOptions(flags));
        if (flags.json || !process.stdin.isTTY || !process.stdout.isTTY) {
          if (flags.json) printJson(items);
          else items.forEach((item, index) => printLine(`${describeItem(item, index + 1, items.length)}\n`));
          return;
        }
        await reviewInteractively(rhizome, items, quiet);
      });
    });
}

async function reviewInteractively(rhizome: Rhizome, items: Awaited<ReturnType<Rhizome['sampleReview']>>, quiet: boolean): Promise<void> {
  if (items.length === 0) return printLine('Nothing to review: every extraction drawn was decided on already (--include-reviewed draws them again).');
  const schema = rhizome.config.schema;
  // The prompt library loads only for an interactive review.
  const { createInquirerPrompter, runReviewSession } = await import('../review-session.js');
  let decisions: ReviewDecision[] = [];
  try {
    decisions = await runReviewSession(items, createInquirerPrompter(), {
      nodeTypes: nodeTypeNames(schema),
      edgeTypes: schema.edgeTypes.map((edge) => edge.name),
      findEntities: (query) => rhizome.searchEntities(query, { limit: 5 }),
      write: (text) => process.stdout.write(text),
    });
  } catch (error) {
    // Ctrl-C in a prompt: nothing more is asked; what was decided already is not lost.
    if (!(error instanceof Error && error.name === 'ExitPromptError')) throw error;
    printWarning('review interrupted');
  }
  if (decisions.length === 0) return printLine('No decision recorded.');
  const run = await untilInterrupted((signal) => rhizome.review(decisions, { signal }));
  if (!quiet) printRun('Recorded', run, false);
}

/** Runs a graph rebuild that Ctrl-C cancels cleanly (the rebuild rolls back; stored decisions stay). */
async function untilInterrupted<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', onSignal);
  }
}

function sampleOptions(flags: ReviewFlags): ReviewSampleOptions {
  return {
    size: flags.sample ?? DEFAULT_SAMPLE,
    kind: flags.kind,
    seed: flags.seed,
    ...(flags.edgeType ? { edgeType: flags.edgeType } : {}),
    ...(flags.entityType ? { entityType: flags.entityType } : {}),
    ...(flags.lowConfidence ? { lowConfidence: true } : {}),
    ...(flags.includeReviewed ? { includeReviewed: true } : {}),
  };
}

function readText(file: string): string {
  try {
    return readFileSync(path.resolve(file), 'utf8');
  } catch (cause) {
    throw new RhizomeError('INPUT_NOT_FOUND', `cannot read ${file}: ${(cause as Error).message}`, { cause });
  }
}

function printRun(verb: string, run: ReviewRun, json: boolean | undefined): void {
  if (json) return printJson({ decisions: run.decisions, entities: run.summary.entities, relations: run.summary.relations, communities: run.summary.communities, reviewDecisions: run.summary.reviewDecisions, reportPath: run.summary.reportPath });
  printLine(bold(`${verb} ${run.decisions.length} review decision(s)`));
  for (const decision of run.decisions) printLine(`  ${decision.id}  ${describeDecision(decision)}`);
  printLine(`  graph       ${run.summary.entities} entities, ${run.summary.relations} relations, ${run.summary.communities} communities (${run.summary.reviewDecisions.applied} decision(s) applied)`);
  if (run.summary.reviewDecisions.stale.length > 0) printWarning(`${run.summary.reviewDecisions.stale.length} stored decision(s) name an extraction the documents no longer hold: ${run.summary.reviewDecisions.stale.join(', ')}`);
}

function printDecisions(decisions: ReviewOverride[], json: boolean | undefined): void {
  if (json) return printJson(decisions);
  if (decisions.length === 0) return printLine('No review decision stored.');
  for (const decision of decisions) printLine(`${decision.id}  ${decision.at}  ${describeDecision(decision)}`);
}

/** One line saying what a decision does. */
export function describeDecision(decision: ReviewOverride): string {
  if ('relation' in decision) {
    const seen = `${decision.relation.source.name} -${decision.relation.type}-> ${decision.relation.target.name}`;
    return decision.action === 'retype-relation' ? `retype-relation ${seen} as ${decision.type}` : `${decision.action} ${seen}`;
  }
  const seen = `${decision.entity.name} (${decision.entity.type})`;
  switch (decision.action) {
    case 'retype-entity':
      return `retype-entity ${seen} as ${decision.type}`;
    case 'rename-entity':
      return `rename-entity ${seen} to ${decision.name}`;
    case 'merge-entities':
      return `merge-entities ${decision.other.name} into ${seen}`;
    case 'split-alias':
      return `split-alias ${decision.alias} off ${seen}`;
    default:
      return `${decision.action} ${seen}`;
  }
}

function printReport(report: ReviewReport, json: boolean | undefined): void {
  if (json) return printJson(report);
  printLine(bold(`Estimated precision from ${report.decisions} review decision(s) (Wilson 95% interval)`));
  const percent = (value: number) => `${(value * 100).toFixed(0)}%`;
  for (const row of report.types) {
    const label = `${row.kind === 'entity' ? 'entity' : 'edge  '} ${row.type}`.padEnd(32);
    const estimate = row.precision === null || row.interval === null ? 'not reviewed' : `${percent(row.precision).padStart(4)}  [${percent(row.interval.low)}, ${percent(row.interval.high)}]`;
    printLine(`  ${label} ${`${row.correct}/${row.reviewed}`.padStart(7)} correct   ${estimate.padEnd(18)} of ${row.population} in the graph`);
  }
}
