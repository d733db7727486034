import path from 'node:path';
import { z } from 'zod';
import { contentHash } from '../core/ids.js';
import { languageSchema, type SourceDocument } from '../core/records.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import { detectLanguage } from '../ingest/detect-language.js';
import { documentIdFor, resolvePortablePath } from '../ingest/document-id.js';
import type { GraphReply } from '../prompts/extract-graph-prompt.js';

/** First line of an extractions file. */
export const EXTRACTIONS_FORMAT = { format: 'rhizome-extractions', version: 1 } as const;

const documentLine = z.object({
  kind: z.literal('document'),
  path: z.string().min(1),
  text: z.string().min(1),
  title: z.string().optional(),
  date: z.string().nullable().optional(),
  language: languageSchema.optional(),
}).strict();
const entityLine = z.object({
  kind: z.literal('entity'),
  document: z.string().min(1),
  name: z.string().min(1),
  type: z.string().min(1),
  description: z.string().optional(),
}).strict();
const relationLine = z.object({
  kind: z.literal('relation'),
  document: z.string().min(1),
  source: z.string().min(1),
  target: z.string().min(1),
  type: z.string().min(1),
  evidence: z.string().min(1),
}).strict();
const extractionLine = z.discriminatedUnion('kind', [documentLine, entityLine, relationLine]);

/** True when `text` starts with the header line of an extractions file. */
export function isExtractionsFile(text: string): boolean {
  const newline = text.indexOf('\n');
  try {
    const header = JSON.parse(newline < 0 ? text : text.slice(0, newline)) as Record<string, unknown>;
    return header.format === EXTRACTIONS_FORMAT.format;
  } catch {
    return false;
  }
}

/** Documents with the entities and relations extracted from them elsewhere, keyed by document path as written. */
export interface ExternalExtractions {
  documents: SourceDocument[];
  /** Per document id: the extraction in the shape a model reply has (grounded per chunk later). */
  replies: Map<string, GraphReply>;
}

/**
 * Reads an extractions file (JSON lines, documented in docs/architecture/export-import.md): the
 * header, then `document` lines (path, text), `entity` lines and `relation` lines naming their
 * document by the same path. Paths are relative to `baseFolder` (the file's folder), and document
 * ids come from them, as when indexing. INPUT_INVALID naming the line for anything malformed or
 * naming an unknown document.
 */
export function readExtractions(text: string, baseFolder: string, origin = 'extractions'): ExternalExtractions {
  const documents = new Map<string, SourceDocument>();
  const replies = new Map<string, GraphReply>();
  const lines = text.split('\n');
  const pending: Array<{ line: number; record: z.infer<typeof entityLine> | z.infer<typeof relationLine> }> = [];
  lines.forEach((raw, index) => {
    if (raw.trim() === '') return;
    const fail = (reason: string): never => {
      throw new RhizomeError('INPUT_INVALID', `${origin}, line ${index + 1}: ${reason}`);
    };
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (cause) {
      fail(`not JSON (${(cause as Error).message})`);
    }
    if (index === 0) {
      const header = parsed as Record<string, unknown>;
      if (header.format !== EXTRACTIONS_FORMAT.format || header.version !== EXTRACTIONS_FORMAT.version) fail(`not a ${EXTRACTIONS_FORMAT.format} v${EXTRACTIONS_FORMAT.version} file`);
      return;
    }
    const result = extractionLine.safeParse(parsed);
    if (!result.success) return fail(result.error.issues.map((issue) => `${issue.path.join('.') || 'record'}: ${issue.message}`).join('; '));
    const record = result.data;
    if (record.kind !== 'document') {
      pending.push({ line: index + 1, record });
      return;
    }
    const absolute = resolvePortablePath(record.path, baseFolder);
    const id = documentIdFor(absolute, baseFolder);
    if (documents.has(id)) fail(`document ${record.path} is given twice`);
    const extension = path.extname(record.path).toLowerCase();
    documents.set(id, {
      id,
      path: absolute,
      format: extension === '.md' || extension === '.markdown' ? 'md' : 'txt',
      title: record.title ?? path.basename(record.path, extension),
      date: record.date ?? null,
      language: record.language ?? detectLanguage(record.text),
      contentHash: '',
      byteSize: Buffer.byteLength(record.text),
      text: record.text,
    });
    replies.set(id, { nodes: [], edges: [] });
  });
  for (const { line, record } of pending) {
    const id = documentIdFor(resolvePortablePath(record.document, baseFolder), baseFolder);
    const reply = replies.get(id);
    if (!reply) throw new RhizomeError('INPUT_INVALID', `${origin}, line ${line}: document "${record.document}" is not given by a document line`);
    if (record.kind === 'entity') reply.nodes.push({ name: record.name, type: record.type, description: record.description ?? '' });
    else reply.edges.push({ source: record.source, target: record.target, type: record.type, evidence: record.evidence });
  }
  // The hash covers the extraction too: importing a file again refreshes a document whose entities or relations changed.
  for (const document of documents.values()) document.contentHash = contentHash(JSON.stringify(['external-1', document.text, replies.get(document.id)]));
  return { documents: [...documents.values()], replies };
}
