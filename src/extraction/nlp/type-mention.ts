import { stripAccents } from '../../core/normalise.js';
import { FALLBACK_NODE_TYPE, type GraphSchema, type NodeTypeDefinition } from '../../config/graph-schema.js';
import type { Language, TypeCue, TypeVote } from '../../core/records.js';
import { isDictionaryWord, isLexiconWord } from './dictionary.js';
import { isCommonNounShaped } from './common-noun-shape.js';
import { isGivenName } from '../../text/given-names.js';
import { isStopWord } from '../../text/words.js';
import type { CandidateMention } from './find-mentions.js';
import { acrossLanguages, languagePack } from '../../text/lang/registry.js';
import { wordAlternation } from '../../text/lang/word-lists.js';

/** Scores per node type for one mention; the best one names its type. */
export type TypeVotes = Record<string, number>;

/** Sums votes per type, in the order they were cast. */
export function tallyVotes(votes: readonly TypeVote[]): TypeVotes {
  const tally: TypeVotes = {};
  for (const vote of votes) tally[vote.type] = (tally[vote.type] ?? 0) + vote.weight;
  return tally;
}

/**
 * Vote weights. A person-shaped name ("Vorrin Boatcare") is a weak hint, below a referring noun's
 * 0.5 ("the new contractor"); one that starts with a known given name ("Irena Moss") is a
 * stronger one, above it. Chosen on the development sets (maritime-port-en gained, none lost).
 * A schema role ("audited by X") weighs as a referring noun: it outweighs a person-shaped name
 * alone, never a given name or a cue of the name itself (2026-12-07: mining-company-en gained, no
 * auto cell lost).
 */
const WEIGHTS = { suffix: 3, before: 2, after: 2, title: 3, code: 3, initial: 3, personName: 0.25, givenName: 1, businessShape: 1, placeNounAfter: 1, relationAgent: 0.5 };

/** The typing words of every language (as before the packs, the mention's language does not choose among them). */
const typingWords = acrossLanguages((packs) => {
  const union = (pick: (pack: (typeof packs)[number]) => Iterable<string>) => new Set(packs.flatMap((pack) => [...pick(pack)]));
  const personPronouns = union((pack) => pack.relativePronouns.person);
  const thingPronouns = union((pack) => pack.relativePronouns.thing);
  const pronouns = new Set([...personPronouns, ...thingPronouns]);
  const organisationPrefixes = union((pack) => pack.organisationWordPrefixes);
  return {
    // Node types whose description says they hold companies (as the query side reads "which company").
    organisationWords: organisationPrefixes.size > 0 ? new RegExp(`\\b(?:${wordAlternation(organisationPrefixes)})`) : null,
    // A name right after one of these is a thing, not a person ("the Northgate Line").
    determiners: union((pack) => pack.determiners),
    locativePrepositions: union((pack) => pack.locativePrepositions),
    // "le site de X", "the site of X": the linking words after a place noun, accent-free, apostrophes dropped.
    linkingWords: new Set(packs.flatMap((pack) => pack.descriptors.linkingWords.map((word) => words(word)[0] ?? ''))),
    articles: union((pack) => pack.articles),
    relativePronoun: pronouns.size > 0 ? new RegExp(`^\\s*,\\s*(${wordAlternation(pronouns)})\\b`, 'iu') : null,
    personPronouns,
    thingPronouns,
  };
});

function words(text: string): string[] {
  return stripAccents(text).toLowerCase().match(/[\p{L}\p{N}]+|&/gu) ?? [];
}

/** Words the name holds no more than this many of between a label's colon and itself (a title: "Contact : Dr X"). */
const WORDS_AFTER_LABEL = 1;

/**
 * The words just before a mention, as its type cues read them. After a label ("Chef de projet :
 * X", "Supplier: X") only the label's head noun describes the name: its first word in head-first
 * languages, its last in others; "projet" in "Chef de projet" says nothing of X.
 */
function wordsBefore(sentence: string, start: number, headFirst: boolean): string[] {
  const window = sentence.slice(Math.max(0, start - 60), start);
  const colon = window.lastIndexOf(':');
  if (colon < 0 || words(window.slice(colon + 1)).length > WORDS_AFTER_LABEL) return words(window);
  const label = words(sentence.slice(0, Math.max(0, start - 60) + colon).split(/[.;!?]/u).pop() ?? '');
  const head = headFirst ? label[0] : label[label.length - 1];
  return [...(head === undefined ? [] : [head]), ...words(window.slice(colon + 1))];
}

function endsWithPhrase(tokens: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0 || phrase.length > tokens.length) return false;
  return phrase.every((word, offset) => tokens[tokens.length - phrase.length + offset] === word);
}

function startsWithPhrase(tokens: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0 || phrase.length > tokens.length) return false;
  return phrase.every((word, offset) => tokens[offset] === word);
}

/** A node type's cues as word lists, made once per type: typing runs for every mention, the cues never change. */
interface PreparedCues {
  suffixes: Array<{ suffix: string; ending: string | null; word: string }>;
  before: Array<{ phrase: string; words: string[] }>;
  beforeForms: Set<string>;
  after: Array<{ phrase: string; words: string[] }>;
  holdsOrganisations: boolean;
}

const preparedCuesByType = new WeakMap<NodeTypeDefinition, PreparedCues>();

function prepareCues(type: NodeTypeDefinition): PreparedCues {
  const known = preparedCuesByType.get(type);
  if (known) return known;
  const { organisationWords } = typingWords();
  const cues = type.cues;
  const prepared: PreparedCues = {
    suffixes: cues.suffixes.map((suffix) => ({ suffix, ending: suffix.startsWith('*') ? stripAccents(suffix.slice(1)).toLowerCase() : null, word: words(suffix)[0] ?? '' })),
    before: cues.before.map((phrase) => ({ phrase, words: words(phrase) })),
    beforeForms: new Set(cues.before.map((cue) => words(cue).join(' '))),
    after: cues.after.map((phrase) => ({ phrase, words: words(phrase) })),
    holdsOrganisations: organisationWords?.test(stripAccents(`${type.name} ${type.description}`).toLowerCase()) ?? false,
  };
  preparedCuesByType.set(type, prepared);
  return prepared;
}

/** A suffix cue is a last word ("pumps"), or an ending after "*" ("*ics": Hydraulics, Analytics). */
function matchesSuffix(lastWord: string, suffix: PreparedCues['suffixes'][number]): boolean {
  const ending = suffix.ending;
  if (ending !== null) return ending.length > 0 && lastWord.length >= ending.length + 3 && lastWord.endsWith(ending);
  return lastWord === suffix.word;
}

/** A dictionary plural, gerund or adjective at either end of a name makes it a business name ("Brandt Builders", "Kessel Digital", "Transports Aubrac"). */
function hasCommonNounEnd(parts: string[], language: Language): boolean {
  return [parts[0], parts[parts.length - 1]].some((part) => isCommonNounShaped(part ?? '', language));
}

/** One capitalised word of a person's name, hyphenated parts included ("Jean-Marc", "Aït-Salem", "O'Neill"). */
const NAME_PART = /^\p{Lu}(?:\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)*|['’]\p{Lu}\p{Ll}+)$/u;

/**
 * A coined word followed by a common noun of the corpus is a brand and its trade ("Velmora
 * Imagerie", "Kessel Haulage", "Corvel Rolling Stock"): the first word neither a dictionary word nor
 * seen in lower case, then one or two dictionary words the corpus also writes in lower case.
 */
function isBrandAndTrade(parts: string[], knownLowercase: ReadonlySet<string>, language: Language): boolean {
  if (parts.length !== 2 && parts.length !== 3) return false;
  const [brand, ...trade] = parts.map((part) => stripAccents(part).toLowerCase()) as [string, ...string[]];
  if (!/^\p{L}{3,}$/u.test(brand) || !trade.every((word) => /^\p{L}{4,}$/u.test(word))) return false;
  return !knownLowercase.has(brand) && !isDictionaryWord(brand, language) && trade.every((word) => knownLowercase.has(word) && isDictionaryWord(word, language));
}

/** "Irena", "Jean-Marc" (or its first part "Jean"): a given name of the gazetteer. */
function startsWithGivenName(word: string): boolean {
  return isGivenName(word) || (word.includes('-') && isGivenName(word.split('-')[0] as string));
}

/** "T. Brennan" is an initial + surname; "Lina Ferraz" a name when no part is an ordinary lower-case word. */
function isPersonShaped(surface: string, knownLowercase: ReadonlySet<string>, language: Language | undefined): 'initial' | 'given-name' | 'name' | null {
  const written = surface.split(/\s+/);
  // A surname particle inside the name ("Gaëlle Le Moal", "Anna van Dijk") is not an ordinary word there.
  const particles = language ? languagePack(language).names.surnameParticles : new Set<string>();
  const parts = written.filter((part, at) => at === 0 || at === written.length - 1 || !particles.has(stripAccents(part).toLowerCase()));
  if (parts.length < written.length - 1) return null;
  // With a particle inside, the name opens with a given name ("Anna van Dijk"); "Lettre de Vorrin", "Nuits de Tarnac" are no one's.
  if (parts.length < written.length && !startsWithGivenName(parts[0] as string)) return null;
  if (parts.some((part) => knownLowercase.has(stripAccents(part).toLowerCase()))) return null;
  if (language && parts.length >= 2 && hasCommonNounEnd(parts, language)) return null;
  if (parts.length === 2 && /^\p{Lu}\.$/u.test(parts[0] ?? '') && NAME_PART.test(parts[1] ?? '')) return 'initial';
  if (parts.length < 2 || parts.length > 3 || !parts.every((part) => NAME_PART.test(part))) return null;
  if (startsWithGivenName(parts[0] as string)) return 'given-name';
  // No given name opens it, and it ends on a word of the language ("Vorrin Cooperage", "Corvel Chandlery"): a firm's or a thing's name.
  return language && isLexiconWord(stripAccents(parts[parts.length - 1] as string).toLowerCase(), language) ? null : 'name';
}

/**
 * "the production site in X", "its plant at X", "le site de production à X": a place type's own
 * nouns (its suffix words, plural or not) then a locative preposition put the name in a place.
 * The noun must follow an article or a possessive ("the", "its", "Acme's", "l'"), which tells it
 * from a verb ("she works at X"). Returns the phrase that fired ("site in"), or null.
 */
function placeNounBefore(textBefore: string, prepared: PreparedCues): string | null {
  const { locativePrepositions, articles } = typingWords();
  const before = words(textBefore);
  const preposition = before[before.length - 1] ?? '';
  if (!locativePrepositions.has(preposition)) return null;
  const isPlaceNoun = (word: string) => isTypeNoun(word, prepared) || (word.endsWith('s') && isTypeNoun(word.slice(0, -1), prepared));
  // The noun may be followed by its complement ("site de production à X").
  const plain = stripAccents(textBefore).toLowerCase();
  for (let at = before.length - 2; at >= Math.max(0, before.length - 4); at -= 1) {
    const noun = before[at] as string;
    if (!isPlaceNoun(noun)) continue;
    // One modifier may stand between the article and the noun ("Acme's production site").
    const lead = plain.slice(0, plain.lastIndexOf(noun)).replace(/([\p{L}\p{N}-]+)\s+$/u, (all, word: string) => (articles.has(word) ? all : ''));
    const leadWords = words(lead);
    if (/['’]s?\s*$/u.test(lead) || articles.has(leadWords[leadWords.length - 1] ?? '')) return `${noun} ${preposition}`;
  }
  return null;
}

/** A single-word cue noun of the type that the name holds as its last word (an "after" cue) or its first (a "before" cue), else null. */
function cueNounInside(nameWords: readonly string[], prepared: PreparedCues): { noun: string; side: 'after' | 'before' } | null {
  const last = nameWords[nameWords.length - 1] as string;
  const first = nameWords[0] as string;
  if (prepared.after.some((cue) => cue.words.length === 1 && cue.words[0] === last)) return { noun: last, side: 'after' };
  if (prepared.before.some((cue) => cue.words.length === 1 && cue.words[0] === first)) return { noun: first, side: 'before' };
  return null;
}

/** The first word after a name when it is one of a place type's own nouns ("depot", "junction"), else null. */
function placeNounAfter(after: readonly string[], prepared: PreparedCues): string | null {
  const next = after[0];
  // A word ending in "s" may be a verb ("Kelvane works with …"): singular nouns only.
  if (next === undefined || next.endsWith('s')) return null;
  return isTypeNoun(next, prepared) ? next : null;
}

/** True when the word is one of the type's own nouns: a whole-word suffix cue ("depot", "site"), not an ending. */
function isTypeNoun(word: string, prepared: PreparedCues): boolean {
  return prepared.suffixes.some((suffix) => suffix.ending === null && suffix.word === word);
}

/** A place noun's linking word ("site de", "plant of") before a name that a locative preposition and another name follow ("… X à Corvelle"). */
function ownerBeforePlace(cueWords: readonly string[], textAfter: string): boolean {
  const { linkingWords, locativePrepositions } = typingWords();
  if (!linkingWords.has(cueWords[cueWords.length - 1] ?? '')) return false;
  const next = /^\s+(\p{L}+)\s+\p{Lu}/u.exec(textAfter)?.[1];
  return next !== undefined && locativePrepositions.has(words(next)[0] ?? '');
}

/**
 * A determiner stands just before the name ("the Vorrin Centre", "that Corvel contract"): not a person's.
 * A demonstrative before a given name and surname that a function word follows opens a clause
 * instead ("announced that Irena Moss has been appointed"): it determines nothing.
 */
function isDeterminerBefore(before: readonly string[], after: readonly string[], shape: ReturnType<typeof isPersonShaped>, determiners: ReadonlySet<string>, articles: ReadonlySet<string>): boolean {
  const previous = before[before.length - 1] ?? '';
  if (!determiners.has(previous)) return false;
  return articles.has(previous) || shape !== 'given-name' || after[0] === undefined || !isStopWord(after[0]);
}

/**
 * Votes for the node types a mention may have, from the schema's cues: suffix words, words
 * just before and after it in the sentence, titles, and name shapes. Each vote names the cue
 * and the phrase that fired it; `tallyVotes` sums them.
 */
export function voteMentionType(mention: CandidateMention, sentence: string, schema: GraphSchema, knownLowercase: ReadonlySet<string>, language?: Language): TypeVote[] {
  const { determiners, articles, relativePronoun, personPronouns, thingPronouns } = typingWords();
  const votes: TypeVote[] = [];
  const add = (type: string, weight: number, cue: TypeCue, phrase?: string) => {
    votes.push({ type, cue, weight, ...(phrase !== undefined ? { phrase } : {}) });
  };
  const headFirst = language !== undefined && languagePack(language).descriptors.headFirst;
  const before = wordsBefore(sentence, mention.start, headFirst);
  const beforeWithoutArticle = before.length > 0 && articles.has(before[before.length - 1] as string) ? before.slice(0, -1) : before;
  const textAfter = sentence.slice(mention.end, mention.end + 60);
  // An apposition ("Torsk Eldane, upgrade lead") describes the name; cue words after a name count only when they follow it directly.
  const after = /^\s*[,;:()—–]/u.test(textAfter) ? [] : words(textAfter);
  const nameWords = words(mention.surface);
  const lastWord = nameWords[nameWords.length - 1] ?? '';
  const firstWord = nameWords[0] ?? '';
  const shape = isPersonShaped(mention.surface, knownLowercase, language);
  const parts = mention.surface.split(/\s+/);
  // "Hollis & Wren", "Garnier & Fils": two names joined by an ampersand are a firm's.
  const joinedByAmpersand = /\p{L}\s*&\s*\p{Lu}/u.test(mention.surface);
  const businessShaped = language !== undefined && !mention.isCode && nameWords.length >= 2 && (hasCommonNounEnd(parts, language) || isBrandAndTrade(parts, knownLowercase, language) || joinedByAmpersand);
  // Relative pronouns that tell people from things: "Kelvane, which manufactures…" / "Lina Ferraz, who leads…".
  const relative = relativePronoun?.exec(sentence.slice(mention.end))?.[1]?.toLowerCase();
  const relativeIsThing = relative !== undefined && thingPronouns.has(relative);
  const relativeIsPerson = relative !== undefined && personPronouns.has(relative);
  for (const type of schema.nodeTypes) {
    const cues = type.cues;
    const prepared = prepareCues(type);
    // The head noun says the type: the last word ("Brevik Rail Controls"), or also the first in languages that put the head first ("Société des Eaux", "Hôpital X").
    const suffix = nameWords.length > 1 ? prepared.suffixes.find((candidate) => matchesSuffix(lastWord, candidate) || (headFirst && candidate.ending === null && matchesSuffix(firstWord, candidate))) : undefined;
    if (suffix !== undefined) add(type.name, WEIGHTS.suffix, 'suffix', suffix.suffix);
    // A cue noun written inside the name, where it would stand around it: "the Velbrook Stops Programme" (the noun
    // that follows a project's name), "Project Velbrook" (the one that precedes it).
    const inside = suffix === undefined && nameWords.length > 1 && !mention.isCode ? cueNounInside(nameWords, prepared) : null;
    if (inside !== null) add(type.name, WEIGHTS.after, inside.side, inside.noun);
    for (const { phrase, words: phraseWords } of prepared.before) {
      if (!endsWithPhrase(before, phraseWords) && !endsWithPhrase(beforeWithoutArticle, phraseWords)) continue;
      // "l'usine de X à Y", "the plant of X in Y": Y is the place, X owns it.
      if (cues.shapes.includes('place-name') && ownerBeforePlace(phraseWords, sentence.slice(mention.end))) continue;
      add(type.name, WEIGHTS.before, 'before', phrase);
    }
    // "the Velbrook Marsh depot", "Corvel junction": where the head comes last, a place noun right after the name makes it that place.
    const placeNoun = !headFirst && cues.shapes.includes('place-name') && !mention.isCode ? placeNounAfter(after, prepared) : null;
    if (placeNoun !== null && !votes.some((vote) => vote.type === type.name && vote.cue === 'after')) add(type.name, WEIGHTS.placeNounAfter, 'after', placeNoun);
    const placedIn = cues.shapes.includes('place-name') ? placeNounBefore(sentence.slice(Math.max(0, mention.start - 60), mention.start), prepared) : null;
    if (placedIn !== null) {
      // The schema's own cue may be this very phrase ("plant in"): one vote, not two.
      if (!votes.some((vote) => vote.type === type.name && vote.phrase === placedIn)) add(type.name, WEIGHTS.before, 'before', placedIn);
    }
    const title = mention.titles.find((candidate) => prepared.beforeForms.has(words(candidate).join(' ')));
    if (title !== undefined) add(type.name, WEIGHTS.title, 'title', title);
    for (const { phrase, words: phraseWords } of prepared.after) {
      if (startsWithPhrase(after, phraseWords)) add(type.name, WEIGHTS.after, 'after', phrase);
    }
    if (cues.shapes.includes('code') && mention.isCode) add(type.name, WEIGHTS.code, 'code');
    const afterDeterminer = isDeterminerBefore(before, after, shape, determiners, articles);
    if (businessShaped && prepared.holdsOrganisations) add(type.name, WEIGHTS.businessShape, 'business-shape');
    const isPersonType = cues.shapes.includes('person-name');
    if (isPersonType && !mention.isCode && shape && !afterDeterminer && !relativeIsThing) add(type.name, WEIGHTS[shape === 'initial' ? 'initial' : shape === 'given-name' ? 'givenName' : 'personName'], shape === 'initial' ? 'initial' : 'person-name');
    if (isPersonType && relativeIsPerson) add(type.name, WEIGHTS.after, 'relative-pronoun', relative);
  }
  // A name no cue types, or only the weak shape of a person's name ("Vorrin Cyber"), takes the type its role in a schema phrase
  // requires: the agent after a passive phrase ("audited by X"), the subject before an active one ("X supplies"), of an edge type
  // whose source is one node type. Not for people, whose names carry their own shape: a name with none after "led by" is more often a firm's.
  if (votes.every((vote) => vote.weight < WEIGHTS.relationAgent) && !relativeIsPerson) {
    const role = agentRole(schema, before, after);
    if (role !== null) add(role.type, WEIGHTS.relationAgent, 'relation-agent', role.phrase);
  }
  return votes;
}

const agentPhrasesBySchema = new WeakMap<GraphSchema, { passive: Array<{ type: string; phrase: string; words: string[] }>; active: Array<{ type: string; phrase: string; words: string[] }> }>();

/** The node type a schema phrase around a mention makes it the source of (passive phrase just before, active one just after); null when none does or the source may be of several types or a person. */
function agentRole(schema: GraphSchema, before: readonly string[], after: readonly string[]): { type: string; phrase: string } | null {
  let phrases = agentPhrasesBySchema.get(schema);
  if (!phrases) {
    const personTypes = new Set(schema.nodeTypes.filter((type) => type.cues.shapes.includes('person-name')).map((type) => type.name));
    const single = schema.edgeTypes.filter((edge) => edge.source.length === 1 && !personTypes.has(edge.source[0] as string) && edge.source[0] !== FALLBACK_NODE_TYPE);
    const prepared = (edge: (typeof single)[number], list: readonly string[]) => list.map((phrase) => ({ type: edge.source[0] as string, phrase, words: words(phrase) })).filter((item) => item.words.length > 0);
    phrases = { passive: single.flatMap((edge) => prepared(edge, edge.passivePatterns)), active: single.flatMap((edge) => prepared(edge, edge.patterns)) };
    agentPhrasesBySchema.set(schema, phrases);
  }
  const passive = phrases.passive.find((item) => endsWithPhrase(before, item.words));
  if (passive) return { type: passive.type, phrase: passive.phrase };
  const active = phrases.active.find((item) => startsWithPhrase(after, item.words));
  return active ? { type: active.type, phrase: active.phrase } : null;
}

/** The first node type whose name or description says it holds companies ("Organisation: a company, firm, supplier…"); null when none does. */
export function organisationType(schema: GraphSchema): string | null {
  const { organisationWords } = typingWords();
  return schema.nodeTypes.find((type) => type.name !== FALLBACK_NODE_TYPE && organisationWords?.test(stripAccents(`${type.name} ${type.description}`).toLowerCase()))?.name ?? null;
}

/** The winning type of a vote table (first declared wins ties); the fallback type when empty. */
export function pickType(votes: TypeVotes, schema: GraphSchema): string {
  let best = FALLBACK_NODE_TYPE;
  let bestScore = 0;
  for (const type of schema.nodeTypes) {
    const score = votes[type.name] ?? 0;
    if (score > bestScore) {
      best = type.name;
      bestScore = score;
    }
  }
  return best;
}
