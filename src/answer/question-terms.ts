import { stripAccents } from '../core/normalise.js';
import { isCommonWord } from '../extraction/nlp/common-words.js';

const QUESTION_WORDS = new Set([
  'who', 'whom', 'whose', 'what', 'which', 'where', 'when', 'why', 'how', 'currently', 'now',
  'qui', 'que', 'quoi', 'quel', 'quelle', 'quels', 'quelles', 'ou', 'quand', 'pourquoi', 'comment', 'lequel', 'laquelle', 'actuellement',
]);

/** A light suffix-stripping stem (English and French) so "supplies", "supply" and "supplied" meet. */
export function stemWord(word: string): string {
  let stem = stripAccents(word).toLowerCase();
  if (stem.length <= 3) return stem;
  for (const suffix of ['ations', 'ation', 'ments', 'ment', 'ings', 'ing', 'ies', 'ied', 'ers', 'er', 'ed', 'es', 's', 'e', 'y']) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= 3) {
      stem = stem.slice(0, -suffix.length);
      break;
    }
  }
  return stem;
}

/** Stems of a text's words, common words left out. */
export function contentStems(text: string): string[] {
  return (stripAccents(text).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => !isCommonWord(word) && !QUESTION_WORDS.has(word) && word.length > 1)
    .map(stemWord);
}
