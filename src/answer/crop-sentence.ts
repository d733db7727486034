import { normaliseName } from '../core/normalise.js';

const MARGIN_WORDS = 6;

/**
 * Shortens a long sentence to the words around the given names (plus a margin), verbatim,
 * marking cuts with "…". Short sentences, or ones where no name is found, come back whole.
 */
export function cropSentence(sentence: string, names: string[], maxWords: number): string {
  const words = [...sentence.matchAll(/\S+/g)].map((match) => ({ text: match[0], start: match.index ?? 0 }));
  if (words.length <= maxWords) return sentence;
  const normalisedWords = words.map((word) => normaliseName(word.text));
  const positions: number[] = [];
  for (const name of names) {
    const parts = normaliseName(name).split(' ').filter(Boolean);
    if (parts.length === 0) continue;
    for (let start = 0; start + parts.length <= words.length; start += 1) {
      if (parts.every((part, offset) => normalisedWords[start + offset] === part)) positions.push(start, start + parts.length - 1);
    }
  }
  if (positions.length === 0) return `${words.slice(0, maxWords).map((word) => word.text).join(' ')} …`;
  let from = Math.max(0, Math.min(...positions) - MARGIN_WORDS);
  let to = Math.min(words.length - 1, Math.max(...positions) + MARGIN_WORDS);
  while (to - from + 1 > maxWords && to > Math.max(...positions)) to -= 1;
  while (to - from + 1 > maxWords && from < Math.min(...positions)) from += 1;
  const text = words.slice(from, to + 1).map((word) => word.text).join(' ');
  return `${from > 0 ? '… ' : ''}${text}${to < words.length - 1 ? ' …' : ''}`;
}
