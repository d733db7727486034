import { normaliseName, stripAccents } from '../../core/normalise.js';
import { isCommonWord } from '../../text/words.js';
import { isMonthName } from '../../text/find-dates.js';
import { stemWord } from '../../core/stem.js';
import type { Language } from '../../core/records.js';
import { isDictionaryWord } from './dictionary.js';
import { isTradeNoun } from './common-noun-shape.js';
import { findAcronymLongForm } from './acronym-long-form.js';
import { acrossLanguages } from '../../text/lang/registry.js';
import { wordAlternation } from '../../text/lang/word-lists.js';
import { isKnownPlace, isNationalityAdjective } from '../../text/known-places.js';

/** A word of a sentence with its offsets (relative to the sentence start). */
export interface WordToken {
  text: string;
  start: number;
  end: number;
}

/** A candidate name found in a sentence, before typing. */
export interface CandidateMention {
  surface: string;
  start: number;
  end: number;
  /** Title words stripped from the front ("Dr"), kept as a typing cue. */
  titles: string[];
  isCode: boolean;
  tokenCount: number;
  /** The text defines this name as the acronym of the mention just before it: "Long Form (LF)". */
  acronymOf?: string;
}

const TOKEN_PATTERN = /[\p{L}\p{N}]+(?:[-'’_][\p{L}\p{N}]+)*\.?/gu;
const NEVER = /(?!)/u;

/** The name words of every language: a sentence's language is not known when its names are read. */
const nameWords = acrossLanguages((packs) => {
  const names = packs.map((pack) => pack.names);
  const union = (pick: (words: (typeof names)[number]) => Iterable<string>) => new Set(names.flatMap((words) => [...pick(words)]));
  const pattern = (words: Set<string>, source: (alternation: string) => string, flags: string) => (words.size > 0 ? new RegExp(source(wordAlternation(words)), flags) : NEVER);
  return {
    elision: pattern(union((words) => words.elisionPrefixes), (alternation) => `^(?:${alternation})['’](?=\\p{Lu})`, 'iu'),
    possessive: pattern(union((words) => words.possessiveEndings), (alternation) => `['’](?:${alternation})$`, 'u'),
    joiningGap: pattern(union((words) => words.joiningGaps), (alternation) => `^ (?:${alternation})$`, 'iu'),
    abbreviatedTitles: union((words) => words.abbreviatedTitles),
    connectors: union((words) => words.connectors),
    possessiveConnectors: union((words) => words.possessiveConnectors),
    titles: union((words) => words.titles),
    surnameParticles: union((words) => words.surnameParticles),
    coordination: new Set(packs.flatMap((pack) => [...pack.coordinationWords])),
    pairPrepositions: union((words) => words.pairPrepositions),
  };
});

/** Splits a sentence into word tokens; elisions ("l'Usine") lose their prefix and possessives ("Kelvane's") their ending. */
export function tokenizeWords(sentence: string): WordToken[] {
  const { elision, possessive: possessiveEnding, abbreviatedTitles } = nameWords();
  const tokens: WordToken[] = [];
  for (const match of sentence.matchAll(TOKEN_PATTERN)) {
    let text = match[0];
    let start = match.index ?? 0;
    const elided = elision.exec(text);
    if (elided) {
      start += elided[0].length;
      text = text.slice(elided[0].length);
    }
    const possessive = possessiveEnding.exec(text);
    if (possessive) text = text.slice(0, -possessive[0].length);
    const isInitial = /^\p{Lu}\.$/u.test(text);
    const isAbbreviatedTitle = abbreviatedTitles.has(text);
    if (text.endsWith('.') && !isInitial && !isAbbreviatedTitle) text = text.slice(0, -1);
    if (text.length > 0) tokens.push({ text, start, end: start + text.length });
  }
  return tokens;
}

function isCapitalised(token: string): boolean {
  return /^\p{Lu}/u.test(token);
}

/**
 * Codes have a capital letter and a digit (NC-7, Q7, APOE4); amounts and ordinals (84m, 1990s, 3rd)
 * do not count. Identifiers are codes too: words joined by underscores (ERR_BODY_TOO_LARGE,
 * max_retries) and camel case that starts in lower case (maxPayload, onConnect).
 */
function isCodeToken(token: string): boolean {
  if (isIdentifier(token)) return true;
  return /\p{Lu}/u.test(token) && /\p{N}/u.test(token) && !/^\d+(?:[.,]\d+)?\p{Ll}*$/u.test(token);
}

/** A programming identifier (snake or lower camel case): a name on its own, never part of a longer one. */
function isIdentifier(token: string): boolean {
  return /[\p{L}\p{N}]_[\p{L}\p{N}]/u.test(token) || /^\p{Ll}+\p{Lu}/u.test(token);
}

/** How a single capitalised word at the start of a sentence is told from a name. */
export interface DictionaryOptions {
  language?: Language;
  /** Words the corpus writes capitalised mid-sentence (lower case, accent-free): names even when the dictionary has them. */
  knownNames?: ReadonlySet<string>;
  /** Words the corpus writes capitalised just before a type noun ("the Plover programme"): written capitalised, names (see `buildCueNamedWords`). */
  cueNamedWords?: ReadonlySet<string>;
}

/** A dictionary word ("Overall", "Heavy", "Recrutement") that the corpus never writes as a name mid-sentence. */
function isOrdinaryWord(lower: string, options: DictionaryOptions): boolean {
  return options.knownNames !== undefined && !options.knownNames.has(lower) && isDictionaryWord(lower, options.language ?? 'en');
}

const stemCache = new WeakMap<ReadonlySet<string>, Set<string>>();

/** A word seen in lower case in the corpus, or another form of one ("Repairs" when "repair" is): an ordinary word, not a name. */
function isKnownLowercase(lower: string, knownLowercase: ReadonlySet<string>): boolean {
  if (knownLowercase.has(lower)) return true;
  let stems = stemCache.get(knownLowercase);
  if (!stems) {
    stems = new Set([...knownLowercase].map(stemWord));
    stemCache.set(knownLowercase, stems);
  }
  return lower.length > 3 && stems.has(stemWord(lower));
}

/** A capitalised word that is neither a dictionary word nor written in lower case anywhere in the corpus ("Vorrin"). */
function isCoinedWord(token: string, knownLowercase: ReadonlySet<string>, language: Language): boolean {
  const lower = plainLower(token);
  return isCapitalised(token) && /^\p{L}{3,}$/u.test(lower) && !isKnownLowercase(lower, knownLowercase) && !isDictionaryWord(lower, language);
}

/** A capitalised word the corpus writes just before a type noun ("the Plover programme"). */
function isCueNamed(token: string, options: DictionaryOptions): boolean {
  return isCapitalised(token) && options.cueNamedWords?.has(plainLower(token)) === true;
}

function plainLower(token: string): string {
  return stripAccents(token).toLowerCase().replace(/\.$/, '');
}

/**
 * Finds candidate names in one sentence: runs of capitalised words (with connectors such as
 * "of"/"de" inside), alphanumeric codes (NC-7, Q7) and defined acronyms. `knownLowercase`
 * holds words seen in lower case in the corpus: a capitalised word that is usually lower case
 * is not a name on its own.
 */
export function findCandidateMentions(sentence: string, knownLowercase: ReadonlySet<string>, options: DictionaryOptions = {}): CandidateMention[] {
  const tokens = tokenizeWords(sentence);
  const { joiningGap, connectors, possessiveConnectors, coordination, pairPrepositions } = nameWords();
  const mentions: CandidateMention[] = [];
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index] as WordToken;
    // "-20 °C", "68 °F": a unit after the degree sign, not a name.
    if ((!isCapitalised(token.text) && !isCodeToken(token.text)) || /°\s?$/u.test(sentence.slice(Math.max(0, token.start - 2), token.start))) {
      index += 1;
      continue;
    }
    const run: WordToken[] = [token];
    // "between Corvel and Velbrook Quay": after a preposition that takes two things, a coordination word splits even one-word names.
    const afterPairPreposition = index > 0 && pairPrepositions.has(plainLower((tokens[index - 1] as WordToken).text)) && sentence.slice((tokens[index - 1] as WordToken).end, token.start) === ' ';
    let next = index + 1;
    while (next < tokens.length && !isIdentifier(token.text)) {
      const previous = run[run.length - 1] as WordToken;
      const candidate = tokens[next] as WordToken;
      const gap = sentence.slice(previous.end, candidate.start);
      // "Val d'Aubrec", "Garnier & Fils": an elided word or a sign joins the next capitalised word.
      if (joiningGap.test(gap) && isCapitalised(candidate.text) && !isCodeToken(previous.text)) {
        run.push(candidate);
        next += 1;
        continue;
      }
      if (!/^[ \t-]?$/.test(gap) || isIdentifier(candidate.text)) break;
      if (isCapitalised(candidate.text) || isCodeToken(candidate.text)) {
        run.push(candidate);
        next += 1;
        continue;
      }
      const following = tokens[next + 1];
      const connectorGap = following ? sentence.slice(candidate.end, following.start) : '';
      const afterCode = isCodeToken(previous.text);
      // A possessive connector between names ("le site de Vernon de Transports Aubrac") joins one word only ("Banque de France").
      const possessive = possessiveConnectors.has(candidate.text.toLowerCase()) && tokens[next + 2] !== undefined && isCapitalised((tokens[next + 2] as WordToken).text) && sentence.slice(following?.end ?? 0, (tokens[next + 2] as WordToken).start) === ' ';
      // "Jordan Hayes and Alex Mercer", "Kelvane Printing and Dorvel Press": a conjunction between two names of two words or more coordinates two names ("Marks and Spencer" stays one).
      const afterFollowing = tokens[next + 2];
      const coordinates = coordination.has(candidate.text.toLowerCase()) && (afterPairPreposition || (run.length >= 2 && afterFollowing !== undefined && isCapitalised(afterFollowing.text) && following !== undefined && sentence.slice(following.end, afterFollowing.start) === ' '));
      if (!afterCode && !possessive && !coordinates && connectors.has(candidate.text.toLowerCase()) && following && isCapitalised(following.text) && isConnectorGap(connectorGap)) {
        run.push(candidate, following);
        next += 2;
        continue;
      }
      break;
    }
    const following = tokens[next];
    const isQuarter = run.length === 1 && /^Q[1-4]$/.test(token.text) && following !== undefined && /^\d{4}$/.test(following.text);
    // A colon opens a clause as a sentence start does ("Plugins: Explains the plugin API"): its first word is read the same way.
    const atClauseStart = index === 0 || /:\s*$/.test(sentence.slice((tokens[index - 1] as WordToken).end, token.start));
    const mention = isQuarter ? null : buildMention(run, sentence, atClauseStart, knownLowercase, options);
    if (mention) mentions.push(mention);
    index = next;
  }
  return attachAcronyms(mentions, sentence);
}

/** The space after a connector, possibly with an elided article ("de l'Ouest"). */
function isConnectorGap(gap: string): boolean {
  // The gap is a space and an elided prefix: it is what the elision pattern strips before a capital.
  return gap === ' ' || (gap.startsWith(' ') && gap.length <= 4 && nameWords().elision.test(`${gap.slice(1)}X`));
}

/** True when the words are a known place's name and their first word is part of it ("New Zealand"; not "The London" of "the London office"). */
function namesKnownPlace(sentence: string, words: readonly WordToken[]): boolean {
  const whole = sentence.slice((words[0] as WordToken).start, (words[words.length - 1] as WordToken).end);
  const rest = sentence.slice((words[1] as WordToken).start, (words[words.length - 1] as WordToken).end);
  return normaliseName(whole) !== normaliseName(rest) && isKnownPlace([whole]);
}

function buildMention(run: WordToken[], sentence: string, atSentenceStart: boolean, knownLowercase: ReadonlySet<string>, options: DictionaryOptions): CandidateMention | null {
  const { connectors, titles: titleWords, surnameParticles } = nameWords();
  const titles: string[] = [];
  let words = [...run];
  const language = options.language ?? 'en';
  // "Constructions Vorrin, désignée …": a trade noun opening the sentence before a coined name is the firm's name, not a capitalised ordinary word.
  const opensWithTrade = atSentenceStart && run.length === 2 && isTradeNoun((run[0] as WordToken).text, language) && isCoinedWord((run[1] as WordToken).text, knownLowercase, language);
  const isNoise = (word: WordToken, first: boolean) => {
    const lower = plainLower(word.text);
    if (isCodeToken(word.text) || /^\p{Lu}\.$/u.test(word.text)) return false;
    if (isMonthName(word.text) || isCommonWord(lower)) return true;
    return first && atSentenceStart && !opensWithTrade && isKnownLowercase(lower, knownLowercase) && !isCueNamed(word.text, options);
  };
  // Leading titles are kept as cues, even after a capitalised article ("La Dre Lise Vernhes"); other leading noise goes,
  // unless the words from it on are a known place's name ("New Zealand") and the leading word adds to it (not "The London").
  while (words.length > 0) {
    const word = words[0] as WordToken;
    if (words.length > 1 && namesKnownPlace(sentence, words)) break;
    if (words.length > 1 && titleWords.has(plainLower(word.text))) titles.push(word.text);
    // After a title a capitalised particle starts the surname ("Mme Le Moal").
    else if (titles.length > 0 && words.length > 1 && isCapitalised(word.text) && surnameParticles.has(plainLower(word.text))) break;
    else if (!isNoise(word, word === run[0]) && !connectors.has(word.text.toLowerCase())) break;
    words.shift();
  }
  while (words.length > 0 && (isMonthName((words[words.length - 1] as WordToken).text) || connectors.has((words[words.length - 1] as WordToken).text.toLowerCase()))) words.pop();
  if (words.length === 0) return null;
  const first = words[0] as WordToken;
  const last = words[words.length - 1] as WordToken;
  const surface = sentence.slice(first.start, last.end);
  const hasCode = words.some((word) => isCodeToken(word.text));
  const significant = words.filter((word) => !connectors.has(word.text.toLowerCase()));
  const allCommon = significant.every((word) => {
    const lower = plainLower(word.text);
    return isCommonWord(lower) || knownLowercase.has(lower);
  });
  // "two programmes: Plover, which …" in a corpus that writes "the Plover programme": a name, though the bird is "plover".
  if (!hasCode && allCommon && !(significant.length === 1 && isCueNamed(first.text, options))) return null;
  if (!hasCode && words.length === 1 && first === run[0] && atSentenceStart && isOrdinaryWord(plainLower(first.text), options)) return null;
  // "a Welsh lawyer", "the Jamaican singer": a people's adjective alone modifies, it names nothing.
  if (!hasCode && significant.length === 1 && isNationalityAdjective(first.text, language)) return null;
  if (/^\d+$/.test(surface) || surface.length < 2) return null;
  return { surface, start: first.start, end: last.end, titles, isCode: hasCode, tokenCount: significant.length };
}

/**
 * Marks "Long Form (LF)" pairs: the acronym mention records the long form it stands for. A long form
 * that spans lower-case words ("Société de gardiennage des Monts-Bleus (SGMB)") becomes one mention
 * in place of the pieces found inside it.
 */
function attachAcronyms(found: CandidateMention[], sentence: string): CandidateMention[] {
  let mentions = found;
  for (let position = 0; position < mentions.length; position += 1) {
    const acronym = mentions[position] as CandidateMention;
    const opening = /\(\s*$/u.exec(sentence.slice(0, acronym.start));
    if (!opening || !/^[\p{Lu}\d&-]{2,}$/u.test(acronym.surface)) continue;
    const longForm = position > 0 ? (mentions[position - 1] as CandidateMention) : undefined;
    if (longForm && /^\s*$/u.test(sentence.slice(longForm.end, opening.index)) && matchesInitials(longForm, acronym)) {
      acronym.acronymOf = longForm.surface;
      continue;
    }
    const span = findAcronymLongForm(sentence, opening.index, acronym.surface);
    if (!span || mentions.some((mention) => mention.start < span.start && mention.end > span.start)) continue;
    const inside = mentions.filter((mention) => mention !== acronym && mention.start >= span.start && mention.end <= span.end);
    if (inside.length === 0) continue;
    const merged: CandidateMention = { surface: span.surface, start: span.start, end: span.end, titles: [], isCode: false, tokenCount: span.words };
    mentions = [...mentions.filter((mention) => !inside.includes(mention) && mention.start < span.start), merged, ...mentions.filter((mention) => !inside.includes(mention) && mention.start >= span.end)];
    acronym.acronymOf = merged.surface;
    position = mentions.indexOf(acronym);
  }
  return mentions;
}

/** The capitalised words of a long form spell the acronym ("Ostrel Ferry Authority" → OFA). */
function matchesInitials(longForm: CandidateMention, acronym: CandidateMention): boolean {
  const initials = longForm.surface
    .split(/[\s-]+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .map((word) => word[0])
    .join('');
  const letters = acronym.surface.replace(/[^\p{Lu}]/gu, '');
  return initials.length >= 2 && (initials === letters || initials.startsWith(letters) || letters.startsWith(initials));
}
