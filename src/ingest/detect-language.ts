import { languageSchema, type Language } from '../core/records.js';
import { detectLanguageCode } from '../text/lang/detect-language-code.js';
import { acrossLanguages } from '../text/lang/registry.js';

/** The registered packs of the languages documents may be stored in. */
const documentLanguagePacks = acrossLanguages((packs) => packs.filter((pack) => languageSchema.safeParse(pack.code).success));

/**
 * Guesses a text's language by counting very common words of each language in its first
 * 20,000 characters; a tie is broken by the share of letters typical of a language, and a text with no signal is 'en'.
 */
export function detectLanguage(text: string): Language {
  return detectLanguageCode(text, documentLanguagePacks()) as Language;
}
