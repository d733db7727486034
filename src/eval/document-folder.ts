import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RhizomeError } from '../errors/rhizome-error.js';
import type { CoverageDataset } from './datasets.js';

/** A document an evaluation dataset carries: a coverage document or a retrieval passage. */
export interface DatasetDocument {
  id: string;
  title?: string;
  date?: string | null;
  text: string;
}

/** File name of a dataset document: its id, made safe for any file system. */
export function documentFileName(id: string): string {
  return `${encodeURIComponent(id).replace(/\./g, '%2E')}.txt`;
}

/** The dataset document id back from a document path written by `writeDocumentFolder`. */
export function documentIdOf(documentPath: string): string {
  return decodeURIComponent(path.basename(documentPath, '.txt'));
}

/** A document as a user would keep it in a text file: title line, date line (each when present), blank line, text. */
export function renderDocumentText(document: DatasetDocument): string {
  const header = [document.title, document.date].filter((line): line is string => typeof line === 'string' && line.trim() !== '');
  return header.length === 0 ? `${document.text}\n` : `${header.join('\n')}\n\n${document.text}\n`;
}

/**
 * Writes each document as a `.txt` file into `folder`, removing stale files, so indexing the folder
 * indexes exactly the dataset's documents; unchanged files keep their content, so re-indexing reuses them.
 */
export function writeDocumentFolder(documents: readonly DatasetDocument[], folder: string): void {
  mkdirSync(folder, { recursive: true });
  const wanted = new Set(documents.map((document) => documentFileName(document.id)));
  for (const name of readdirSync(folder)) if (!wanted.has(name)) rmSync(path.join(folder, name), { force: true, recursive: true });
  for (const document of documents) writeFileSync(path.join(folder, documentFileName(document.id)), renderDocumentText(document));
}

/**
 * The folder a coverage evaluation indexes: `docs` when given, else the dataset's own documents written
 * to `workspace/documents`. Throws INPUT_INVALID naming the questions file when it has neither.
 */
export function coverageDocumentsFolder(dataset: CoverageDataset, questionsFile: string, workspace: string, docs?: string): string {
  if (docs !== undefined) return docs;
  if (dataset.documents.length === 0) {
    throw new RhizomeError('INPUT_INVALID', `${questionsFile}: has no "documents" array to index; pass --docs <dir> with the documents the questions are about`, {
      details: { file: questionsFile, field: 'documents' },
    });
  }
  const folder = path.join(workspace, 'documents');
  writeDocumentFolder(dataset.documents, folder);
  return folder;
}
