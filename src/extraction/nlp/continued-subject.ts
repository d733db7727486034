import type { Language } from '../../core/records.js';
import { languagePack } from '../../text/lang/registry.js';
import { plainWords } from './find-descriptors.js';
import type { SentenceMention } from './match-relations.js';

/**
 * True when a sentence goes on about what the sentence before it was about: it opens with a referring
 * word and a common noun that names nothing of this sentence ("The contract covers …", "Ce contrat
 * porte sur …"), the way a text keeps its subject in view without naming it again.
 */
export function continuesSubject(sentence: string, mentions: readonly SentenceMention[], language: Language): boolean {
  const [first, second] = plainWords(sentence);
  if (!first || !second || !languagePack(language).descriptors.referring.has(first.plain)) return false;
  if (!/^\p{Ll}/u.test(second.text) || !/^[\s'’]*$/u.test(sentence.slice(first.end, second.start))) return false;
  return !mentions.some((mention) => mention.start < second.end);
}

/**
 * The name a sentence opens with, alone or after an article ("Velbrook has …", "The Velbrook group …"):
 * the subject a next sentence may go on about. Null when the sentence opens otherwise ("On Monday, Velbrook …").
 */
export function openingSubject(sentence: string, mentions: readonly SentenceMention[], language: Language): SentenceMention | null {
  const first = mentions.reduce<SentenceMention | null>((best, mention) => (best === null || mention.start < best.start ? mention : best), null);
  if (!first) return null;
  const lead = plainWords(sentence.slice(0, first.start));
  return lead.every((word) => languagePack(language).descriptors.articles.has(word.plain)) && lead.length <= 1 ? first : null;
}
