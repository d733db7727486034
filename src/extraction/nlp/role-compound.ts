import type { EdgeTypeDefinition, GraphSchema } from '../../config/graph-schema.js';
import type { Language } from '../../core/records.js';
import { languagePack } from '../../text/lang/registry.js';
import { plainWords } from './find-descriptors.js';
import { gapWords, type SentenceMention } from './match-relations.js';
import { namesWhatFollows, SENTENCES_BACK, type EarlierMention, type ReferringMention } from './refer-back.js';

/** A role named with a bare type noun ("confirmed as programme manager", « nommée cheffe de projet »): its holder holds it over the entity of that type named shortly before. */
export interface RoleCompoundMatch {
  type: string;
  holder: SentenceMention;
  /** The type noun, as a mention of the entity it stands for. */
  subject: ReferringMention;
  /** The edge phrase the role's head noun stands for ("manager of"). */
  phrase: string;
}

/**
 * Role compounds of a sentence: a role's head noun (the first word of a two-word edge phrase of the
 * schema, "manager" of "manager of", "chef" of "chef de") with a type noun as its complement
 * ("programme manager" in modifier-first languages, « chef de projet » in head-first ones), where no
 * name follows ("programme manager of Kestrel" names its own). The type noun stands for the nearest
 * entity of that type named in the sentences before; the role's holder is the sentence's nearest
 * name of a type the edge starts from. Each compound gives at most one relation.
 */
export function matchRoleCompounds(
  sentence: string,
  mentions: readonly SentenceMention[],
  earlier: readonly (readonly EarlierMention[])[],
  nouns: ReadonlyMap<string, ReadonlySet<string>>,
  schema: GraphSchema,
  language: Language,
): RoleCompoundMatch[] {
  const headFirst = languagePack(language).descriptors.headFirst;
  const roles = roleHeads(schema);
  const words = plainWords(sentence);
  const named = (start: number, end: number) => mentions.some((mention) => mention.start < end && start < mention.end);
  const found: RoleCompoundMatch[] = [];
  for (let at = 0; at < words.length; at += 1) {
    const headWord = words[headFirst ? at : at + 1];
    for (const role of (headWord && roles.get(headWord.plain)) || []) {
      const compound = headFirst ? headFirstCompound(words, at, role.link) : modifierFirstCompound(words, at);
      if (!compound || named(compound.start, compound.end) || !/^\p{Ll}/u.test(compound.noun.text)) continue;
      if (namesWhatFollows(sentence.slice(compound.end))) continue;
      const types = nouns.get(compound.noun.plain);
      if (!types || !role.edge.target.some((type) => types.has(type))) continue;
      const antecedent = typedAntecedent(role.edge.target.filter((type) => types.has(type)), earlier);
      if (!antecedent || mentions.some((mention) => mention.name === antecedent.name)) continue;
      const holder = nearestHolder(mentions, role.edge.source, compound.start);
      if (!holder || found.some((match) => match.holder.name === holder.name && match.subject.name === antecedent.name)) continue;
      const subject: ReferringMention = { name: antecedent.name, type: antecedent.type, start: compound.noun.start, end: compound.noun.end, noun: compound.noun.plain, nounTypes: [...types] };
      found.push({ type: role.edge.name, holder, subject, phrase: role.pattern });
    }
  }
  return found;
}

/** A role's head noun with the edge phrase it opens ("manager" → "manager of", MANAGES). */
interface RoleHead {
  link: string;
  edge: EdgeTypeDefinition;
  pattern: string;
}

const roleHeadsBySchema = new WeakMap<GraphSchema, Map<string, RoleHead[]>>();

/** The first words of the schema's two-word edge phrases, each with its linking word and edge (read once per schema). */
function roleHeads(schema: GraphSchema): Map<string, RoleHead[]> {
  let heads = roleHeadsBySchema.get(schema);
  if (!heads) {
    heads = new Map();
    for (const edge of schema.edgeTypes) {
      for (const pattern of edge.patterns) {
        const [head, link, ...more] = gapWords(pattern);
        if (head === undefined || link === undefined || more.length > 0) continue;
        heads.set(head, [...(heads.get(head) ?? []), { link, edge, pattern }]);
      }
    }
    roleHeadsBySchema.set(schema, heads);
  }
  return heads;
}

type PlainWord = ReturnType<typeof plainWords>[number];

/** The nearest entity named in the sentences just before whose type is one the noun stands for (and the edge ends at). */
function typedAntecedent(types: readonly string[], earlier: readonly (readonly EarlierMention[])[]): EarlierMention | null {
  for (let back = earlier.length - 1; back >= Math.max(0, earlier.length - SENTENCES_BACK); back -= 1) {
    const found = (earlier[back] ?? []).find((mention) => types.includes(mention.type));
    if (found) return found;
  }
  return null;
}

/** "programme manager": the type noun, then the role's head. */
function modifierFirstCompound(words: readonly PlainWord[], at: number): { noun: PlainWord; start: number; end: number } | null {
  const noun = words[at];
  const role = words[at + 1];
  if (!noun || !role) return null;
  return { noun, start: noun.start, end: role.end };
}

/** « chef de projet »: the role's head, its linking word, then the type noun (an elided « d' » is part of the noun's word). */
function headFirstCompound(words: readonly PlainWord[], at: number, link: string): { noun: PlainWord; start: number; end: number } | null {
  const role = words[at];
  const linking = words[at + 1];
  const noun = words[at + 2];
  if (!role || !linking || !noun || linking.plain !== link.replace(/['’]$/u, '')) return null;
  return { noun, start: role.start, end: noun.end };
}

/** The sentence's name of a holder type nearest the compound, before it first ("X was confirmed as programme manager"), else after it. */
function nearestHolder(mentions: readonly SentenceMention[], holderTypes: readonly string[], at: number): SentenceMention | null {
  const holders = mentions.filter((mention) => holderTypes.includes(mention.type));
  const before = holders.filter((mention) => mention.end <= at).pop();
  return before ?? holders.find((mention) => mention.start >= at) ?? null;
}
