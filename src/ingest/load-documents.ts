import { readFileSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { contentHash } from '../core/ids.js';
import type { SourceDocument, TextEncoding } from '../core/records.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import { decodeText, isBlank, textEncodingOf } from './decode-text.js';
import { detectLanguage } from './detect-language.js';
import { documentIdFor, idAnchorFor } from './document-id.js';
import { describeError, ingestFailureCodeOf, rejectFile, type IngestFailure } from './ingest-failure.js';
import { hasWantedExtension, listFiles } from './list-files.js';
import { loadDocx } from './load-docx.js';
import { loadHtml } from './load-html.js';
import { loadMarkdown } from './load-markdown.js';
import { loadPdf } from './load-pdf.js';
import { loadPlainText } from './load-plain-text.js';
import type { LoadedContent } from './loaded-content.js';
import { normaliseLabel, normaliseText } from './normalise-text.js';

/** Extensions loaded when the caller names none. */
export const DEFAULT_EXTENSIONS: readonly string[] = ['.txt', '.md', '.markdown', '.html', '.htm', '.pdf', '.docx'];
/** Files above this many bytes are reported as `too-large` unless the caller sets another limit (20 MiB). */
export const DEFAULT_MAX_FILE_BYTES = 20 * 1024 * 1024;
/** Folder and file names left out of a walk when the caller names no exclude patterns. */
export const DEFAULT_EXCLUDE: readonly string[] = ['node_modules', '.git', '.rhizome'];

/** How `loadDocuments` walks and what it accepts; `exclude` replaces the defaults (spread DEFAULT_EXCLUDE to extend them). */
export interface LoadDocumentsOptions {
  extensions?: string[];
  maxFileBytes?: number;
  exclude?: string[];
  /** The folder document ids are derived relative to (see documentIdFor); default: idAnchorFor(root), the folder holding the root folder. */
  idAnchor?: string;
  /**
   * The content hash of each file already indexed, by absolute path: a file whose bytes still hash to
   * it is not parsed again (its indexed version stands) and comes back in `unchanged`.
   */
  indexedHashes?: ReadonlyMap<string, string>;
  signal?: AbortSignal;
  onProgress?: (event: { path: string; index: number; total: number }) => void;
}

/** A file whose bytes are those of its indexed version (see LoadDocumentsOptions.indexedHashes): read and hashed, not parsed. */
export interface UnchangedFile {
  id: string;
  path: string;
  contentHash: string;
  /** How the bytes of a text format decode (absent for PDF and DOCX), as SourceDocument.encoding. */
  encoding?: TextEncoding;
}

/**
 * Loaded documents, files found unchanged since they were indexed, files that failed with a reason,
 * and files left out because of their extension (absolute paths).
 */
export interface LoadDocumentsResult {
  documents: SourceDocument[];
  unchanged: UnchangedFile[];
  failures: IngestFailure[];
  skipped: string[];
}

type DocumentFormat = SourceDocument['format'];

const formatsByExtension: ReadonlyMap<string, DocumentFormat> = new Map([
  ['.txt', 'txt'],
  ['.md', 'md'],
  ['.markdown', 'md'],
  ['.html', 'html'],
  ['.htm', 'html'],
  ['.pdf', 'pdf'],
  ['.docx', 'docx'],
]);

/**
 * Version of how structured formats (Markdown, HTML, PDF, DOCX) are read, folded into their content hash so a
 * change of reader re-reads files indexed before it; plain text's hash stays the hash of its bytes.
 */
export const STRUCTURED_READER_VERSION = 'structure-1';

/**
 * Loads every wanted file under `root` (or `root` itself when it is a file) into documents, in sorted
 * relative-path order. A bad file never stops the others: it is reported in `failures` with a code and reason.
 * `document.path` is the absolute resolved path; `document.id` comes from the path relative to `idAnchor`. Throws INPUT_NOT_FOUND when `root` does not exist,
 * INPUT_INVALID when it cannot be read, and ABORTED when `signal` fires; `onProgress` is called after each
 * file with a zero-based `index`.
 */
export async function loadDocuments(root: string, options: LoadDocumentsOptions = {}): Promise<LoadDocumentsResult> {
  const extensions = (options.extensions ?? DEFAULT_EXTENSIONS).map(normaliseExtension);
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const absoluteRoot = path.resolve(root);
  throwIfAborted(options.signal);
  if (!(maxFileBytes > 0)) {
    throw new RhizomeError('CONFIG_INVALID', `maxFileBytes must be a positive number of bytes, got ${maxFileBytes}`);
  }
  const rootStats = await stat(absoluteRoot).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    const details = { path: absoluteRoot };
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new RhizomeError('INPUT_NOT_FOUND', `input path not found: ${absoluteRoot}`, { cause: error, details });
    }
    throw new RhizomeError('INPUT_INVALID', `cannot open input path ${absoluteRoot} (${describeError(error)})`, { cause: error, details });
  });
  const failures: IngestFailure[] = [];
  let candidates: string[];
  let skipped: string[];
  if (rootStats.isDirectory()) {
    const listing = await listFiles(absoluteRoot, { extensions, exclude: options.exclude ?? DEFAULT_EXCLUDE }).catch((error: unknown) => {
      throw new RhizomeError('INPUT_INVALID', `cannot read input folder ${absoluteRoot} (${describeError(error)})`, { cause: error });
    });
    candidates = listing.candidates;
    skipped = listing.skipped;
    failures.push(...listing.unreadableFolders.map((folder) => ({ ...folder, code: 'unreadable' as const })));
  } else {
    const wanted = hasWantedExtension(absoluteRoot, extensions);
    candidates = wanted ? [absoluteRoot] : [];
    skipped = wanted ? [] : [absoluteRoot];
  }

  const idAnchor = options.idAnchor ?? idAnchorFor(absoluteRoot, rootStats.isDirectory());
  const documents: SourceDocument[] = [];
  const unchanged: UnchangedFile[] = [];
  // Files are read a few at a time (a large one waits mostly on the disk), and taken in their listed order.
  for (let first = 0; first < candidates.length; first += FILES_READ_AT_ONCE) {
    // Small files are read synchronously (see SYNC_READ_MAX_BYTES): other work gets a turn between windows.
    if (first > 0) await new Promise((resolve) => setImmediate(resolve));
    throwIfAborted(options.signal);
    const window = candidates.slice(first, first + FILES_READ_AT_ONCE);
    const outcomes = await Promise.allSettled(window.map((filePath) => loadDocument(filePath, idAnchor, maxFileBytes, options.signal, options.indexedHashes?.get(filePath))));
    for (const [offset, outcome] of outcomes.entries()) {
      throwIfAborted(options.signal);
      const filePath = window[offset] as string;
      if (outcome.status === 'fulfilled') {
        if (isUnchangedFile(outcome.value)) unchanged.push(outcome.value);
        else documents.push(outcome.value);
      } else {
        const error: unknown = outcome.reason;
        const code = ingestFailureCodeOf(error);
        if (code === null) throw error;
        failures.push({ path: filePath, code, reason: error instanceof Error ? error.message : String(error) });
      }
      options.onProgress?.({ path: filePath, index: first + offset, total: candidates.length });
    }
  }
  return { documents, unchanged, failures, skipped };
}

/** How many files are read at once: enough to keep the disk busy, few enough that memory stays bounded (each is at most `maxFileBytes`). */
const FILES_READ_AT_ONCE = 16;

/**
 * Files up to this size are read synchronously: on the 994-passage bench corpus (about 1 KiB a file, in
 * the page cache) stat, read and hash took 10–14 ms for all files that way against 50–90 ms through
 * fs/promises, 16 at a time (each of its reads is several thread-pool round trips). A larger file is
 * read asynchronously, so one read never holds the event loop for long.
 */
const SYNC_READ_MAX_BYTES = 256 * 1024;

/** True for a file read as unchanged since it was indexed (no text: it was not parsed). */
export function isUnchangedFile(loaded: SourceDocument | UnchangedFile): loaded is UnchangedFile {
  return !('text' in loaded);
}

/**
 * Reads and parses one file; every expected problem is thrown as a `rejectFile` error. A file whose
 * bytes hash to `indexedHash` is not parsed: it comes back as an UnchangedFile.
 */
async function loadDocument(filePath: string, idAnchor: string, maxFileBytes: number, signal: AbortSignal | undefined, indexedHash: string | undefined): Promise<SourceDocument | UnchangedFile> {
  const bytes = await readBoundedFile(filePath, maxFileBytes, signal);
  if (isBlank(bytes)) {
    throw rejectFile('empty', bytes.length === 0 ? 'empty file (0 bytes)' : 'empty file (only whitespace)');
  }
  const format = formatsByExtension.get(path.extname(filePath).toLowerCase()) ?? 'txt';
  const hash = contentHashOf(format, bytes);
  if (hash === indexedHash) {
    const encoding = format === 'pdf' || format === 'docx' ? null : textEncodingOf(bytes);
    return { id: documentIdFor(filePath, idAnchor), path: filePath, contentHash: hash, ...(encoding === null ? {} : { encoding }) };
  }
  const { content: loaded, encoding } = await loadContent(format, bytes);
  // Structured loaders return final text whose block offsets must not move; plain text is normalised here as it always was.
  const text = loaded.blocks === undefined ? normaliseText(loaded.text) : loaded.text;
  if (text.trim() === '' || loaded.blocks?.length === 0) throw rejectFile('no-text', `no text left after reading the ${format} markup`);
  return {
    id: documentIdFor(filePath, idAnchor),
    path: filePath,
    format,
    title: normaliseLabel(loaded.title) ?? path.basename(filePath, path.extname(filePath)),
    date: loaded.date,
    language: detectLanguage(text),
    contentHash: hash,
    byteSize: bytes.length,
    text,
    ...(encoding === null ? {} : { encoding }),
    ...(loaded.blocks === undefined ? {} : { blocks: loaded.blocks }),
    ...(loaded.links === undefined || loaded.links.length === 0 ? {} : { links: loaded.links }),
  };
}

/** Plain text's hash is the hash of its bytes; a structured format's folds in the reader version. */
function contentHashOf(format: DocumentFormat, bytes: Uint8Array): string {
  return format === 'txt' ? contentHash(bytes) : contentHash(`${STRUCTURED_READER_VERSION}:${contentHash(bytes)}`);
}

async function readBoundedFile(filePath: string, maxFileBytes: number, signal: AbortSignal | undefined): Promise<Uint8Array> {
  let bytes: Uint8Array;
  try {
    const fileStats = statSync(filePath);
    if (!fileStats.isFile()) throw rejectFile('unreadable', 'not a regular file');
    if (fileStats.size > maxFileBytes) {
      throw rejectFile('too-large', `file is ${fileStats.size} bytes, over the ${maxFileBytes}-byte limit`);
    }
    bytes = fileStats.size <= SYNC_READ_MAX_BYTES ? readFileSync(filePath) : await readFile(filePath, signal === undefined ? {} : { signal });
  } catch (error) {
    if (ingestFailureCodeOf(error) !== null) throw error;
    if (signal?.aborted === true) throwIfAborted(signal);
    throw rejectFile('unreadable', `cannot read the file (${describeError(error)})`, error);
  }
  if (bytes.length > maxFileBytes) {
    throw rejectFile('too-large', `file is ${bytes.length} bytes, over the ${maxFileBytes}-byte limit`);
  }
  return bytes;
}

async function loadContent(format: DocumentFormat, bytes: Uint8Array): Promise<{ content: LoadedContent; encoding: TextEncoding | null }> {
  if (format === 'pdf') return { content: await loadPdf(bytes), encoding: null };
  if (format === 'docx') return { content: await loadDocx(bytes), encoding: null };
  const { text, encoding } = decodeText(bytes);
  if (text.trim() === '') throw rejectFile('empty', 'empty file (only whitespace)');
  if (format === 'md') return { content: loadMarkdown(text), encoding };
  if (format === 'html') return { content: loadHtml(text), encoding };
  return { content: loadPlainText(text), encoding };
}

function normaliseExtension(extension: string): string {
  const lower = extension.toLowerCase();
  return lower.startsWith('.') ? lower : `.${lower}`;
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) {
    throw new RhizomeError('ABORTED', 'loading documents was aborted', { cause: signal.reason });
  }
}
