import { stripAccents } from '../core/normalise.js';
import { acrossLanguages } from '../text/lang/registry.js';
import { escapeRegExp } from '../text/lang/word-lists.js';

/** A phrase as a pattern: its words in order, any case, separated by spaces, hyphens or apostrophes ("dites-moi", "i'd like"). */
function phrasePattern(phrase: string): string {
  return phrase
    .split(/[\s'’-]+/u)
    .filter((word) => word !== '')
    .map(escapeRegExp)
    .join("[\\s'’-]+");
}

/** The request wording of every registered language, as patterns. */
const requestWording = acrossLanguages((packs) => {
  const openers = packs.flatMap((pack) => [...pack.questionPhrasing.requestOpeners]).sort((left, right) => right.length - left.length);
  const imperatives = new Set(packs.flatMap((pack) => [...pack.answerTypeWords.imperatives]));
  const pronouns = packs.flatMap((pack) => [...pack.questionPhrasing.requestPronouns]);
  const contractions = packs.flatMap((pack) => pack.questionPhrasing.contractions.map(([contracted, full]) => ({ pattern: new RegExp(`(?<![\\p{L}\\p{N}])${contracted.replace(/['’]/g, "['’]")}(?![\\p{L}\\p{N}])`, 'giu'), full })));
  return {
    contractions,
    opener: new RegExp(`^[\\s,;:]*(?:${openers.map(phrasePattern).join('|')})(?![\\p{L}\\p{N}])[\\s,;:]*`, 'iu'),
    imperatives,
    pronounAfterVerb: new RegExp(`^([\\p{L}]+)[\\s'’-]+(?:${pronouns.map(phrasePattern).join('|')})(?![\\p{L}\\p{N}])[\\s,]*`, 'iu'),
    nameOf: packs.flatMap((pack) => pack.questionPhrasing.nameOfPhrases.map(([phrase, replacement]) => ({ pattern: new RegExp(`(?<![\\p{L}\\p{N}])${phrasePattern(phrase)}(?![\\p{L}\\p{N}])[\\s]*`, 'giu'), replacement: replacement === '' ? '' : `${replacement}${replacement.endsWith("'") ? '' : ' '}` }))),
  };
});

/**
 * The question without the wording of a request around it, as written otherwise (case kept, for
 * linking names): "Can you tell me which firm audited X?" → "which firm audited X?"; "Give me the
 * name of the person who leads Y" → "Give the person who leads Y"; "Dites-moi quelle entreprise …" →
 * "quelle entreprise …"; contracted question words are written out ("What's" → "What is"). A question with
 * no such wording comes back unchanged.
 */
export function unwrapRequest(question: string): string {
  const { opener, imperatives, pronounAfterVerb, nameOf, contractions } = requestWording();
  let text = question;
  for (const { pattern, full } of contractions) text = text.replace(pattern, full);
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(opener, '');
  }
  const verb = pronounAfterVerb.exec(text);
  if (verb && imperatives.has(stripAccents(verb[1] ?? '').toLowerCase())) text = `${verb[1]} ${text.slice(verb[0].length)}`;
  for (const { pattern, replacement } of nameOf) text = text.replace(pattern, replacement);
  return text.trim() === '' ? question : text;
}

/** The request's own words without the request verb that opens it ("List the suppliers …" → "the suppliers …"): what its content words are read from. */
export function withoutRequestVerb(question: string): string {
  const first = /^\s*([\p{L}]+)/u.exec(question);
  return first && requestWording().imperatives.has(stripAccents(first[1] ?? '').toLowerCase()) ? question.slice(first[0].length).trimStart() : question;
}
