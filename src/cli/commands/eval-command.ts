import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { loadCoverageQuestions, loadRetrievalDataset } from '../../eval/datasets.js';
import { renderCoverageChartSvg } from '../../eval/chart-svg.js';
import { renderCoverageReport } from '../../eval/report.js';
import { runCoverageEvaluation, type EvaluationProgress } from '../../eval/run-coverage.js';
import { coverageDocumentsFolder, writeDocumentFolder } from '../../eval/document-folder.js';
import { runRetrievalEvaluation } from '../../eval/run-retrieval.js';
import { renderCoverageTable, renderRetrievalTable } from '../../eval/table.js';
import { RhizomeError } from '../../errors/rhizome-error.js';
import { QUERY_MODES, type QueryMode } from '../../core/retrieval-context.js';
import type { Rhizome } from '../../rhizome.js';
import { printLine } from '../output.js';
import { globalOptions, withRhizome } from '../context.js';

interface EvalOptions {
  docs?: string;
  questions?: string;
  dataset?: string;
  methods?: string;
  k: string;
  json?: string;
  report?: string;
  workspace?: string;
}

/** `rhizome eval`: coverage by hop count (seed 003) or passage recall@k (HippoRAG). */
export function registerEvalCommand(program: Command): void {
  program
    .command('eval')
    .description('evaluate retrieval methods: answer coverage by hop count (--questions, with --docs unless the file carries its documents) or passage recall@k (--dataset)')
    .option('--docs <dir>', 'folder of documents to index (coverage evaluation)')
    .option('--questions <file>', 'questions JSON: an array of {id, question, expected, hops} or an object with a questions array (and a documents array, indexed when --docs is left out)')
    .option('--dataset <file>', 'retrieval dataset JSON: {corpus: [{id, title, text}], questions: [{id, question, supporting}]}')
    .option('--methods <list>', `comma-separated methods (${QUERY_MODES.join(', ')})`)
    .option('--k <list>', 'recall cut-offs for --dataset', '2,5,10')
    .option('--json <file>', 'write the result as JSON')
    .option('--report <file>', 'write a Markdown report (and an SVG chart beside it) for a coverage evaluation')
    .option('--workspace <dir>', 'workspace for the evaluation index (reused when the content is unchanged)')
    .action(async (options: EvalOptions, command: Command) => {
      const methods = parseMethods(options.methods, options.dataset ? ['bm25', 'naive', 'local'] : ['naive', 'local']);
      const quiet = Boolean(globalOptions(command).quiet);
      const progress: EvaluationProgress = ({ method, done, total }) => {
        if (!quiet && (done === total || done % 10 === 0)) process.stderr.write(`  ${method}: ${done}/${total}\n`);
      };
      if (options.dataset && (options.docs || options.questions)) throw new RhizomeError('QUERY_INVALID', 'use either --dataset, or --docs with --questions');
      if (options.dataset) await evaluateRetrieval(command, options, options.dataset, methods, progress, quiet);
      else if (options.questions) await evaluateCoverage(command, options, options.docs, options.questions, methods, progress, quiet);
      else throw new RhizomeError('QUERY_INVALID', 'rhizome eval needs --questions <file> (with --docs <dir> unless the file has a documents array), or --dataset <file>');
    });
}

function parseMethods(list: string | undefined, defaults: QueryMode[]): QueryMode[] {
  if (!list) return defaults;
  const methods = list.split(',').map((method) => method.trim()).filter(Boolean);
  const unknown = methods.filter((method) => !(QUERY_MODES as readonly string[]).includes(method));
  if (unknown.length > 0 || methods.length === 0) throw new RhizomeError('QUERY_INVALID', `--methods: unknown method(s) ${unknown.join(', ') || '(none given)'}; available: ${QUERY_MODES.join(', ')}`);
  return methods as QueryMode[];
}

function evaluationWorkspace(options: EvalOptions, source: string): string {
  if (options.workspace) return path.resolve(options.workspace);
  const key = createHash('sha256').update(path.resolve(source)).digest('hex').slice(0, 12);
  return path.resolve('.rhizome-eval', key);
}

async function indexFor(rhizome: Rhizome, folder: string, quiet: boolean) {
  const summary = await rhizome.index(folder, { prune: true });
  if (!quiet) process.stderr.write(`  indexed ${summary.documents.seen} documents (${summary.documents.unchanged} unchanged) in ${summary.seconds.toFixed(1)} s\n`);
  if (summary.partial) throw new RhizomeError('PARTIAL_RUN', `indexing ${folder} failed for ${summary.failures.length + summary.extractionFailures.length} item(s); see ${summary.reportPath}`);
  return summary;
}

async function evaluateCoverage(command: Command, options: EvalOptions, docsOption: string | undefined, questionsFile: string, methods: QueryMode[], progress: EvaluationProgress, quiet: boolean): Promise<void> {
  const dataset = await loadCoverageQuestions(questionsFile);
  const workspace = evaluationWorkspace(options, docsOption ?? questionsFile);
  const docs = coverageDocumentsFolder(dataset, questionsFile, workspace, docsOption);
  await withRhizome(command, async (rhizome) => {
    const summary = await indexFor(rhizome, docs, quiet);
    const result = await runCoverageEvaluation(rhizome, dataset.questions, methods, progress);
    printLine(renderCoverageTable(result));
    if (options.json) writeOutput(options.json, `${JSON.stringify(result, null, 2)}\n`);
    if (options.report) {
      const chartFile = `${path.basename(options.report, path.extname(options.report))}.svg`;
      writeOutput(path.join(path.dirname(options.report), chartFile), renderCoverageChartSvg(result, { title: 'Mean coverage by hop count' }));
      const stats = await rhizome.stats();
      writeOutput(options.report, renderCoverageReport(result, {
        corpus: docsOption ?? questionsFile,
        questions: dataset.questions,
        chartFile,
        indexStats: { documents: stats.documents, chunks: stats.chunks, entities: stats.entities, relations: stats.relations, seconds: summary.seconds },
      }));
    }
  }, { workspace });
}

async function evaluateRetrieval(command: Command, options: EvalOptions, datasetFile: string, methods: QueryMode[], progress: EvaluationProgress, quiet: boolean): Promise<void> {
  const dataset = await loadRetrievalDataset(datasetFile);
  const cutoffs = options.k.split(',').map((value) => Number(value.trim()));
  if (cutoffs.some((value) => !Number.isInteger(value) || value <= 0)) throw new RhizomeError('QUERY_INVALID', `--k: "${options.k}" must be a comma-separated list of positive integers`);
  const workspace = evaluationWorkspace(options, datasetFile);
  const passages = path.join(workspace, 'passages');
  writeDocumentFolder(dataset.corpus, passages);
  await withRhizome(command, async (rhizome) => {
    await indexFor(rhizome, passages, quiet);
    const result = await runRetrievalEvaluation(rhizome, dataset, methods, cutoffs, progress);
    printLine(renderRetrievalTable(result));
    if (options.json) writeOutput(options.json, `${JSON.stringify(result, null, 2)}\n`);
  }, { workspace });
}

function writeOutput(file: string, content: string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, content);
}

