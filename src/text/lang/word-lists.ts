import { stripAccents } from '../../core/normalise.js';

/** The words of a whitespace-separated list, as written. */
export function listWords(list: string): string[] {
  return list.split(/\s+/).filter(Boolean);
}

/** The words of a whitespace-separated list, lower case and accent-free. */
export function plainWords(list: string): string[] {
  return listWords(list).map((word) => stripAccents(word).toLowerCase());
}

/** A set of the words of a whitespace-separated list, lower case and accent-free. */
export function plainWordSet(list: string): ReadonlySet<string> {
  return new Set(plainWords(list));
}

/** Month names in calendar order mapped to their number (1–12). */
export function numberMonths(names: readonly string[]): Record<string, number> {
  const months: Record<string, number> = {};
  names.forEach((name, index) => {
    months[name] ??= index + 1;
  });
  return months;
}

/** A RegExp alternation of literal words, longest first, in which an apostrophe matches both ' and ’. */
export function wordAlternation(words: Iterable<string>): string {
  return [...new Set(words)]
    .sort((left, right) => right.length - left.length)
    .map((word) => escapeRegExp(word).replace(/['’]/g, "['’]"))
    .join('|');
}

/** Escapes a literal for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
