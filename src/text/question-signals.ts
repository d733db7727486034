import { stripAccents } from '../core/normalise.js';
import { acrossLanguages } from './lang/registry.js';
import { escapeRegExp } from './lang/word-lists.js';

/** A RegExp matching any of the words or phrases as whole words. */
const anyWord = (words: readonly string[]) => new RegExp(`\\b(${[...new Set(words)].map(escapeRegExp).join('|')})\\b`);

/** The phrasing of questions in every registered pack. */
const phrasing = acrossLanguages((packs) => ({
  corpusWide: packs.flatMap((pack) => pack.questionPhrasing.corpusWide),
  listAll: packs.flatMap((pack) => pack.questionPhrasing.listAll),
  temporal: [anyWord(packs.flatMap((pack) => pack.temporal.questionWords)), ...packs.flatMap((pack) => pack.temporal.questionPatterns)],
  metaWords: new Set(packs.flatMap((pack) => [...pack.corpusMetaWords])),
  concernsInGeneral: anyWord(packs.flatMap((pack) => pack.questionPhrasing.concernsInGeneralWords)),
  aggregate: anyWord(packs.flatMap((pack) => pack.questionPhrasing.aggregatePhrases)),
}));

const plain = (question: string) => stripAccents(question).toLowerCase();

/** True for questions about the whole corpus ("main themes", "across these documents"). */
export function isCorpusWideQuestion(question: string): boolean {
  const text = plain(question);
  return phrasing().corpusWide.some((pattern) => pattern.test(text));
}

/** True for questions asking for every item of a kind ("which suppliers does X work with"). */
export function isListQuestion(question: string): boolean {
  const text = plain(question);
  return phrasing().listAll.some((pattern) => pattern.test(text));
}

/** True when the question is about time ("currently", "in 2024", "before"). */
export function isTemporalQuestion(question: string): boolean {
  const text = plain(question);
  return phrasing().temporal.some((pattern) => pattern.test(text));
}

/** True for words that describe the corpus rather than its content ("main", "themes", "documents"). */
export function isMetaWord(word: string): boolean {
  return phrasing().metaWords.has(plain(word));
}

/** The question without its words about the corpus ("main themes across these documents"). */
export function withoutMetaWords(question: string): string {
  return question.split(/\s+/).filter((word) => !isMetaWord(word.replace(/[^\p{L}\p{N}]/gu, ''))).join(' ');
}

/** True when the question asks about risks, problems or challenges in the plural ("what risks…", "quels problèmes…"). */
export function asksAboutConcernsInGeneral(question: string): boolean {
  return phrasing().concernsInGeneral.test(plain(question));
}

/** True for counting or aggregate questions ("how many projects…", "which supplier has the most…"). */
export function isAggregateQuestion(question: string): boolean {
  return phrasing().aggregate.test(plain(question));
}
