import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkpointFolder, readInterruptedRun } from '../../src/indexing/run-checkpoint.js';
import { createSeededRandom } from '../../src/communities/seeded-random.js';

const CLI = path.resolve('src/cli/main.ts');
/** A run that finished: 0, or 5 when some chunks failed (a small model's unusable replies are dead letters, reported and replayed from the cache). */
const FINISHED_CODES = new Set([0, 5]);

/** How a kill-and-resume campaign runs. */
export interface KillTrialOptions {
  /** The folder of documents indexed. */
  docs: string;
  /** Where the workspaces of the clean run and of every trial are made (side by side, so relative paths agree). */
  root: string;
  kills: number;
  /** Stop starting trials after this many seconds (the campaign is bounded in time). */
  maxSeconds: number;
  seed: number;
  /** A config file (JSON) for every run, e.g. one naming the small local LLM. */
  configFile?: string;
  log?: (line: string) => void;
}

/** One trial: where it was killed, what the checkpoint said, and whether the finished graph matched. */
export interface KillTrial {
  trial: number;
  killAfterMs: number;
  /** The stage the killed run had reached (null: killed before its checkpoint, or after it finished). */
  stageAtKill: string | null;
  resumedExtractions: number;
  identical: boolean;
  /** Model calls of the rerun that a previous run had already completed (0 expected). */
  repeatedModelCalls: number;
  rerunModelCalls: number;
}

/** The clean run's figures and every trial. */
export interface KillCampaign {
  cleanSeconds: number;
  cleanModelCalls: number;
  trials: KillTrial[];
  /** True when every trial's export equalled the clean run's and no model call was repeated. */
  passed: boolean;
}

interface RunSummary {
  resumed: { extractions: number } | null;
  usage: { total: { calls: number } } | null;
}


function cliArguments(workspace: string, options: KillTrialOptions, ...command: string[]): string[] {
  return ['--import', import.meta.resolve('tsx'), CLI, '--workspace', workspace, '--quiet', ...(options.configFile ? ['--config', options.configFile] : []), ...command];
}

function runToEnd(workspace: string, options: KillTrialOptions): RunSummary {
  const result = spawnSync(process.execPath, cliArguments(workspace, options, 'index', options.docs, '--json'), { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (!FINISHED_CODES.has(result.status ?? -1)) throw new Error(`rhizome index in ${workspace} exited ${result.status}: ${result.stderr.slice(-2000)}`);
  return JSON.parse(result.stdout) as RunSummary;
}

function exportOf(workspace: string, options: KillTrialOptions): string {
  const result = spawnSync(process.execPath, cliArguments(workspace, options, 'export', '--format', 'jsonl'), { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`rhizome export in ${workspace} exited ${result.status}: ${result.stderr.slice(-2000)}`);
  return result.stdout;
}

/** Runs the clean index, noting when its checkpoint appeared (the pipeline proper starts) and when it ended. */
function timeCleanRun(workspace: string, options: KillTrialOptions): Promise<{ summary: RunSummary; checkpointMs: number; totalMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let checkpointMs = -1;
    const poll = setInterval(() => {
      if (checkpointMs < 0 && existsSync(path.join(checkpointFolder(workspace), 'run.json'))) checkpointMs = performance.now() - started;
    }, 10);
    const child = spawn(process.execPath, cliArguments(workspace, options, 'index', options.docs, '--json'), { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(poll);
      const totalMs = performance.now() - started;
      if (!FINISHED_CODES.has(code ?? -1)) reject(new Error(`the clean run exited ${code}: ${stderr.slice(-2000)}`));
      else resolve({ summary: JSON.parse(stdout) as RunSummary, checkpointMs: checkpointMs < 0 ? 0 : checkpointMs, totalMs });
    });
  });
}

/** Starts `rhizome index` and sends it SIGKILL after `delayMs` (or lets it finish first). */
function indexAndKill(workspace: string, options: KillTrialOptions, delayMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, cliArguments(workspace, options, 'index', options.docs), { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), delayMs);
    child.on('error', reject);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Every chat reply cached in a workspace's LLM cache (one file per completed model call). */
function cachedReplies(workspace: string): Set<string> {
  const folder = path.join(workspace, 'cache', 'llm', 'chat');
  const files = new Set<string>();
  if (!existsSync(folder)) return files;
  for (const shard of readdirSync(folder)) {
    const shardFolder = path.join(folder, shard);
    if (!statSync(shardFolder).isDirectory()) continue;
    for (const file of readdirSync(shardFolder)) if (file.endsWith('.json')) files.add(file);
  }
  return files;
}

/**
 * Indexes `docs` once cleanly, then for each trial indexes into a fresh workspace, kills the
 * process with SIGKILL at a random moment of a clean run's duration, reruns `rhizome index` to
 * completion and compares its `export --format jsonl` with the clean one, byte for byte. Model
 * calls repeated by the rerun are the calls it made beyond the replies it added to the cache.
 */
export async function runKillTrials(options: KillTrialOptions): Promise<KillCampaign> {
  const log = options.log ?? (() => undefined);
  mkdirSync(options.root, { recursive: true });
  const started = performance.now();
  const cleanWorkspace = path.join(options.root, 'ws-clean');
  const { summary: clean, checkpointMs, totalMs } = await timeCleanRun(cleanWorkspace, options);
  const cleanSeconds = totalMs / 1000;
  const cleanExport = exportOf(cleanWorkspace, options);
  writeFileSync(path.join(options.root, 'clean.jsonl'), cleanExport);
  log(`clean run: ${cleanSeconds.toFixed(1)} s (pipeline from ${(checkpointMs / 1000).toFixed(1)} s), ${cleanExport.split('\n').length - 2} records, ${clean.usage?.total.calls ?? 0} model calls`);
  const random = createSeededRandom(options.seed);
  const trials: KillTrial[] = [];
  for (let trial = 1; trial <= options.kills; trial += 1) {
    if ((performance.now() - started) / 1000 > options.maxSeconds) {
      log(`time bound of ${options.maxSeconds} s reached after ${trials.length} trials`);
      break;
    }
    const workspace = path.join(options.root, `ws-${trial}`);
    // A quarter of the kills fall anywhere (start-up, reading, chunking), the rest within the pipeline's stages.
    const anywhere = random() < 0.25;
    const killAfterMs = Math.round(anywhere ? random() * totalMs : checkpointMs + random() * (totalMs - checkpointMs));
    await indexAndKill(workspace, options, killAfterMs);
    const stageAtKill = readInterruptedRun(workspace)?.stage ?? null;
    const cachedBefore = cachedReplies(workspace);
    const rerun = runToEnd(workspace, options);
    const added = [...cachedReplies(workspace)].filter((file) => !cachedBefore.has(file)).length;
    const rerunModelCalls = rerun.usage?.total.calls ?? 0;
    const exported = exportOf(workspace, options);
    const identical = exported === cleanExport;
    if (!identical) writeFileSync(path.join(options.root, `ws-${trial}.jsonl`), exported);
    const result: KillTrial = { trial, killAfterMs, stageAtKill, resumedExtractions: rerun.resumed?.extractions ?? 0, identical, repeatedModelCalls: Math.max(0, rerunModelCalls - added), rerunModelCalls };
    trials.push(result);
    log(`trial ${trial}: killed after ${killAfterMs} ms (stage ${stageAtKill ?? 'none'}), rerun took back ${result.resumedExtractions} extractions, ${rerunModelCalls} model calls (${result.repeatedModelCalls} repeated), export ${identical ? 'identical' : 'DIFFERENT'}`);
  }
  const passed = trials.length > 0 && trials.every((trial) => trial.identical && trial.repeatedModelCalls === 0);
  return { cleanSeconds, cleanModelCalls: clean.usage?.total.calls ?? 0, trials, passed };
}

/** A first difference between two exports, for a failure message. */
export function firstDifference(expected: string, actual: string): string {
  const left = expected.split('\n');
  const right = actual.split('\n');
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    if (left[index] !== right[index]) return `line ${index + 1}:\n  clean: ${(left[index] ?? '').slice(0, 300)}\n  trial: ${(right[index] ?? '').slice(0, 300)}`;
  }
  return 'no difference';
}
