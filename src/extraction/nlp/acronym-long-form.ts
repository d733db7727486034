import { stripAccents } from '../../core/normalise.js';

/** Where a defined acronym's long form lies in its sentence. */
export interface LongFormSpan {
  start: number;
  end: number;
  surface: string;
  /** Words of the long form, for a mention's token count. */
  words: number;
}

const WORD = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu;

/**
 * The long form of the acronym written in parentheses at `parenthesis` ("la Société de gardiennage
 * des Monts-Bleus (SGMB)", "l'Université de Corvel (UDC)"), found as Schwartz & Hearst (2003)
 * find it: reading the acronym's letters right to left, each is matched to a letter of the text before
 * it, the first one to the first letter of a word; the window is min(n + 5, 2n) words for n letters.
 * The long form is a name only when it starts with a capital (an elided article is left out) and
 * holds no clause punctuation; null otherwise.
 */
export function findAcronymLongForm(sentence: string, parenthesis: number, acronym: string): LongFormSpan | null {
  const letters = [...stripAccents(acronym).toLowerCase()].filter((char) => /[\p{L}\p{N}]/u.test(char));
  if (letters.length < 2) return null;
  const before = sentence.slice(0, parenthesis).replace(/\s+$/u, '');
  const words = [...before.matchAll(WORD)];
  const window = words.slice(-Math.min(letters.length + 5, letters.length * 2));
  const first = window[0];
  if (first?.index === undefined) return null;
  const text = before.slice(first.index);
  const plain = [...text].map((char) => stripAccents(char).toLowerCase());
  let at = plain.length - 1;
  for (let letter = letters.length - 1; letter >= 0; letter -= 1) {
    const wanted = letters[letter] as string;
    const atWordStart = (index: number) => index === 0 || !/[\p{L}\p{N}]/u.test(plain[index - 1] as string);
    while (at >= 0 && (plain[at] !== wanted || (letter === 0 && !atWordStart(at)))) at -= 1;
    if (at < 0) return null;
    if (letter > 0) at -= 1;
  }
  let start = first.index + [...text].slice(0, at).join('').length;
  // An elided article written onto the name ("l'Université") is not part of it.
  const elided = /^\p{L}['’](?=\p{Lu})/u.exec(before.slice(start));
  if (elided) start += elided[0].length;
  const surface = before.slice(start);
  if (!/^\p{Lu}/u.test(surface) || /[,;:()[\]«»"“”]/u.test(surface)) return null;
  const count = [...surface.matchAll(WORD)].length;
  if (count < 2) return null;
  return { start, end: start + surface.length, surface, words: count };
}
