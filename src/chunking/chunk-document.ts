import type { Chunk, SourceDocument } from '../core/records.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import { buildChunk } from './build-chunk.js';
import { chunkStructuredDocument } from './chunk-structured-document.js';
import { packUnits, unitsOf } from './pack-text-units.js';
import { splitSentences } from './sentences.js';

/** Chunk size and overlap, in tokens (see `countTokens`). */
export interface ChunkingOptions {
  maxTokens?: number;
  overlapTokens?: number;
}

/** Default chunk size in tokens. */
export const DEFAULT_MAX_TOKENS = 600;
/** Default overlap between consecutive chunks in tokens. */
export const DEFAULT_OVERLAP_TOKENS = 100;
const smallestMaxTokens = 8;

/**
 * Cuts a document into windows of whole sentences of at most `maxTokens` tokens (exact count of the chunk text).
 * Each window after the first starts with trailing sentences of the previous one worth at most `overlapTokens`,
 * never the whole previous window, so every chunk adds new text. A sentence longer than `maxTokens` is cut at
 * word boundaries (inside a word only when one word alone is too long). A document with blocks (Markdown, HTML,
 * PDF, DOCX) is cut by `chunkStructuredDocument`: no chunk crosses a section or page, code and tables are
 * chunks of their own. `chunk.text` always equals `document.text.slice(chunk.start, chunk.end)`; a document
 * without text gives no chunks. Throws CONFIG_INVALID when `maxTokens` is below 8 or `overlapTokens` is not
 * below `maxTokens`.
 */
export function chunkDocument(document: SourceDocument, options: ChunkingOptions = {}): Chunk[] {
  const maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
  const overlapTokens = options.overlapTokens ?? DEFAULT_OVERLAP_TOKENS;
  validateOptions(maxTokens, overlapTokens);
  if (document.blocks !== undefined) return chunkStructuredDocument(document, document.blocks, maxTokens, overlapTokens);
  const text = document.text;
  const units = splitSentences(text, document.language).flatMap((sentence) => unitsOf(text, sentence.start, sentence.end, maxTokens));
  return packUnits(text, units, maxTokens, overlapTokens).map((window, index) => buildChunk(document, index, window));
}

function validateOptions(maxTokens: number, overlapTokens: number): void {
  if (!Number.isInteger(maxTokens) || maxTokens < smallestMaxTokens) {
    throw new RhizomeError('CONFIG_INVALID', `chunk maxTokens must be an integer of at least ${smallestMaxTokens}, got ${maxTokens}`);
  }
  if (!Number.isInteger(overlapTokens) || overlapTokens < 0 || overlapTokens >= maxTokens) {
    throw new RhizomeError('CONFIG_INVALID', `chunk overlapTokens must be an integer from 0 to maxTokens - 1 (${maxTokens - 1}), got ${overlapTokens}`);
  }
}
