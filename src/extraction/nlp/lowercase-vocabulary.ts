import { stripAccents } from '../../core/normalise.js';
import type { GraphSchema } from '../../config/graph-schema.js';

/** The one-word nouns the schema's node types take after a name ("programme", "platform"), accent-free; none of a person type, whose cues are verbs. */
export function typeNounsAfterNames(schema: GraphSchema): Set<string> {
  return new Set(
    schema.nodeTypes
      .filter((type) => !type.cues.shapes.includes('person-name'))
      .flatMap((type) => type.cues.after)
      .map((cue) => stripAccents(cue).toLowerCase())
      .filter((cue) => /^\p{L}+$/u.test(cue)),
  );
}

/**
 * A lower-case word of prose, not of code written inline: a word inside a package name, a path or a
 * member access (`@scope/name`, `name.method`, `name(`, `snake_case`) is code, not a sign that the
 * word is an ordinary one.
 */
const PROSE_LOWERCASE_WORD = /(?<![\p{L}\p{N}@\/._$#-])\p{Ll}[\p{Ll}\p{N}'’-]*(?![\p{L}\p{N}_(\/@]|\.[\p{L}_$])/gu;
const CAPITALISED_MID_SENTENCE = /(?<=\p{Ll}[,;:]?[ \t]+)\p{Lu}[\p{L}\p{N}'’-]*/gu;

/**
 * A word the corpus writes capitalised mid-sentence this many times as often as in lower case (and
 * at least this many times) is a name written in lower case now and then ("npm i acme"), not an
 * ordinary word: ordinary words capitalised in headings and titles stay far below (the highest of
 * the development corpora is 4.5 to 1).
 */
const NAME_CAPITALISATION_RATIO = 10;

/**
 * Words that appear in lower case somewhere in the corpus's prose (accent-free), less the names
 * written far more often capitalised. A capitalised word from this set is an ordinary word, not a name.
 */
export function buildLowercaseVocabulary(texts: Iterable<string>): Set<string> {
  const lowercase = new Map<string, number>();
  const capitalised = new Map<string, number>();
  for (const text of texts) {
    const words = wordsOf(text);
    for (const word of (words.lowercase ??= matchedWords(text, PROSE_LOWERCASE_WORD))) increment(lowercase, word);
    for (const word of (words.capitalised ??= matchedWords(text, CAPITALISED_MID_SENTENCE))) increment(capitalised, word);
  }
  const vocabulary = new Set<string>();
  for (const [word, count] of lowercase) if (isOrdinaryWord(count, capitalised.get(word) ?? 0)) vocabulary.add(word);
  return vocabulary;
}

/** A word written in lower case `lowercase` times and capitalised mid-sentence `capitalised` times is an ordinary word, not a name (see NAME_CAPITALISATION_RATIO). */
export function isOrdinaryWord(lowercase: number, capitalised: number): boolean {
  return capitalised < NAME_CAPITALISATION_RATIO || capitalised < NAME_CAPITALISATION_RATIO * lowercase;
}

function increment(counts: Map<string, number>, word: string): void {
  counts.set(word, (counts.get(word) ?? 0) + 1);
}

/** A capitalised word after a lower-case one, then a lower-case word: "the Plover programme". */
const CAPITALISED_BEFORE_NOUN = /(?<=\p{Ll}[,;:]?[ \t]+)(\p{Lu}[\p{L}\p{N}'’-]*)[ \t]+(\p{Ll}[\p{L}-]*)/gu;

/**
 * Words the corpus writes capitalised mid-sentence just before one of the schema's type nouns
 * ("the Plover programme", "the Beacon platform"), accent-free and lower-cased: names of that kind,
 * though the corpus also writes the ordinary word ("a plover nest"). Elsewhere, written
 * capitalised, they are names too ("two programmes: Plover, which …").
 */
export function buildCueNamedWords(texts: Iterable<string>, typeNouns: ReadonlySet<string>): Set<string> {
  const named = new Set<string>();
  if (typeNouns.size === 0) return named;
  for (const text of texts) {
    const words = wordsOf(text);
    for (const [name, noun] of (words.beforeNouns ??= namesBeforeNouns(text))) if (typeNouns.has(noun)) named.add(name);
  }
  return named;
}

/**
 * Words written capitalised in the middle of a sentence somewhere in the corpus (after a
 * lower-case word), accent-free and lower-cased: the corpus itself uses them as names, so a
 * dictionary word among them ("Willow", "Beacon") stays a name at the start of a sentence too.
 */
export function buildNameVocabulary(texts: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const text of texts) {
    const words = wordsOf(text);
    for (const word of (words.capitalised ??= matchedWords(text, CAPITALISED_MID_SENTENCE))) names.add(word);
  }
  return names;
}

/** The words of one text each vocabulary counts, accent-free and lower-cased, in the order the text has them (each time it has them). */
export interface WordsOfText {
  lowercase?: string[];
  capitalised?: string[];
  /** Each capitalised word met just before a lower-case one, with that word. */
  beforeNouns?: Array<[string, string]>;
}

/**
 * The words found so far in each text, by text, for the three vocabulary builders above (schema
 * discovery calls each over the same texts). A memory bound, not a tuning: when it is reached the
 * memo starts again.
 */
const wordsByText = new Map<string, WordsOfText>();
const TEXTS_KEPT = 50_000;

/**
 * The words of one text each vocabulary counts (see WordsOfText), read afresh: the incremental
 * counts of an index run (corpus-vocabularies.ts) read each text once, when it comes or goes, so a
 * memo would only hold every chunk's words through the rest of the run (42 MB of live heap at 12k passages).
 */
export function countedWordsOf(text: string): Required<WordsOfText> {
  return { lowercase: matchedWords(text, PROSE_LOWERCASE_WORD), capitalised: matchedWords(text, CAPITALISED_MID_SENTENCE), beforeNouns: namesBeforeNouns(text) };
}

function wordsOf(text: string): WordsOfText {
  let words = wordsByText.get(text);
  if (words === undefined) {
    if (wordsByText.size >= TEXTS_KEPT) wordsByText.clear();
    wordsByText.set(text, (words = {}));
  }
  return words;
}

function matchedWords(text: string, pattern: RegExp): string[] {
  return Array.from(text.matchAll(pattern), (match) => stripAccents(match[0]).toLowerCase());
}

function namesBeforeNouns(text: string): Array<[string, string]> {
  return Array.from(text.matchAll(CAPITALISED_BEFORE_NOUN), (match): [string, string] => [stripAccents(match[1] as string).toLowerCase(), stripAccents(match[2] as string).toLowerCase()]);
}
