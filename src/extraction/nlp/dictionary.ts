import { languagePack } from '../../text/lang/registry.js';

/** True for a word of the language's dictionary (lower case, accent-free), as its pack defines it (SCOWL for English, a French lexicon). */
export function isDictionaryWord(word: string, language: string): boolean {
  return languagePack(language).isDictionaryWord(word);
}

/** True for a word of the language's whole lexicon, rare words included; the dictionary where the pack has no larger lexicon. */
export function isLexiconWord(word: string, language: string): boolean {
  const pack = languagePack(language);
  return pack.isLexiconWord ? pack.isLexiconWord(word) : pack.isDictionaryWord(word);
}
