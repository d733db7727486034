import { stripAccents } from '../../core/normalise.js';
import type { Language } from '../../core/records.js';
import { isStopWord } from '../../text/words.js';
import { languagePack } from '../../text/lang/registry.js';

/** A word of a sentence with offsets (relative to the sentence) and its accent-free lower-case form. */
export interface PlainWord {
  text: string;
  plain: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;
const MAX_DESCRIPTOR_WORDS = 4;
const MIN_DESCRIPTOR_LETTERS = 3;

/** The words of a text (hyphenated words whole) with offsets and accent-free lower-case forms. */
export function plainWords(text: string, offset = 0): PlainWord[] {
  return [...text.matchAll(WORD)].map((match) => ({
    text: match[0],
    plain: stripAccents(match[0]).toLowerCase(),
    start: offset + (match.index ?? 0),
    end: offset + (match.index ?? 0) + match[0].length,
  }));
}

/** A lower-case content word that can belong to a descriptor ("cabinet", "seed-breeding", "certifié"). */
function isDescriptorWord(word: PlainWord): boolean {
  return /^\p{Ll}/u.test(word.text) && !/\d/.test(word.text) && word.plain.length >= MIN_DESCRIPTOR_LETTERS && !isStopWord(word.plain);
}

/**
 * The common nouns the text uses to describe a name, read from the sentence around one mention:
 * an article and nouns right before it ("le cabinet Morvan", "the analytics firm Vorrin"), an
 * apposition after it ("Elm Trust, a grant-giving charity", "Sorelia, hébergeur certifié"), or
 * a copula ("Valtrix est un fabricant …"), or the nouns of a title before it ("Dr" → "doctor"). Returns the descriptor's words in text order, accent-free
 * and lower case (empty when the sentence gives none). Question head nouns ("which charity",
 * "quel cabinet") are matched against these, so answer types come from the corpus's own words.
 */
export function findDescriptors(sentence: string, mention: DescribedMention, language: Language): string[] {
  return [...new Set(findDescriptorPhrases(sentence, mention, language).flat())];
}

/** A mention's place in its sentence, with the titles written before it ("Dr"). */
export interface DescribedMention {
  start: number;
  end: number;
  titles?: readonly string[];
}

/**
 * The same descriptors as `findDescriptors`, one phrase each (words in text order), so that a
 * phrase's head noun can be told from its modifiers ("quay-wall monitoring programme" is a
 * programme): distinct phrases, in the order the sentence gives them.
 */
export function findDescriptorPhrases(sentence: string, mention: DescribedMention, language: Language): string[][] {
  const grammar = languagePack(language).descriptors;
  // A title says what the person is as a noun would ("le Dr Vidal" → "médecin").
  const descriptors: string[][] = (mention.titles ?? []).flatMap((title) => (grammar.titleNouns[stripAccents(title.replace(/\.$/u, '')).toLowerCase()] ?? []).map((noun) => [noun]));
  const before = plainWords(sentence.slice(0, mention.start));
  const between = sentence.slice(before[before.length - 1]?.end ?? 0, mention.start);
  if (/^\s+$/u.test(between) || between === '') {
    for (let articleAt = before.length - 2; articleAt >= Math.max(0, before.length - 1 - MAX_DESCRIPTOR_WORDS); articleAt -= 1) {
      const article = before[articleAt] as PlainWord;
      const nouns = before.slice(articleAt + 1);
      if (!nouns.every(isDescriptorWord)) break;
      if (grammar.articles.has(article.plain)) {
        descriptors.push(nouns.map((word) => word.plain));
        break;
      }
    }
  }
  const after = sentence.slice(mention.end);
  const comma = /^\s*,\s*/u.exec(after)?.[0].length ?? null;
  const skip = comma ?? copulaLength(after, grammar.copulas);
  // A copula states what the name is; only a comma's apposition must show where it closes (head-last languages).
  if (skip !== null) descriptors.push(phraseAfter(after.slice(skip), grammar.articles, comma === null || grammar.headFirst ? null : grammar.linkingWords));
  const unit = unitNounBeside(sentence, mention, grammar);
  if (unit !== null) descriptors.push([unit]);
  const distinct = new Map(descriptors.filter((phrase) => phrase.length > 0).map((phrase) => [phrase.join(' '), phrase]));
  return [...distinct.values()];
}

/**
 * A unit noun written beside the name ("the Works team", "l'équipe Accueil", "le service X"): just
 * after it where modifiers come first, just before it where the head comes first. The name is then one
 * of an organisation's own units; null when there is none.
 */
function unitNounBeside(sentence: string, mention: DescribedMention, grammar: ReturnType<typeof languagePack>['descriptors']): string | null {
  const next = grammar.headFirst ? plainWords(sentence.slice(0, mention.start)).pop() : plainWords(sentence.slice(mention.end), mention.end)[0];
  if (!next || !/^\p{Ll}/u.test(next.text)) return null;
  const gap = grammar.headFirst ? sentence.slice(next.end, mention.start) : sentence.slice(mention.end, next.start);
  return /^\s+$/u.test(gap) && grammar.unitNouns.has(next.plain) ? next.plain : null;
}

/** Length of a copula ("is a", "est une") at the start of `text`, or null. */
function copulaLength(text: string, copulas: readonly (readonly string[])[]): number | null {
  const words = plainWords(text.slice(0, 40));
  for (const copula of copulas) {
    if (copula.length === 0 || !copula.every((word, index) => words[index]?.plain === word)) continue;
    if (text.slice(0, words[0]?.start ?? 0).trim() !== '') continue;
    return (words[copula.length - 1] as PlainWord).end;
  }
  return null;
}

/** The descriptor words at the start of an apposition: an optional article, then lower-case content words up to punctuation or a function word. */
function phraseAfter(text: string, articles: ReadonlySet<string>, linkingWords: readonly string[] | null): string[] {
  const clause = /^[^,.;:()!?«»"“”]*/u.exec(text)?.[0] ?? '';
  const words = plainWords(clause);
  let position = 0;
  if (words[0] && articles.has(words[0].plain) && clause.slice(0, words[0].start).trim() === '') position = 1;
  const { phrase, next } = appositionWords(clause, words, position);
  // Where the head comes last, an apposition without an article must close where its nouns end ("X, head of Y, said",
  // "X, chartered engineer."): "At X, tenders were evaluated", "towards X, departed Y" go on with the sentence.
  // (Head-first languages go on after the head: "Vorrin, société retenue pour …" — `linkingWords` is null there.)
  if (linkingWords !== null && position === 0 && phrase.length > 0 && !closesAfter(clause, words, next, linkingWords)) return [];
  return phrase;
}

/** True when what follows an apposition (from word `count` on) ends it: nothing, or a linking word ("of", "de"). */
function closesAfter(clause: string, words: readonly PlainWord[], count: number, linkingWords: readonly string[]): boolean {
  const next = words[count];
  if (!next) return true;
  const linking = new Set(linkingWords.map((word) => stripAccents(word).toLowerCase().replace(/['’]$/u, '')));
  return linking.has(next.plain) || /^\s*d['’]/u.test(clause.slice((words[count - 1] as PlainWord).end));
}

/** The descriptor words of an apposition from `position` on (see `phraseAfter`). */
function appositionWords(clause: string, words: readonly PlainWord[], position: number): { phrase: string[]; next: number } {
  const first = words[position];
  if (!first || clause.slice(position === 0 ? 0 : (words[0] as PlainWord).end, first.start).trim().replace(/['’]/g, '') !== '') return { phrase: [], next: position };
  let phrase: string[] = [];
  let index = position;
  for (; index < words.length && phrase.length < MAX_DESCRIPTOR_WORDS; index += 1) {
    const word = words[index] as PlainWord;
    const possessor = /^['’]s\b/u.test(clause.slice(word.end));
    // "the Trust's peatland programme": a named possessor opens the phrase as "the company's" does.
    if (!isDescriptorWord(word) && !(possessor && phrase.length === 0 && /^\p{Lu}/u.test(word.text))) break;
    // "the company's tracked robot": the possessor is not what the name is; the nouns after it are.
    if (possessor) {
      phrase = [];
      index += 1;
      continue;
    }
    phrase.push(word.plain);
  }
  return { phrase, next: index };
}
