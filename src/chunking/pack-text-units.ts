import { RhizomeError } from '../errors/rhizome-error.js';
import { countTokens } from './tokens.js';

/** A sentence, or a piece of an over-long sentence: the unit a chunk is made of. */
export interface TextUnit {
  start: number;
  end: number;
  tokens: number;
}

/** One window of whole units: its offsets in the text and its exact token count. */
export interface TextWindow {
  start: number;
  end: number;
  tokenCount: number;
}

/**
 * Packs consecutive units of `text` into windows of at most `maxTokens` tokens (exact count of the window
 * text). Each window after the first starts with trailing units of the previous one worth at most
 * `overlapTokens`, never the whole previous window, so every window adds new text.
 */
export function packUnits(text: string, units: TextUnit[], maxTokens: number, overlapTokens: number): TextWindow[] {
  const windows: TextWindow[] = [];
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
    windows.push({ start: unitAt(units, first).start, end: unitAt(units, last).end, tokenCount });
    if (last === units.length - 1) break;
    required = last + 1;
    first = overlapStart(units, first, last, overlapTokens, maxTokens);
  }
  return windows;
}

/** The units of [start, end): the span itself when it fits in `maxTokens`, else its pieces cut at word boundaries. */
export function unitsOf(text: string, start: number, end: number, maxTokens: number): TextUnit[] {
  const tokens = countTokens(text.slice(start, end));
  return tokens <= maxTokens ? [{ start, end, tokens }] : splitOversizedSentence(text, start, end, maxTokens);
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

