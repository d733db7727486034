import { stripAccents } from '../core/normalise.js';
import type { GraphSchema } from '../config/graph-schema.js';
import { acrossLanguages } from '../text/lang/registry.js';
import { splitAtSubordinateClause } from './anchor-date.js';
import { includesAgentType, whPhrase, type AnswerTypeWeights } from './expected-answer-type.js';

/** The words and phrases of every registered language that ask for a cause ("why", "set off", « à l'origine »). */
const causeWords = acrossLanguages((packs) => ({
  openers: new Set(packs.flatMap((pack) => pack.questionPhrasing.causes.questionWords)),
  phrases: [...new Set(packs.flatMap((pack) => pack.questionPhrasing.causes.questionPhrases))],
}));

/**
 * True when a question asks why, or a "what"/"which" question (or « qu'est-ce qui ») asks what caused something: one of
 * the packs' cause phrases stands in its main part ("what set off the flame detector", "quelle pièce est à l'origine du
 * feu"), not in a clause that identifies what it starts from ("which manufacturer makes the pump whose failure caused …"),
 * and it asks for no person or organisation ("which contractor caused the delay" asks for a name a relation reaches).
 */
export function asksForCause(question: string, schema: GraphSchema, types: AnswerTypeWeights): boolean {
  if (includesAgentType(types, schema)) return false;
  const main = splitAtSubordinateClause(question).main.map((word) => stripAccents(word));
  const { openers, phrases } = causeWords();
  // "Why was the link suspended?", « Pourquoi le site a-t-il fermé ? »: asked for a cause whatever follows.
  if (openers.has(main[0] ?? '')) return true;
  const wh = whPhrase(main);
  if (wh === null || wh.asks !== 'choice') return false;
  const rest = ` ${main.slice(wh.index + 1).join(' ')} `;
  return phrases.some((phrase) => rest.includes(` ${phrase} `));
}
