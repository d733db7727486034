import { countTokens as countO200kTokens } from 'gpt-tokenizer';

// Document text is data: a literal "<|endoftext|>" in a file is counted as plain text, never rejected.
const plainTextOptions = { disallowedSpecial: new Set<string>() };
const longRunLength = 1000;
const longRunSource = `\\S{${longRunLength + 1},}`;
const hasLongRun = new RegExp(longRunSource);
const longRuns = new RegExp(longRunSource, 'g');

/**
 * Number of tokens in a text under the o200k_base encoding (GPT-4o and later), the default of gpt-tokenizer.
 * A run of more than 1,000 characters without whitespace is counted in 1,000-character segments: byte-pair
 * merging is quadratic in the length of one run, and such runs (base64, hashes, "=====") would stall chunking;
 * the count then differs from the tokenizer's by about one token per segment.
 */
export function countTokens(text: string): number {
  if (text === '') return 0;
  if (!hasLongRun.test(text)) return countO200kTokens(text, plainTextOptions);
  let total = 0;
  let position = 0;
  for (const match of text.matchAll(longRuns)) {
    total += countPlain(text.slice(position, match.index));
    let segmentStart = match.index;
    const runEnd = match.index + match[0].length;
    while (segmentStart < runEnd) {
      let segmentEnd = Math.min(segmentStart + longRunLength, runEnd);
      if (segmentEnd < runEnd && isHighSurrogate(text.charCodeAt(segmentEnd - 1))) segmentEnd += 1;
      total += countPlain(text.slice(segmentStart, segmentEnd));
      segmentStart = segmentEnd;
    }
    position = runEnd;
  }
  return total + countPlain(text.slice(position));
}

function countPlain(text: string): number {
  return text === '' ? 0 : countO200kTokens(text, plainTextOptions);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
