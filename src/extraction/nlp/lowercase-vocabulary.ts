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
