import { acrossLanguages } from '../text/lang/registry.js';
import { createSuffixStemmer, mergeStemRules } from '../text/lang/suffix-stem.js';

const stemmer = acrossLanguages((packs) => createSuffixStemmer(mergeStemRules(packs.flatMap((pack) => (pack.stemRules ? [pack.stemRules] : [])))));

/** A light suffix-stripping stem for text of any registered language, so "supplies", "supply" and "supplied" meet. */
export function stemWord(word: string): string {
  return stemmer()(word);
}
