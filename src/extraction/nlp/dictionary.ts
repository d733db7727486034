import { languagePack } from '../../text/lang/registry.js';

/** True for a word of the language's dictionary (lower case, accent-free), as its pack defines it (SCOWL for English, a French lexicon). */
export function isDictionaryWord(word: string, language: string): boolean {
  return languagePack(language).isDictionaryWord(word);
}
