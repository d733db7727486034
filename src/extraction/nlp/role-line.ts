import { FALLBACK_NODE_TYPE, type EdgeTypeDefinition, type GraphSchema } from '../../config/graph-schema.js';
import { gapWords, type SentenceMention } from './match-relations.js';

/** A relation a role line states: the holder named after the colon holds the role over the title's subject. */
export interface RoleLineMatch {
  type: string;
  holder: SentenceMention;
  subject: SentenceMention;
  /** The edge phrase the role's head noun stands for ("manager of"). */
  phrase: string;
}

/** A role is named in at most this many words ("Programme manager", "Responsable du dossier"). */
const MAX_ROLE_WORDS = 4;
/** At most one short word (a title such as "Dr") between the colon and the holder's name. */
const MAX_WORDS_BEFORE_HOLDER = 1;

/**
 * Reads a role line of a report or notice: "Programme manager: Hallie Vorrin." or "Chef de projet :
 * Léa Morvan." under a title naming what the document is about. The role's head noun (the last
 * word in modifier-first languages, the first in head-first ones) is the noun of an edge phrase
 * of the schema ("manager" of "manager of", "chef" of "chef de"), so the line states that edge from
 * the holder to the title's one subject of a fitting type. A modifier that names a node type
 * ("programme", "projet") must agree with the subject's type. Null for any other line ("Lead
 * auditor: …" has no edge phrase; "Kestrel: amber" names no holder after the colon).
 */
export function matchRoleLine(sentence: string, mentions: readonly SentenceMention[], titleMentions: readonly SentenceMention[], schema: GraphSchema, headFirst: boolean, typeNouns: ReadonlyMap<string, ReadonlySet<string>>): RoleLineMatch | null {
  const colon = /^([^:\n]+?)\s*:\s*/u.exec(sentence);
  if (!colon) return null;
  const roleEnd = (colon[1] as string).length;
  if (mentions.some((mention) => mention.start < roleEnd)) return null;
  const holder = mentions.find((mention) => mention.start >= colon[0].length);
  if (!holder || holder.type === FALLBACK_NODE_TYPE) return null;
  const between = sentence.slice(colon[0].length, holder.start).match(/[\p{L}\p{N}.]+/gu) ?? [];
  if (between.length > MAX_WORDS_BEFORE_HOLDER) return null;
  const role = gapWords(colon[1] as string);
  if (role.length === 0 || role.length > MAX_ROLE_WORDS) return null;
  const head = (headFirst ? role[0] : role[role.length - 1]) as string;
  const modifierTypes = role.filter((word) => word !== head).flatMap((word) => [...(typeNouns.get(word) ?? [])]);
  for (const edge of schema.edgeTypes) {
    if (!edge.source.includes(holder.type)) continue;
    const phrase = edge.patterns.find((pattern) => {
      const words = gapWords(pattern);
      return words.length === 2 && words[0] === head;
    });
    if (phrase === undefined) continue;
    const subject = titleSubject(edge, titleMentions, holder, modifierTypes);
    if (subject) return { type: edge.name, holder, subject, phrase };
  }
  return null;
}

/** The title's one mention the edge may end at: of a type the edge names (else untyped), agreeing with the role's modifiers. */
function titleSubject(edge: EdgeTypeDefinition, titleMentions: readonly SentenceMention[], holder: SentenceMention, modifierTypes: readonly string[]): SentenceMention | null {
  const candidates = titleMentions.filter((mention) => mention.name !== holder.name);
  const agrees = (mention: SentenceMention) => mention.type === FALLBACK_NODE_TYPE || modifierTypes.length === 0 || modifierTypes.includes(mention.type);
  const typed = candidates.filter((mention) => edge.target.includes(mention.type) && agrees(mention));
  if (typed.length > 0) return typed.length === 1 ? (typed[0] as SentenceMention) : null;
  const untyped = candidates.filter((mention) => mention.type === FALLBACK_NODE_TYPE);
  return untyped.length === 1 ? (untyped[0] as SentenceMention) : null;
}
