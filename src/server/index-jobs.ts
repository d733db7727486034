import { randomUUID } from 'node:crypto';
import { RhizomeError } from '../errors/rhizome-error.js';
import type { RhizomeEvent } from '../events/events.js';
import type { IndexSummary } from '../indexing/index-summary.js';
import type { Rhizome } from '../rhizome.js';
import { errorResponse, type ErrorBody } from './error-status.js';

/** One index run the server was asked for, and what became of it. */
export interface IndexJob {
  id: string;
  paths: string[];
  prune: boolean;
  state: 'queued' | 'running' | 'done' | 'failed';
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  summary: IndexSummary | null;
  error: ErrorBody['error'] | null;
}

/** What a subscriber to a job hears: each progress event, then the finished job. */
export interface JobListener {
  onEvent(event: RhizomeEvent): void;
  onEnd(job: IndexJob): void;
}

/** Progress events kept per job for late subscribers. */
const KEPT_EVENTS = 2_000;
/** Finished jobs kept for lookup. */
const KEPT_JOBS = 100;

/**
 * Index runs of a server, one at a time in order of arrival (queries keep being answered while
 * one runs). Each job keeps its progress events so a client that connects late sees them all.
 */
export class IndexJobs {
  private readonly jobs = new Map<string, { job: IndexJob; events: RhizomeEvent[]; listeners: Set<JobListener>; done: Promise<void> }>();
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly rhizome: Rhizome) {}

  /** Queues an index run of `paths` and returns the job at once. */
  submit(paths: string[], options: { prune?: boolean } = {}): IndexJob {
    const job: IndexJob = { id: randomUUID(), paths, prune: options.prune ?? false, state: 'queued', createdAt: new Date().toISOString(), startedAt: null, finishedAt: null, summary: null, error: null };
    const entry = { job, events: [] as RhizomeEvent[], listeners: new Set<JobListener>(), done: Promise.resolve() };
    entry.done = this.queue.then(() => this.run(entry));
    this.queue = entry.done;
    this.jobs.set(job.id, entry);
    this.forgetOldJobs();
    return job;
  }

  /** The job with this id, or INPUT_NOT_FOUND. */
  get(id: string): IndexJob {
    return this.entry(id).job;
  }

  /** Every job kept, newest first. */
  list(): IndexJob[] {
    return [...this.jobs.values()].map((entry) => entry.job).reverse();
  }

  /** Resolves when the job has finished (done or failed). */
  finished(id: string): Promise<IndexJob> {
    const entry = this.entry(id);
    return entry.done.then(() => entry.job);
  }

  /** Replays the job's events so far to `listener`, then forwards new ones; returns the unsubscribe function. */
  subscribe(id: string, listener: JobListener): () => void {
    const entry = this.entry(id);
    for (const event of entry.events) listener.onEvent(event);
    if (entry.job.state === 'done' || entry.job.state === 'failed') {
      listener.onEnd(entry.job);
      return () => undefined;
    }
    entry.listeners.add(listener);
    return () => entry.listeners.delete(listener);
  }

  /** Waits for every queued job (the server waits before closing its workspace). */
  async drain(): Promise<void> {
    await this.queue;
  }

  private entry(id: string) {
    const entry = this.jobs.get(id);
    if (!entry) throw new RhizomeError('INPUT_NOT_FOUND', `no index job has the id "${id}"`, { details: { job: id } });
    return entry;
  }

  private async run(entry: { job: IndexJob; events: RhizomeEvent[]; listeners: Set<JobListener> }): Promise<void> {
    const { job } = entry;
    job.state = 'running';
    job.startedAt = new Date().toISOString();
    const onEvent = (event: RhizomeEvent) => {
      if (entry.events.length < KEPT_EVENTS) entry.events.push(event);
      for (const listener of entry.listeners) listener.onEvent(event);
    };
    try {
      job.summary = await this.rhizome.index(job.paths, { prune: job.prune, onEvent });
      job.state = 'done';
    } catch (error) {
      job.error = errorResponse(error).body.error;
      job.state = 'failed';
    } finally {
      job.finishedAt = new Date().toISOString();
      for (const listener of entry.listeners) listener.onEnd(job);
      entry.listeners.clear();
    }
  }

  private forgetOldJobs(): void {
    const finished = [...this.jobs.values()].filter((entry) => entry.job.state === 'done' || entry.job.state === 'failed');
    for (const entry of finished.slice(0, Math.max(0, finished.length - KEPT_JOBS))) this.jobs.delete(entry.job.id);
  }
}
