import { stableId } from '../core/ids.js';
import type { Chunk, SourceDocument } from '../core/records.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import { splitSentences } from './sentences.js';
import { countTokens } from './tokens.js';

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

/** A sentence, or a piece of an over-long sentence: the unit a chunk is made of. */
interface TextUnit {
  start: number;
  end: number;
  tokens: number;
}

/**
 * Cuts a document into windows of whole sentences of at most `maxTokens` tokens (exact count of the chunk text).
 * Each window after the first starts with trailing sentences of the previous one worth at most `overlapTokens`,
 * never the whole previous window, so every chunk adds new text. A sentence longer than `maxTokens` is cut at
 * word boundaries (inside a word only when one word alone is too long). `chunk.text` always equals
 * `document.text.slice(chunk.start, chunk.end)`; a document without text gives no chunks.
 * Throws CONFIG_INVALID when `maxTokens` is below 8 or `overlapTokens` is not below `maxTokens`.
 */
export function chunkDocument(document: SourceDocument, options: ChunkingOptions = {}): Chunk[] {
  const maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
  const overlapTokens = options.overlapTokens ?? DEFAULT_OVERLAP_TOKENS;
  validateOptions(maxTokens, overlapTokens);
  const text = document.text;
  const units = splitSentences(text, document.language).flatMap((sentence) => {
    const tokens = countTokens(sentence.text);
    return tokens <= maxTokens ? [{ start: sentence.start, end: sentence.end, tokens }] : splitOversizedSentence(text, sentence.start, sentence.end, maxTokens);
  });

  const chunks: Chunk[] = [];
  let first = 0;
  let required = 0;
  while (first < units.length) {
    let last = required;
    let estimate = sumTokens(units, first, last);
    while (last + 1 < units.length && estimate + unitAt(units, last + 1).tokens <= maxTokens) {
      last += 1;
      estimate += unitAt(units, last).tokens;
    }
    let tokenCount = countTokens(text.slice(unitAt(units, first).start, unitAt(units, last).end));
    while (tokenCount > maxTokens) {
      if (last > required) last -= 1;
      else first += 1;
      tokenCount = countTokens(text.slice(unitAt(units, first).start, unitAt(units, last).end));
    }
    chunks.push(buildChunk(document, chunks.length, unitAt(units, first).start, unitAt(units, last).end, tokenCount));
    if (last === units.length - 1) break;
    required = last + 1;
    first = overlapStart(units, first, last, overlapTokens, maxTokens);
  }
  return chunks;
}

/** First unit of the next window: trailing units of [first, last] worth at most `overlapTokens`, leaving room for one new unit. */
function overlapStart(units: TextUnit[], first: number, last: number, overlapTokens: number, maxTokens: number): number {
  let next = last + 1;
  let overlap = 0;
  while (next - 1 > first && overlap + unitAt(units, next - 1).tokens <= overlapTokens) {
    next -= 1;
    overlap += unitAt(units, next).tokens;
  }
  const newUnitTokens = unitAt(units, last + 1).tokens;
  while (next <= last && overlap + newUnitTokens > maxTokens) {
    overlap -= unitAt(units, next).tokens;
    next += 1;
  }
  return next;
}

/** Cuts one over-long sentence into pieces of at most `maxTokens` tokens, at word boundaries where possible. */
function splitOversizedSentence(text: string, start: number, end: number, maxTokens: number): TextUnit[] {
  const words = [...text.slice(start, end).matchAll(/\S+/g)].map((match) => ({ start: start + match.index, end: start + match.index + match[0].length }));
  const fits = (pieceStart: number, pieceEnd: number): boolean => countTokens(text.slice(pieceStart, pieceEnd)) <= maxTokens;
  const pieces: TextUnit[] = [];
  let wordIndex = 0;
  let pieceStart = words[0]?.start ?? start;
  while (wordIndex < words.length) {
    const lastWord = findLastFitting(wordIndex, words.length - 1, (index) => fits(pieceStart, words[index]?.end ?? end));
    if (lastWord >= wordIndex) {
      const pieceEnd = words[lastWord]?.end ?? end;
      pieces.push({ start: pieceStart, end: pieceEnd, tokens: countTokens(text.slice(pieceStart, pieceEnd)) });
      wordIndex = lastWord + 1;
      pieceStart = words[wordIndex]?.start ?? end;
    } else {
      const pieceEnd = cutLongWord(text, pieceStart, words[wordIndex]?.end ?? end, maxTokens);
      pieces.push({ start: pieceStart, end: pieceEnd, tokens: countTokens(text.slice(pieceStart, pieceEnd)) });
      pieceStart = pieceEnd;
    }
  }
  return pieces;
}

/** End of the longest prefix of one long word that fits, never splitting a surrogate pair and never empty. */
function cutLongWord(text: string, start: number, end: number, maxTokens: number): number {
  const codePointEnd = (position: number): number => (isHighSurrogate(text.charCodeAt(position - 1)) ? position + 1 : position);
  const smallest = codePointEnd(start + 1);
  const best = findLastFitting(smallest, end - 1, (position) => countTokens(text.slice(start, codePointEnd(position))) <= maxTokens);
  return Math.min(codePointEnd(Math.max(best, smallest)), end);
}

/**
 * Largest index in [first, last] for which the monotone test holds, or first - 1 when none does. Probes grow
 * exponentially from `first` before bisecting, so the cost follows the answer, not the size of the range.
 */
function findLastFitting(first: number, last: number, fits: (index: number) => boolean): number {
  let good = first - 1;
  let bad = last + 1;
  let step = 1;
  while (good + step < bad) {
    const probe = good + step;
    if (!fits(probe)) {
      bad = probe;
      break;
    }
    good = probe;
    step *= 2;
  }
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    if (fits(middle)) good = middle;
    else bad = middle;
  }
  return good;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function buildChunk(document: SourceDocument, index: number, start: number, end: number, tokenCount: number): Chunk {
  return {
    id: stableId('chunk', document.id, index, start, end),
    documentId: document.id,
    index,
    text: document.text.slice(start, end),
    start,
    end,
    tokenCount,
  };
}

function sumTokens(units: TextUnit[], first: number, last: number): number {
  let total = 0;
  for (let index = first; index <= last; index += 1) total += unitAt(units, index).tokens;
  return total;
}

function unitAt(units: TextUnit[], index: number): TextUnit {
  const unit = units[index];
  if (unit === undefined) throw new RhizomeError('INTERNAL', `chunking reached past its last sentence (${index} of ${units.length})`);
  return unit;
}

function validateOptions(maxTokens: number, overlapTokens: number): void {
  if (!Number.isInteger(maxTokens) || maxTokens < smallestMaxTokens) {
    throw new RhizomeError('CONFIG_INVALID', `chunk maxTokens must be an integer of at least ${smallestMaxTokens}, got ${maxTokens}`);
  }
  if (!Number.isInteger(overlapTokens) || overlapTokens < 0 || overlapTokens >= maxTokens) {
    throw new RhizomeError('CONFIG_INVALID', `chunk overlapTokens must be an integer from 0 to maxTokens - 1 (${maxTokens - 1}), got ${overlapTokens}`);
  }
}
