import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { contentHash } from '../core/ids.js';
import type { ChunkExtraction, MergeRecord } from '../core/records.js';
import type { StoredChunk } from '../graph/store.js';

/** The steps of a run, in order; the checkpoint records the last one reached. */
export type CheckpointStage = 'prepared' | 'extract' | 'resolve' | 'communities' | 'store' | 'stored' | 'embed';

/** What the checkpoint file says about a run that did not finish. */
export interface InterruptedRun {
  kind: 'index' | 'remove';
  startedAt: string;
  stage: CheckpointStage;
  /** Alias merges the run undoes and the documents it removes, recorded before its store write (logged by the next run once that write is known to have landed). */
  undone?: { merges: MergeRecord[]; removedDocuments: string[] };
}

/** Where a run's checkpoint lives: `<workspace>/checkpoint/`. */
export function checkpointFolder(workspace: string): string {
  return path.join(workspace, 'checkpoint');
}

const RUN_FILE = 'run.json';
const JOURNAL_FILE = 'extractions.jsonl';

interface JournalLine {
  key: string;
  extraction: ChunkExtraction;
  extractionKey: string;
}

/**
 * The crash-safe record of an index run in progress. `run.json` (replaced atomically) names the
 * stage reached; `extractions.jsonl` receives each chunk's extraction as soon as it is made, one
 * line each, so after `kill -9` or Ctrl-C the next run takes them back instead of extracting (or
 * paying a model) again. A line is reused only for the same chunk text, extraction key and
 * corpus vocabulary (`corpusKey`), so it always equals what a clean run would extract; a torn
 * last line is ignored. The folder is removed when the run completes.
 */
export class RunCheckpoint {
  private journal: number | null = null;
  private recorded = 0;

  private constructor(
    private readonly folder: string,
    private readonly corpusKey: string,
    readonly interrupted: InterruptedRun | null,
    private state: InterruptedRun,
  ) {}

  /** Opens the workspace's checkpoint for a new run, reading what an interrupted one left. */
  static open(workspace: string, kind: InterruptedRun['kind'], corpusKey: string): RunCheckpoint {
    const folder = checkpointFolder(workspace);
    mkdirSync(folder, { recursive: true });
    const interrupted = readInterruptedRun(workspace);
    const checkpoint = new RunCheckpoint(folder, corpusKey, interrupted, { kind, startedAt: new Date().toISOString(), stage: 'prepared' });
    checkpoint.reach('prepared');
    return checkpoint;
  }

  /** When this run started (ISO time). */
  get startedAt(): string {
    return this.state.startedAt;
  }

  /** The last stage this run reached. */
  get stage(): CheckpointStage {
    return this.state.stage;
  }

  /** Records that the run reached `stage` (and, before its store write, the merges it undoes). */
  reach(stage: CheckpointStage, undone?: InterruptedRun['undone']): void {
    this.state = { ...this.state, stage, ...(undone ? { undone } : {}) };
    const file = path.join(this.folder, RUN_FILE);
    const temporary = `${file}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(this.state)}\n`);
    renameSync(temporary, file);
  }

  /** Gives pending chunks the extraction the journal holds for them; returns the ids restored. */
  restoreExtractions(pending: StoredChunk[], extractionKey: string): Set<string> {
    const lines = readJournal(path.join(this.folder, JOURNAL_FILE));
    const restored = new Set<string>();
    for (const chunk of pending) {
      const line = lines.get(this.keyOf(chunk, extractionKey));
      if (!line || line.extractionKey !== extractionKey) continue;
      chunk.extraction = line.extraction;
      chunk.extractionKey = line.extractionKey;
      restored.add(chunk.id);
    }
    return restored;
  }

  /** Appends a chunk's fresh extraction to the journal (written through at once). */
  recordExtraction(chunk: StoredChunk): void {
    if (chunk.extraction === null) return;
    if (this.journal === null) {
      const file = path.join(this.folder, JOURNAL_FILE);
      const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
      const endsTorn = existing.length > 0 && !existing.endsWith('\n');
      this.journal = openSync(file, 'a');
      if (endsTorn) writeSync(this.journal, '\n');
    }
    const line: JournalLine = { key: this.keyOf(chunk, chunk.extractionKey), extraction: chunk.extraction, extractionKey: chunk.extractionKey };
    writeSync(this.journal, `${JSON.stringify(line)}\n`);
    this.recorded += 1;
  }

  /** Extractions journaled by this run. */
  get recordedExtractions(): number {
    return this.recorded;
  }

  /** The extractions are in the store now: the journal is no longer needed. */
  clearExtractions(): void {
    this.closeJournal();
    rmSync(path.join(this.folder, JOURNAL_FILE), { force: true });
  }

  /** Stops writing (the run was cancelled or failed): what was recorded stays for the next run. */
  release(): void {
    this.closeJournal();
  }

  /** The run completed: removes the checkpoint. */
  complete(): void {
    this.closeJournal();
    rmSync(this.folder, { recursive: true, force: true });
  }

  private closeJournal(): void {
    if (this.journal !== null) closeSync(this.journal);
    this.journal = null;
  }

  private keyOf(chunk: StoredChunk, extractionKey: string): string {
    return contentHash(JSON.stringify([this.corpusKey, extractionKey, chunk.id, chunk.text]));
  }
}

/** The run a previous process left unfinished in `workspace`, or null. */
export function readInterruptedRun(workspace: string): InterruptedRun | null {
  try {
    const parsed = JSON.parse(readFileSync(path.join(checkpointFolder(workspace), RUN_FILE), 'utf8')) as InterruptedRun;
    return typeof parsed.stage === 'string' && typeof parsed.startedAt === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

function readJournal(file: string): Map<string, JournalLine> {
  const lines = new Map<string, JournalLine>();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return lines;
  }
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    try {
      const line = JSON.parse(raw) as JournalLine;
      if (typeof line.key === 'string' && line.extraction !== undefined) lines.set(line.key, line);
    } catch {
      // A line torn by a crash mid-write: that chunk is extracted again.
    }
  }
  return lines;
}
