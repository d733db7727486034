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
 * The characters of the basic plane outside the plain ones that a `/iu` expression matches with a plain
 * character, or whose lower case is one or is not one code unit ("K" Kelvin sign and "k", "ẞ" and "ß",
 * "μ" and the micro sign "µ", "ə" and "Ə"). test/text/blank-names.test.ts derives this list from the whole
 * basic plane.
 */
export const FOLDS_INTO_PLAIN: ReadonlySet<number> = new Set([
  0x130, 0x17f, 0x253, 0x254, 0x256, 0x257, 0x259, 0x25b, 0x260, 0x263, 0x268, 0x269, 0x26f, 0x272, 0x275, 0x280, 0x283, 0x288, 0x289, 0x28a, 0x28b, 0x28c,
  0x292, 0x39c, 0x3bc, 0x1e9e, 0x212a, 0x212b, 0x2c65, 0x2c66, 0x2c7e, 0x2c7f, 0xa7dc,
]);

/**
 * A text the plain matcher reads as the expression does when every name is plain: each character plain, or
 * one of the basic plane that never meets a plain one case aside (Greek, Cyrillic, Armenian letters…), a
 * code unit of its own in lower case too. No plain name matches across such a character either way, and
 * none stands where word edges are read differently (a surrogate pair would).
 */
function isComparableWithPlainNames(text: string): boolean {
  for (let position = 0; position < text.length; position += 1) {
    const code = text.charCodeAt(position);
    if (isPlainCharacter(code)) continue;
    if ((code >= 0xd800 && code <= 0xdfff) || FOLDS_INTO_PLAIN.has(code)) return false;
  }
  return true;
}

/**
 * The text with each of the names (case aside, longest first) blanked out as whole words: at
 * each position not preceded by a letter or digit, the longest name written there and not
 * followed by one becomes a space. The same result as one alternation regular expression
 * (`/(?<![\p{L}\p{N}])(?:longest|…|shortest)(?![\p{L}\p{N}])/giu`), found without running it
 * when the text is plain or of characters that never meet a plain one case aside (see
 * isPlainCharacter and FOLDS_INTO_PLAIN; that expression costs about a microsecond per
 * character per name, which makes it the largest cost of preparing a large graph for queries):
 * the plain names by searching the lower-cased text, each other name by an expression of its own.
 */
export function blankNames(text: string, names: readonly string[]): string {
  const distinct = [...new Set(names)].filter((name) => name.length > 0);
  if (distinct.length === 0) return text;
  if (!isComparableWithPlainNames(text)) return blankNamesByExpression(text, distinct);
  const lower = text.toLowerCase();
  const isWordAt = (position: number) => position >= 0 && position < text.length && WORD_CHARACTER.test(text.charAt(position));
  /** Start position → length of the longest name that matches there as a whole word. */
  const longestAt = new Map<number, number>();
  const longer = (at: number, length: number) => {
    if ((longestAt.get(at) ?? 0) < length) longestAt.set(at, length);
  };
  for (const name of new Set(distinct.filter(isPlain).map((item) => item.toLowerCase()))) {
    for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) {
      if (isWordAt(at - 1) || isWordAt(at + name.length)) continue;
      longer(at, name.length);
    }
  }
  // A name with other characters ("Վախթանգ", "Ἀθῆναι") is found by an expression of its own, every whole-word match (overlapping ones too), so
  // that one such name among many plain ones costs one expression over the text rather than one alternation of them all.
  for (const name of distinct.filter((item) => !isPlain(item))) {
    const expression = nameExpression(name);
    expression.lastIndex = 0;
    for (let match = expression.exec(text); match !== null; match = expression.exec(text)) {
      longer(match.index, match[0].length);
      expression.lastIndex = match.index + 1;
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

/** Expressions of names with characters the plain matcher does not compare, by name: a memory bound, not a tuning. */
const nameExpressions = new Map<string, RegExp>();
const NAME_EXPRESSIONS = 10_000;

function nameExpression(name: string): RegExp {
  let expression = nameExpressions.get(name);
  if (!expression) {
    if (nameExpressions.size >= NAME_EXPRESSIONS) nameExpressions.clear();
    expression = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'giu');
    nameExpressions.set(name, expression);
  }
  return expression;
}

/** The regular-expression form of `blankNames`, for text or names with characters the plain matcher does not compare. */
export function blankNamesByExpression(text: string, names: readonly string[]): string {
  const escaped = [...new Set(names)].filter((name) => name.length > 0).sort((left, right) => right.length - left.length).map(escapeRegExp);
  if (escaped.length === 0) return text;
  return text.replace(new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'giu'), ' ');
}
