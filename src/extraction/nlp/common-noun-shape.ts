import { stripAccents } from '../../core/normalise.js';
import type { Language } from '../../core/records.js';
import { acrossLanguages } from '../../text/lang/registry.js';
import { isDictionaryWord } from './dictionary.js';

/** Endings of common nouns and adjectives that are seldom surnames ("Builders", "Staffing", "Digital", "Transports"), of every language. */
const commonNounEndings = acrossLanguages((packs) => [...new Set(packs.flatMap((pack) => [...pack.commonNounEndings]))]);

/** A dictionary word of six letters or more with a common noun's ending ("Bâtiments", "Constructions", "Builders"): a trade, not a surname. */
export function isCommonNounShaped(word: string, language: Language): boolean {
  const lower = stripAccents(word).toLowerCase();
  return lower.length >= 6 && commonNounEndings().some((ending) => lower.endsWith(ending)) && isDictionaryWord(lower, language);
}

/** The maintained (stopwords-iso) stop words of every language: adverbs such as "afterwards" or « toutefois » look like nouns by their ending. */
const maintainedStopWords = acrossLanguages((packs) => new Set(packs.flatMap((pack) => [...pack.maintainedStopWords])));

/** A word that can name a firm's trade ("Constructions", "Transports", "Builders"): common-noun shaped and no stop word. */
export function isTradeNoun(word: string, language: Language): boolean {
  return isCommonNounShaped(word, language) && !maintainedStopWords().has(stripAccents(word).toLowerCase());
}
