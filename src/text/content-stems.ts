import { stripAccents } from '../core/normalise.js';
import { isStopWord } from './words.js';
import { stemWord } from '../core/stem.js';
import { acrossLanguages } from './lang/registry.js';

export { stemWord };

/** Question words of every registered language (accent-free, lower case). */
const questionWords = acrossLanguages((packs) => new Set(packs.flatMap((pack) => [...pack.questionWords])));

/**
 * Each word's stem, or '' for a word left out, as the registered packs give them (made again when
 * they change). Words repeat across a corpus's sentences far more than they differ; the memo is
 * emptied when it reaches MEMO_WORDS, a memory bound (some megabytes), not a tuning.
 */
const wordMemo = acrossLanguages(() => new Map<string, string>());
const MEMO_WORDS = 200_000;

function contentStemOf(word: string): string {
  const memo = wordMemo();
  let stem = memo.get(word);
  if (stem === undefined) {
    stem = !isStopWord(word) && !questionWords().has(word) && word.length > 1 ? stemWord(word) : '';
    if (memo.size >= MEMO_WORDS) memo.clear();
    memo.set(word, stem);
  }
  return stem;
}

/** Stems of a text's content words (stop words and question words left out). */
export function contentStems(text: string): string[] {
  const stems: string[] = [];
  for (const word of stripAccents(text).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const stem = contentStemOf(word);
    if (stem !== '') stems.push(stem);
  }
  return stems;
}
