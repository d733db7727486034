import type { Language } from '../../core/records.js';
import { languagePack } from '../../text/lang/registry.js';
import { escapeRegExp } from '../../text/lang/word-lists.js';
import { stripAccents } from '../../core/normalise.js';
import type { EarlierMention } from './refer-back.js';
import type { SentenceMention } from './match-relations.js';

/** How many sentences back "his successor" may find the person it names the successor of. */
const SENTENCES_BACK = 3;

const patterns = new Map<Language, RegExp | null>();

/**
 * "His successor is Y", « sa remplaçante, Y, … »: the possessive stands for the person named
 * shortly before, so the phrase becomes a mention of that person (at the possessive and noun's
 * offsets) and the sentence links the two. The person is the first of the nearest earlier sentence
 * that names one of `personTypes`; none when no name follows the phrase in the sentence or the
 * person is named in it already.
 */
export function findSuccessorReference(
  sentence: string,
  present: readonly SentenceMention[],
  earlier: readonly (readonly EarlierMention[])[],
  personTypes: ReadonlySet<string>,
  language: Language,
): SentenceMention | null {
  const pattern = successorPattern(language);
  const match = pattern?.exec(stripAccents(sentence).toLowerCase());
  if (!match) return null;
  const start = match.index + (match[1]?.length ?? 0);
  const end = match.index + match[0].length;
  if (!present.some((mention) => mention.start >= end)) return null;
  const oldest = Math.max(0, earlier.length - SENTENCES_BACK);
  for (let back = earlier.length - 1; back >= oldest; back -= 1) {
    const person = (earlier[back] ?? []).find((mention) => personTypes.has(mention.type));
    if (!person) continue;
    if (present.some((mention) => mention.name === person.name)) return null;
    return { name: person.name, type: person.type, start, end };
  }
  return null;
}

function successorPattern(language: Language): RegExp | null {
  if (!patterns.has(language)) {
    const phrases = languagePack(language).temporal.validity.successorPhrases.map((phrase) => escapeRegExp(stripAccents(phrase).toLowerCase()).replace(/ /g, '\\s+'));
    patterns.set(language, phrases.length === 0 ? null : new RegExp(`(^|[^\\p{L}])(?:${phrases.join('|')})(?![\\p{L}])`, 'u'));
  }
  return patterns.get(language) ?? null;
}
