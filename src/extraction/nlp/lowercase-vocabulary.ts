import { stripAccents } from '../../core/normalise.js';

/**
 * Words that appear in lower case somewhere in the corpus (accent-free). A capitalised word
 * from this set at the start of a sentence is an ordinary word, not a name.
 */
export function buildLowercaseVocabulary(texts: Iterable<string>): Set<string> {
  const vocabulary = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(/(?<![\p{L}\p{N}])\p{Ll}[\p{Ll}\p{N}'’-]*/gu)) vocabulary.add(stripAccents(match[0]).toLowerCase());
  }
  return vocabulary;
}

/**
 * Words written capitalised in the middle of a sentence somewhere in the corpus (after a
 * lower-case word), accent-free and lower-cased: the corpus itself uses them as names, so a
 * dictionary word among them ("Willow", "Beacon") stays a name at the start of a sentence too.
 */
export function buildNameVocabulary(texts: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(/(?<=\p{Ll}[,;:]?[ \t]+)\p{Lu}[\p{L}\p{N}'’-]*/gu)) names.add(stripAccents(match[0]).toLowerCase());
  }
  return names;
}
