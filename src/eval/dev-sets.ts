import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { QueryMode } from '../core/retrieval-context.js';

/** One evaluation set of the development run: coverage of answers or recall of passages. */
export interface DevEvalSet {
  /** Row label and workspace name, e.g. "corpus_en" or "heldout/medical_fr". */
  name: string;
  kind: 'coverage' | 'retrieval';
  /** The questions JSON (coverage) or the retrieval dataset JSON. */
  file: string;
  /** Folder of documents for a coverage set; left out, the questions file must carry its documents. */
  docs?: string;
  methods: QueryMode[];
  /**
   * Held-out sets are scored but never explained: only summary rows are printed or stored,
   * so no one tunes against their individual failures.
   */
  heldOut: boolean;
}

/** Methods the development run compares on coverage sets. */
export const DEV_COVERAGE_METHODS: readonly QueryMode[] = ['bm25', 'local', 'global', 'auto'];

/** Methods the development run compares on retrieval sets. */
export const DEV_RETRIEVAL_METHODS: readonly QueryMode[] = ['bm25', 'local'];

/**
 * The held-out sets in `folder` (every `*.json`, sorted by name): a file with a `corpus` array is a
 * retrieval set, any other a self-contained coverage set. An absent folder holds none.
 */
export function findHeldOutSets(folder: string): DevEvalSet[] {
  return findFixtureSets(folder, true);
}

/**
 * The sets in `folder`, read as `findHeldOutSets` reads them: held out (named `heldout/…`, never
 * reported answer by answer) or development sets (named `dev/…`). A coverage set whose JSON has a
 * folder of the same name beside it (`docs.json` and `docs/`) indexes that folder's files as they
 * are (Markdown, HTML …) instead of documents carried in the JSON.
 */
export function findFixtureSets(folder: string, heldOut: boolean): DevEvalSet[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = path.join(folder, name);
      const kind = isRetrievalDatasetFile(file) ? 'retrieval' : 'coverage';
      const docs = path.join(folder, path.basename(name, '.json'));
      return {
        name: `${heldOut ? 'heldout' : 'dev'}/${path.basename(name, '.json')}`,
        kind,
        file,
        ...(kind === 'coverage' && isFolder(docs) ? { docs } : {}),
        methods: [...(kind === 'retrieval' ? DEV_RETRIEVAL_METHODS : DEV_COVERAGE_METHODS)],
        heldOut,
      };
    });
}

/** Files a set needs before it can run: its JSON and, for a coverage set with a folder, that folder. */
export function requiredFilesOf(set: DevEvalSet): string[] {
  return set.docs === undefined ? [set.file] : [set.file, set.docs];
}

function isFolder(candidate: string): boolean {
  return existsSync(candidate) && statSync(candidate).isDirectory();
}

function isRetrievalDatasetFile(file: string): boolean {
  try {
    const root = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) as unknown;
    return typeof root === 'object' && root !== null && Array.isArray((root as { corpus?: unknown }).corpus);
  } catch {
    // An unreadable file is left to the coverage loader, whose error names the file and the position.
    return false;
  }
}
