import { stripAccents } from '../core/normalise.js';
import { isStopWord } from './words.js';
import { stemWord } from '../core/stem.js';
import { acrossLanguages } from './lang/registry.js';

export { stemWord };

/** Question words of every registered language (accent-free, lower case). */
const questionWords = acrossLanguages((packs) => new Set(packs.flatMap((pack) => [...pack.questionWords])));

/** Stems of a text's content words (stop words and question words left out). */
export function contentStems(text: string): string[] {
  return (stripAccents(text).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => !isStopWord(word) && !questionWords().has(word) && word.length > 1)
    .map(stemWord);
}
