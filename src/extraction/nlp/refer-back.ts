import { stripAccents } from '../../core/normalise.js';
import { FALLBACK_NODE_TYPE, type GraphSchema } from '../../config/graph-schema.js';
import type { Language } from '../../core/records.js';
import { acrossLanguages, languagePack } from '../../text/lang/registry.js';
import { wordAlternation } from '../../text/lang/word-lists.js';
import type { SentenceMention } from './match-relations.js';
import { plainWords } from './find-descriptors.js';

/** A mention already read in the chunk, with the descriptor words the text gave it. */
export interface EarlierMention {
  name: string;
  type: string;
  descriptors: readonly string[];
  /** Its type rests on no more than a name's shape (or on nothing): a referring noun may say better. */
  weaklyTyped?: boolean;
}

/** A noun phrase that refers back to an entity: a mention of it, with the noun the text used ("the supplier"). */
export interface ReferringMention extends SentenceMention {
  noun: string;
  /** Node types the noun stands for (empty when it is only one of the entity's descriptors). */
  nounTypes: string[];
}

/** How many sentences back a noun phrase such as "the company" may find what it refers to. */
export const SENTENCES_BACK = 3;
/** A linking word and a name after a noun ("of Valtrix", "de Valtrix", "d'Altair"), in any language, as before the packs. */
const linkedName = acrossLanguages((packs) => {
  const alternation = wordAlternation(packs.flatMap((pack) => pack.descriptors.linkingWords));
  return alternation === '' ? null : new RegExp(`^\\s+(?:${alternation})\\s*\\p{Lu}`, 'u');
});

/**
 * Common nouns that stand for a node type when they refer back ("the supplier", "l'entreprise"):
 * the single-word cues of every type but the person type (whose cues are titles).
 */
export function referringNouns(schema: GraphSchema): Map<string, Set<string>> {
  const nouns = new Map<string, Set<string>>();
  for (const type of schema.nodeTypes) {
    if (type.name === FALLBACK_NODE_TYPE || type.cues.shapes.includes('person-name')) continue;
    for (const cue of [...type.cues.before, ...type.cues.after]) {
      const plain = stripAccents(cue).toLowerCase();
      if (!/^[\p{L}-]{3,}$/u.test(plain)) continue;
      const types = nouns.get(plain) ?? new Set<string>();
      types.add(type.name);
      nouns.set(plain, types);
    }
  }
  return nouns;
}

/**
 * Noun phrases of a sentence that refer back to an entity named shortly before ("the company",
 * "l'établissement", "cette société"): a definite article or demonstrative and a noun that is one
 * of the earlier entity's descriptors, or a noun standing for its type. Each becomes a mention of
 * that entity at the phrase's offsets. The nearest earlier sentence wins, and in it the first
 * fitting name (the subject, usually). Phrases followed by a name ("the firm Vorrin") or by
 * "of/de" and a name ("le site de Valtrix") describe that name instead and are skipped.
 */
export function findReferringMentions(
  sentence: string,
  present: readonly SentenceMention[],
  earlier: readonly (readonly EarlierMention[])[],
  nouns: ReadonlyMap<string, ReadonlySet<string>>,
  language: Language,
): ReferringMention[] {
  const grammar = languagePack(language).descriptors;
  const words = plainWords(sentence);
  const found: ReferringMention[] = [];
  for (let index = 0; index + 1 < words.length; index += 1) {
    const article = words[index] as (typeof words)[number];
    if (!grammar.referring.has(article.plain)) continue;
    // The noun follows the article, or one of the pack's referring adjectives after it ("the new contractor", "le nouveau prestataire"): not any modifier ("the installation contractor" is anyone's).
    const reference = [1, 2].map((offset) => referenceAt(sentence, words, index, offset, present, earlier, nouns, grammar.referringAdjectives)).find((candidate) => candidate !== null);
    if (!reference) continue;
    const { noun, antecedent } = reference;
    // Named again only after the phrase ("the programme will be led by X, Velbrook's deputy"), the phrase still stands where the relation is stated.
    if (found.some((item) => item.name === antecedent.name) || present.some((mention) => mention.name === antecedent.name && mention.start < article.start)) continue;
    found.push({ name: antecedent.name, type: antecedent.type, start: article.start, end: noun.end, noun: noun.plain, nounTypes: [...(nouns.get(noun.plain) ?? [])] });
  }
  return found;
}

type PlainWord = ReturnType<typeof plainWords>[number];

/** The noun `offset` words after the article at `index` and what it refers to, or null. */
function referenceAt(
  sentence: string,
  words: readonly PlainWord[],
  index: number,
  offset: number,
  present: readonly SentenceMention[],
  earlier: readonly (readonly EarlierMention[])[],
  nouns: ReadonlyMap<string, ReadonlySet<string>>,
  adjectives: ReadonlySet<string>,
): { noun: PlainWord; antecedent: EarlierMention } | null {
  const article = words[index] as PlainWord;
  const noun = words[index + offset];
  if (!noun || !/^\p{Ll}/u.test(noun.text)) return null;
  const between = words.slice(index + 1, index + offset);
  if (between.some((word) => !adjectives.has(word.plain))) return null;
  if (!/^[\s'’]*$/u.test(sentence.slice(article.end, (between[0] ?? noun).start)) || between.some((word, at) => !/^\s+$/u.test(sentence.slice(word.end, (between[at + 1] ?? noun).start)))) return null;
  if (present.some((mention) => mention.start < noun.end && article.start < mention.end)) return null;
  if (namesWhatFollows(sentence.slice(noun.end))) return null;
  const antecedent = findAntecedent(noun.plain, earlier, nouns);
  return antecedent ? { noun, antecedent } : null;
}

/** True when the text after a noun is a name ("the firm Vorrin") or a linking word and a name ("of Valtrix", "de Valtrix"): the noun describes that name. */
export function namesWhatFollows(rest: string): boolean {
  return /^\s+\p{Lu}/u.test(rest) || (linkedName()?.test(rest) ?? false);
}

function findAntecedent(noun: string, earlier: readonly (readonly EarlierMention[])[], nouns: ReadonlyMap<string, ReadonlySet<string>>): EarlierMention | null {
  const types = nouns.get(noun);
  const oldest = Math.max(0, earlier.length - SENTENCES_BACK);
  for (let back = earlier.length - 1; back >= oldest; back -= 1) {
    for (const mention of earlier[back] ?? []) {
      if (mention.descriptors.includes(noun) || types?.has(mention.type)) return mention;
    }
    // A noun standing for a type may also refer to a name whose type is unknown or rests on its shape alone, in the sentence just before: the nearest one.
    if (!types || back !== earlier.length - 1) continue;
    const untyped = [...(earlier[back] ?? [])].reverse().find((mention) => (mention.type === FALLBACK_NODE_TYPE || mention.weaklyTyped === true) && mention.descriptors.length === 0);
    if (untyped) return untyped;
  }
  return null;
}
