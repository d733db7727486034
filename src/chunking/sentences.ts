import type { Language } from '../core/records.js';
import { abbreviationKind } from './sentence-abbreviations.js';
import { languagePack } from '../text/lang/registry.js';

/** A sentence with its offsets: `text.slice(start, end) === sentence.text`, without surrounding whitespace. */
export interface Sentence {
  text: string;
  start: number;
  end: number;
}

interface Range {
  start: number;
  end: number;
}

const terminators = new Set(['.', '!', '?', '…']);
const closers = new Set(['"', "'", '”', '’', '»', ')', ']', '}']);
const spacedClosers = new Set(['»', '”']);
const openers = new Set(['(', '[', '{', '"', "'", '«', '“', '‘']);
const markdownBlockLine = /^\s{0,3}(?:#{1,6}(?:\s|$)|[-*+•–]\s|\d{1,3}[.)]\s|\||```|~~~)/;
const horizontalRule = /^\s{0,3}([-*_=])(?:\s*\1){2,}\s*$/;
const listMarker = /^(?:\d{1,3}|[a-zA-Z]|[ivxlcIVXLC]{1,5})$/;
const initials = /^\p{Lu}(?:\.-?\p{Lu})*$/u;
/**
 * Splits a text into sentences with offsets into it; every non-whitespace character lands in exactly one sentence.
 *
 * Newlines: a blank line always ends a sentence. A single newline ends one when the next line is a Markdown
 * heading, list item, table row, fence or rule, when the line before is a heading, table row, fence or rule,
 * or when the line before ends with a letter or digit (no final punctuation), the next line starts with a
 * capital or digit, and the line before does not end with a connecting word ("the", "of", "de", "et" …).
 * Hard-wrapped prose whose next line starts with a proper noun is therefore split there.
 *
 * Punctuation: `.`, `!`, `?` and `…` (with any closing quotes or brackets after them) end a sentence when
 * whitespace follows and the next word does not start with a lower-case letter. A period does not end one
 * after a known abbreviation (Dr., e.g., Mme. …), after initials ("T. Brennan", "J.-P. Dupont"), after a
 * list number at the start of a line, or inside a number (3.8%); "Ltd.", "Inc.", "etc." end one only before a
 * capitalised word, "No." and "Jan." only when no digit follows. `;` and `:` never end a sentence.
 */
export function splitSentences(text: string, language: Language): Sentence[] {
  const sentences: Sentence[] = [];
  for (const block of splitIntoBlocks(text, language)) {
    for (const range of splitBlock(text, block, language)) {
      const trimmed = trimRange(text, range);
      if (trimmed.end > trimmed.start) {
        sentences.push({ text: text.slice(trimmed.start, trimmed.end), start: trimmed.start, end: trimmed.end });
      }
    }
  }
  return sentences;
}

/** Groups lines into blocks that no sentence crosses, following the newline rules above. */
function splitIntoBlocks(text: string, language: Language): Range[] {
  const blocks: Range[] = [];
  let blockStart = -1;
  let previousLine = '';
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    if (line.trim() === '') {
      if (blockStart !== -1) blocks.push({ start: blockStart, end: lineStart });
      blockStart = -1;
    } else {
      if (blockStart !== -1 && newlineEndsSentence(previousLine, line, language)) {
        blocks.push({ start: blockStart, end: lineStart });
        blockStart = -1;
      }
      if (blockStart === -1) blockStart = lineStart;
      previousLine = line;
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  if (blockStart !== -1) blocks.push({ start: blockStart, end: text.length });
  return blocks;
}

function newlineEndsSentence(previousLine: string, nextLine: string, language: Language): boolean {
  if (isMarkdownBlockLine(nextLine)) return true;
  if (isMarkdownBlockLine(previousLine) && !/^\s{0,3}(?:[-*+•–]\s|\d{1,3}[.)]\s)/.test(previousLine)) return true;
  const previous = previousLine.trimEnd();
  if (!/[\p{L}\p{N}]$/u.test(previous) || !/^[\p{Lu}\p{N}]/u.test(nextLine.trimStart())) return false;
  const lastWord = /[\p{L}]+$/u.exec(previous)?.[0] ?? '';
  return !languagePack(language).lineConnectingWords.has(lastWord);
}

function isMarkdownBlockLine(line: string): boolean {
  return markdownBlockLine.test(line) || horizontalRule.test(line);
}

/** Splits one block at sentence-ending punctuation. */
function splitBlock(text: string, block: Range, language: Language): Range[] {
  const ranges: Range[] = [];
  let sentenceStart = block.start;
  let index = block.start;
  while (index < block.end) {
    if (!terminators.has(text[index] ?? '')) {
      index += 1;
      continue;
    }
    const runStart = index;
    let end = index;
    while (end < block.end && terminators.has(text[end] ?? '')) end += 1;
    const runEnd = end;
    end = skipClosers(text, end, block.end);
    index = end;
    if (end >= block.end || !/\s/.test(text[end] ?? '')) continue;
    let next = end;
    while (next < block.end && /\s/.test(text[next] ?? '')) next += 1;
    if (next >= block.end) continue;
    if (endsSentence(text, runStart, runEnd, next, language)) {
      ranges.push({ start: sentenceStart, end });
      sentenceStart = end;
    }
  }
  ranges.push({ start: sentenceStart, end: block.end });
  return ranges;
}

/** Moves past closing quotes and brackets, including a French closing guillemet after a space ("? »"). */
function skipClosers(text: string, from: number, limit: number): number {
  let end = from;
  for (;;) {
    while (end < limit && closers.has(text[end] ?? '')) end += 1;
    let look = end;
    while (look < limit && (text[look] === ' ' || text[look] === '\u00A0' || text[look] === '\u202F')) look += 1;
    if (look === end || look >= limit || !spacedClosers.has(text[look] ?? '')) return end;
    end = look + 1;
  }
}

function endsSentence(text: string, runStart: number, runEnd: number, next: number, language: Language): boolean {
  const nextCharacter = text[next] ?? '';
  if (/\p{Ll}/u.test(nextCharacter)) return false;
  if (runEnd - runStart !== 1 || text[runStart] !== '.') return true;
  let wordStart = runStart;
  while (wordStart > 0 && !/\s/.test(text[wordStart - 1] ?? '') && !openers.has(text[wordStart - 1] ?? '')) wordStart -= 1;
  const word = text.slice(wordStart, runStart);
  if (word === '') return true;
  if (initials.test(word)) return false;
  if (listMarker.test(word) && startsLine(text, wordStart)) return false;
  const kind = abbreviationKind(word, language);
  if (kind === 'never-ends') return false;
  if (kind === 'ends-before-capital') return /\p{Lu}/u.test(nextCharacter);
  if (kind === 'ends-unless-number') return !/\p{N}/u.test(nextCharacter);
  return true;
}

function startsLine(text: string, position: number): boolean {
  let index = position;
  while (index > 0 && (text[index - 1] === ' ' || text[index - 1] === '\t')) index -= 1;
  return index === 0 || text[index - 1] === '\n';
}

function trimRange(text: string, range: Range): Range {
  let start = range.start;
  let end = range.end;
  while (start < end && /\s/.test(text[start] ?? '')) start += 1;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end -= 1;
  return { start, end };
}
