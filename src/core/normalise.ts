/** Text with no character beyond ASCII: nothing to decompose, no combining mark to drop. */
const ASCII_ONLY = /^[\u0000-\u007f]*$/;

/** Removes accents (NFD, then drops combining marks); ASCII text is returned as it is, without the Unicode passes. */
export function stripAccents(text: string): string {
  if (ASCII_ONLY.test(text)) return text;
  return text.normalize('NFD').replace(/\p{M}+/gu, '');
}

/**
 * The comparison form of a name: accents, case, punctuation and extra whitespace removed,
 * possessive "'s" and leading articles dropped. "The  Kelvane's" and "kelvane" compare equal.
 */
export function normaliseName(name: string): string {
  const known = normalisedNames.get(name);
  if (known !== undefined) return known;
  if (normalisedNames.size >= NORMALISED_NAMES_KEPT) normalisedNames.clear();
  const normalised = normaliseUncached(name);
  normalisedNames.set(name, normalised);
  return normalised;
}

/**
 * Names normalised so far, each with its form: resolution normalises every name of every chunk's
 * extraction on each run (mostly the same names, hundreds of thousands of times on a thousand
 * documents). A memory bound, not a tuning: when it is reached the memo starts again.
 */
const normalisedNames = new Map<string, string>();
const NORMALISED_NAMES_KEPT = 200_000;

function normaliseUncached(name: string): string {
  const plain = stripAccents(name)
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/^(?:(?:the|le|la|les)\s+|l['’]\s*)/u, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return plain.replace(/\s+/g, ' ');
}

/** Lower-cased, accent-free word tokens of a text. */
export function wordTokens(text: string): string[] {
  return stripAccents(text).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
