import { stripAccents } from '../core/normalise.js';
import { isStopWord } from './words.js';
import { stemWord } from '../core/stem.js';

export { stemWord };

const QUESTION_WORDS = new Set([
  'who', 'whom', 'whose', 'what', 'which', 'where', 'when', 'why', 'how', 'currently', 'now',
  'qui', 'que', 'quoi', 'quel', 'quelle', 'quels', 'quelles', 'ou', 'quand', 'pourquoi', 'comment', 'lequel', 'laquelle', 'actuellement',
]);

/** Stems of a text's content words (stop words and question words left out). */
export function contentStems(text: string): string[] {
  return (stripAccents(text).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => !isStopWord(word) && !QUESTION_WORDS.has(word) && word.length > 1)
    .map(stemWord);
}
