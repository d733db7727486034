import { stripAccents } from '../core/normalise.js';

const CORPUS_WIDE = /\b(main|key|major|overall|recurring|common|general|biggest|top|principal)\s+(themes?|topics?|issues?|risks?|points?|trends?|problems?|challenges?|concerns?)\b|\bin (these|the|all) (documents|texts|sources|files|reports)\b|\bmost (often|common|frequent)\b|\b(across|throughout)\s+(these|the|all)\b|\ball (the )?(documents|sources|texts)\b|\bin general\b|\boverall\b|\bsummar(y|ise|ize)\b|\bthemes?\b|\b(grands|principaux|principales)\s+(themes?|sujets?|risques?)\b|\bdans l'ensemble\b|\bl'ensemble des documents\b|\bresume\b/;
const LIST_ALL = /\b(which|what|list)\b.*\b(all|every)\b|\b(with|does|do)\b.*\bwork with\b|\b(quels|quelles)\b.*\b(tous|toutes)\b|\btravaill\w* avec\b/;
const TEMPORAL = /\b(currently|current|now|today|latest|recent(ly)?|former(ly)?|previous(ly)?|before|after|until|since|when|in (19|20)\d\d|actuellement|aujourd'hui|desormais|avant|apres|depuis|quand)\b/;

/** True for questions about the whole corpus ("main themes", "across these documents"). */
export function isCorpusWideQuestion(question: string): boolean {
  return CORPUS_WIDE.test(stripAccents(question).toLowerCase());
}

/** True for questions asking for every item of a kind ("which suppliers does X work with"). */
export function isListQuestion(question: string): boolean {
  return LIST_ALL.test(stripAccents(question).toLowerCase());
}

/** True when the question is about time ("currently", "in 2024", "before"). */
export function isTemporalQuestion(question: string): boolean {
  return TEMPORAL.test(stripAccents(question).toLowerCase());
}

const META_WORDS = new Set(['main', 'key', 'major', 'overall', 'recurring', 'common', 'general', 'theme', 'themes', 'topic', 'topics', 'across', 'throughout', 'document', 'documents', 'corpus', 'sources', 'texts', 'summary', 'summarise', 'summarize', 'grands', 'principaux', 'principales', 'sujets', 'ensemble', 'resume']);

/** True for words that describe the corpus rather than its content ("main", "themes", "documents"). */
export function isMetaWord(word: string): boolean {
  return META_WORDS.has(stripAccents(word).toLowerCase());
}

/** The question without its words about the corpus ("main themes across these documents"). */
export function withoutMetaWords(question: string): string {
  return question.split(/\s+/).filter((word) => !isMetaWord(word.replace(/[^\p{L}\p{N}]/gu, ''))).join(' ');
}

const CONCERNS_IN_GENERAL = /\b(risks|problems|issues|challenges|threats|concerns|weaknesses|risques|problemes|defis|menaces|difficultes)\b/;

/** True when the question asks about risks, problems or challenges in the plural ("what risks…", "quels problèmes…"). */
export function asksAboutConcernsInGeneral(question: string): boolean {
  return CONCERNS_IN_GENERAL.test(stripAccents(question).toLowerCase());
}

const AGGREGATE = /\b(how many|number of|count|most|least|average|total|combien|nombre de|le plus|le moins)\b/;

/** True for counting or aggregate questions ("how many projects…", "which supplier has the most…"). */
export function isAggregateQuestion(question: string): boolean {
  return AGGREGATE.test(stripAccents(question).toLowerCase());
}
