import { stripAccents } from '../core/normalise.js';
import type { GraphSchema } from '../config/graph-schema.js';
import { isStopWord } from '../text/words.js';
import { stemWord } from '../core/stem.js';
import { acrossLanguages } from '../text/lang/registry.js';
import { wordAlternation } from '../text/lang/word-lists.js';
import { contentStems } from '../text/content-stems.js';

/** Node types a question asks for, each with how strongly (1 = the type named, 0.5 = plausible). */
export type AnswerTypeWeights = Map<string, number>;

/** The wh-words of every registered language by what they ask for, and the word prefixes that mean an organisation. */
const questionWords = acrossLanguages((packs) => {
  const union = (pick: (pack: (typeof packs)[number]) => readonly string[]) => new Set(packs.flatMap(pick));
  const organisation = [...union((pack) => pack.organisationWordPrefixes)];
  return {
    person: union((pack) => pack.answerTypeWords.person),
    place: union((pack) => pack.answerTypeWords.place),
    choice: union((pack) => pack.answerTypeWords.choice),
    objectAuxiliaries: union((pack) => pack.answerTypeWords.objectAuxiliaries),
    imperatives: union((pack) => pack.answerTypeWords.imperatives),
    thingPhrases: packs.flatMap((pack) => pack.answerTypeWords.thingPhrases ?? []).map((phrase) => phrase.split(' ')),
    organisation: organisation.length > 0 ? new RegExp(`\\b(?:${wordAlternation(organisation)})`) : /$^/,
  };
});

/**
 * Where the question's wh-phrase starts and what it asks for: its first wh-word, or, in a question
 * with none, a request verb opening it ("List the suppliers…", "Citez les entreprises…"), which asks
 * to choose among things as "which" does. Null when there is neither.
 */
export function whPhrase(words: readonly string[]): { index: number; asks: 'person' | 'place' | 'choice' } | null {
  const { person, place, choice, imperatives, thingPhrases } = questionWords();
  const index = words.findIndex((word) => person.has(word) || place.has(word) || choice.has(word));
  // "Qu'est-ce qui a déclenché …": the person word ends a run that asks what, not who.
  const thing = thingPhrase(words, thingPhrases);
  if (thing !== null && (index < 0 || index >= thing.start)) return { index: thing.end, asks: 'choice' };
  // "Nommez le cabinet qui a vérifié …": a wh-word further on is a relative pronoun; "Indiquez qui dirige …" asks with it.
  if (imperatives.has(words[0] ?? '') && (index < 0 || index > IMPERATIVE_REACH)) return { index: 0, asks: 'choice' };
  if (index < 0) return null;
  const word = words[index] as string;
  return { index, asks: person.has(word) ? 'person' : place.has(word) ? 'place' : 'choice' };
}

/** Where the first thing phrase the question writes ("qu est ce qui") starts and its last word, or null. */
function thingPhrase(words: readonly string[], phrases: readonly (readonly string[])[]): { start: number; end: number } | null {
  for (let start = 0; start < words.length; start += 1) {
    const phrase = phrases.find((candidate) => candidate.every((word, offset) => words[start + offset] === word));
    if (phrase) return { start, end: start + phrase.length - 1 };
  }
  return null;
}

/** A wh-word at most this many words after an opening request verb is the question's own ("Tell me who …", "Indiquez qui …"). */
const IMPERATIVE_REACH = 2;

/**
 * The node types a question asks for, read from its wh-phrase: "who" asks for a person-like
 * type (or, less surely, an organisation), "which company" for the type whose name or
 * description says "company", "where" for a place-like type. Empty when the question gives no clue.
 */
export function expectedAnswerTypes(question: string, schema: GraphSchema): AnswerTypeWeights {
  const weights: AnswerTypeWeights = new Map();
  const words = stripAccents(question).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const { organisation: organisationWords } = questionWords();
  const wh = whPhrase(words);
  if (wh === null) return weights;
  const first = wh.index;
  if (wh.asks === 'person') {
    for (const type of schema.nodeTypes) {
      if (type.cues.shapes.includes('person-name')) weights.set(type.name, 1);
      else if (organisationWords.test(describe(type))) weights.set(type.name, 0.5);
    }
    // "Who makes / supplies / funds …": the schema says which of those types does that (its edge types' sources).
    const doers = subjectTypesOfVerb(words.slice(first + 1).find((word) => !isStopWord(word)), schema).filter((type) => weights.has(type));
    if (doers.length > 0) for (const [type] of weights) weights.set(type, doers.includes(type) ? 1 : 0.5);
    return weights;
  }
  const typesMentioning = (word: string) => typesNamedBy(word, schema);
  if (wh.asks === 'place') {
    // "where": the types declared to hold place names.
    for (const type of schema.nodeTypes.filter((candidate) => candidate.cues.shapes.includes('place-name'))) weights.set(type.name, 1);
    return weights;
  }
  const following = words.slice(first + 1).filter((word) => !isStopWord(word)).slice(0, 2);
  for (const word of following) {
    const matches = typesMentioning(word);
    if (matches.length === 0) continue;
    for (const type of matches) weights.set(type.name, 1);
    return weights;
  }
  return weights;
}

/** True when one of the types is a person-like type or one that holds organisations: a question asking for it asks for an agent. */
export function includesAgentType(types: AnswerTypeWeights, schema: GraphSchema): boolean {
  const { organisation } = questionWords();
  return [...types.keys()].some((name) => {
    const type = schema.nodeTypes.find((candidate) => candidate.name === name);
    return type !== undefined && (type.cues.shapes.includes('person-name') || organisation.test(describe(type)));
  });
}

/**
 * The source types of the edge types one of whose phrases is this word with at most a particle
 * ("makes", "made by", "fabrique"): who does what that verb says. Empty for no word or no such edge type.
 */
function subjectTypesOfVerb(word: string | undefined, schema: GraphSchema): string[] {
  const stem = word === undefined ? undefined : contentStems(word)[0];
  if (stem === undefined) return [];
  const types = new Set<string>();
  for (const edge of schema.edgeTypes) {
    const phrases = [...edge.patterns, ...edge.passivePatterns].map((phrase) => contentStems(phrase)).filter((stems) => stems.length === 1);
    if (phrases.some(([phraseStem]) => phraseStem === stem)) for (const type of edge.source) types.add(type);
  }
  return [...types];
}

/** The description of each schema node type, computed once per type and reading (every question word is matched against it). */
const descriptions = new WeakMap<GraphSchema['nodeTypes'][number], Record<TypeWords, string>>();

/** Which words describe a type: all (its name, description and cue words) or only its nouns (no word that follows a name of it, such as "said", nor a cue phrase, such as "supplied by"). */
type TypeWords = 'all' | 'nouns';

/** A type is described by its name, its description and its cue words (in every language the schema covers). */
function describe(type: GraphSchema['nodeTypes'][number], words: TypeWords = 'all'): string {
  let description = descriptions.get(type);
  if (description === undefined) {
    const nouns = `${type.name} ${type.description} ${[...type.cues.before.filter((cue) => !cue.includes(' ')), ...type.cues.suffixes].join(' ')}`;
    const phrases = [...type.cues.before.filter((cue) => cue.includes(' ')), ...type.cues.after].join(' ');
    description = { nouns: stripAccents(nouns).toLowerCase(), all: stripAccents(`${nouns} ${phrases}`).toLowerCase() };
    descriptions.set(type, description);
  }
  return description[words];
}

/**
 * The node types a word names ("programme" → Project, "site" → Location); "entreprises",
 * "businesses": any word for companies finds the types that hold companies. With `nouns`, only a
 * type's own nouns count: neither the words that follow its names nor the words for companies.
 */
function typesNamedBy(word: string, schema: GraphSchema, words: TypeWords = 'all'): GraphSchema['nodeTypes'] {
  const organisationWords = questionWords().organisation;
  const singular = word.replace(/ies$/, 'y').replace(/s$/, '');
  const named = schema.nodeTypes.filter((type) => new RegExp(`\\b(${word}|${singular})\\b`).test(describe(type, words)));
  return named.length > 0 || words === 'nouns' || !organisationWords.test(word) ? named : schema.nodeTypes.filter((type) => organisationWords.test(describe(type)));
}

/**
 * The node types the question's other nouns name, after its wh-phrase: the kinds of the entities
 * a chain passes through ("who manages the programme delivered at the site that X audited" →
 * Project, Location). Empty when the question has no wh-phrase.
 */
export function bridgeKinds(question: string, schema: GraphSchema): Set<string> {
  const words = stripAccents(question).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const wh = whPhrase(words);
  if (wh === null) return new Set();
  const rest = words.slice(wh.index + 1).filter((word) => !isStopWord(word) && word.length > 2);
  // A choice question's head noun names the answer, not a bridge.
  const beyond = wh.asks === 'choice' ? rest.slice(1) : rest;
  return new Set(beyond.flatMap((word) => typesNamedBy(word, schema).map((type) => type.name)));
}

/**
 * The head noun of the wh-phrase, as written: the first content word after "which"/"quel", except
 * in languages that put modifiers first ("which analytics firm", "which external suppliers"), where
 * the last of the first run of content words that names a node type is the head, when one does.
 */
function answerHead(question: string, schema: GraphSchema | undefined, headFirst: boolean): string | null {
  const words = stripAccents(question).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const { objectAuxiliaries } = questionWords();
  const wh = whPhrase(words);
  if (wh === null || wh.asks !== 'choice') return null;
  const first = wh.index;
  // "What does Maya prefer?": the choice word is the object and names no kind.
  if (objectAuxiliaries.has(words[first + 1] ?? '')) return null;
  const isContent = (word: string) => !isStopWord(word) && word.length > 2;
  const start = words.findIndex((word, index) => index > first && isContent(word));
  if (start < 0) return null;
  const leading = words[start] as string;
  if (headFirst || !schema) return leading;
  // Modifiers come first: the phrase ends at its first stop word, or at the first word after a type's noun that names none (the verb).
  let head: string | null = null;
  let last = leading;
  let end = words.length;
  for (const [offset, word] of words.slice(start).entries()) {
    if (isStopWord(word)) {
      end = start + offset;
      break;
    }
    // A short part of a name ("js" of "Node.js") neither ends the phrase nor heads it.
    if (!isContent(word)) continue;
    last = word;
    // Once the phrase has a head, only a noun of a type continues it: "supplied" after "which company" is the verb, though it is a word that follows company names.
    const namesType = (head === null ? typesNamedBy(word, schema) : typesNamedBy(word, schema, 'nouns')).length > 0;
    if (namesType) head = word;
    else if (head !== null) break;
  }
  // No noun of a type in it: a phrase closed by an auxiliary ("which Node.js version does …") ends with its head.
  if (head === null && objectAuxiliaries.has(words[end] ?? '')) return last;
  return head ?? leading;
}

/** True when the wh-phrase's head noun is plural ("which suppliers", "quels fournisseurs"): written with a plural ending, as written. */
export function answerHeadIsPlural(question: string, schema?: GraphSchema, headFirst = true): boolean {
  const head = answerHead(question, schema, headFirst);
  return head !== null && head.length > 3 && /[sx]$/u.test(head) && !/(ss|us|is)$/u.test(head);
}

/**
 * The head noun of the wh-phrase, stemmed: "which charity" → "charit", "which analytics firm" →
 * "firm", "dans quelle ville" → "vill", "quel cabinet d'audit" → "cabinet". Null for "who", "where"
 * and questions without a wh-phrase. It is matched against the nouns the documents use to describe each entity.
 */
export function answerHeadStem(question: string, schema?: GraphSchema, headFirst = true): string | null {
  const head = answerHead(question, schema, headFirst);
  return head ? stemWord(head) : null;
}
