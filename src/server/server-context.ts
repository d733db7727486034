import type { Rhizome } from '../rhizome.js';
import type { IndexJobs } from './index-jobs.js';

/** What every route of a server shares: the workspace's Rhizome, its index jobs and the limits. */
export interface ServerContext {
  rhizome: Rhizome;
  jobs: IndexJobs;
  /** Folders that index requests may name (paths resolve inside one of them, or are refused). */
  indexRoots: string[];
  /** Where uploaded files are written before they are indexed. */
  uploadDirectory: string;
  maxUploadBytes: number;
}
