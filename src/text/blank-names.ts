import { escapeRegExp } from './lang/word-lists.js';

/**
 * Characters the plain matcher compares as a `/iu` regular expression does, by their
 * `toLowerCase` forms (one code unit each): Latin below this code point (less the two below),
 * and any character of the basic plane that no case mapping changes (punctuation such as – and ’,
 * scripts without case). test/text/blank-names.test.ts checks this over the whole basic plane.
 */
export const PLAIN_LATIN_LIMIT = 0x250;
/** İ lower-cases to two code units; ſ case-folds to "s" although it lower-cases to itself. */
const NOT_PLAIN = new Set([0x130, 0x17f]);
const CASE_MAPPED = /\p{Changes_When_Casemapped}/u;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Whether the plain matcher may compare this code unit (a surrogate never: a letter outside the basic plane is two). */
export function isPlainCharacter(code: number): boolean {
  if (code < 0x80) return true;
  if (code >= 0xd800 && code <= 0xdfff) return false;
  if (code < PLAIN_LATIN_LIMIT) return !NOT_PLAIN.has(code);
  return !CASE_MAPPED.test(String.fromCharCode(code));
}

function isPlain(text: string): boolean {
  for (let position = 0; position < text.length; position += 1) if (!isPlainCharacter(text.charCodeAt(position))) return false;
  return true;
}

/**
 * The text with each of the names (case aside, longest first) blanked out as whole words: at
 * each position not preceded by a letter or digit, the longest name written there and not
 * followed by one becomes a space. The same result as one alternation regular expression
 * (`/(?<![\p{L}\p{N}])(?:longest|…|shortest)(?![\p{L}\p{N}])/giu`), found without running it
 * when the text and names are plain (see isPlainCharacter; that expression costs about a microsecond per
 * character per name, which makes it the largest cost of preparing a large graph for queries).
 */
export function blankNames(text: string, names: readonly string[]): string {
  const distinct = [...new Set(names)].filter((name) => name.length > 0);
  if (distinct.length === 0) return text;
  if (!isPlain(text) || !distinct.every(isPlain)) return blankNamesByExpression(text, distinct);
  const lower = text.toLowerCase();
  const isWordAt = (position: number) => position >= 0 && position < text.length && WORD_CHARACTER.test(text.charAt(position));
  /** Start position → length of the longest name that matches there as a whole word. */
  const longestAt = new Map<number, number>();
  for (const name of new Set(distinct.map((item) => item.toLowerCase()))) {
    for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) {
      if (isWordAt(at - 1) || isWordAt(at + name.length)) continue;
      if ((longestAt.get(at) ?? 0) < name.length) longestAt.set(at, name.length);
    }
  }
  if (longestAt.size === 0) return text;
  let result = '';
  let copiedTo = 0;
  for (let position = 0; position < text.length; ) {
    const length = longestAt.get(position);
    if (length === undefined) {
      position += 1;
      continue;
    }
    result += `${text.slice(copiedTo, position)} `;
    position += length;
    copiedTo = position;
  }
  return result + text.slice(copiedTo);
}

/** The regular-expression form of `blankNames`, for text or names with characters the plain matcher does not compare. */
export function blankNamesByExpression(text: string, names: readonly string[]): string {
  const escaped = [...new Set(names)].filter((name) => name.length > 0).sort((left, right) => right.length - left.length).map(escapeRegExp);
  if (escaped.length === 0) return text;
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'giu'), ' ');
}
