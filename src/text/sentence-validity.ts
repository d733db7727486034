import { stripAccents } from '../core/normalise.js';
import type { Language } from '../core/records.js';
import { findDuration, firstDayBefore, lastDayOf } from './duration-bounds.js';
import { findDates, type FoundDate } from './find-dates.js';
import type { ValidityPhrases } from './lang/language-pack.js';
import { acrossLanguages, languagePack } from './lang/registry.js';
import { escapeRegExp } from './lang/word-lists.js';

/** When the fact a sentence states holds, as the sentence says it (ISO prefixes; null when it does not say). */
export interface SentenceValidity {
  validFrom: string | null;
  validTo: string | null;
}

/** How many characters before a date a from/until phrase may start ("à compter du 1er avril"). */
const PHRASE_REACH = 24;

/**
 * Reads when a sentence's fact begins and ends: a date after "from"/"à compter du" is its start,
 * after "until"/"jusqu'au" its end, "between A and B" / "du A au B" both; a sentence that says
 * the fact stops ("retires", "prend fin", "former") ends it at its date, or by the time of
 * writing when it gives none, unless it also says something begins ("takes over", "nommé") or
 * goes on as before ("continues unchanged", « reste »).
 * Otherwise the sentence's first date, or the document's, is the fact's start, as before.
 */
export function readSentenceValidity(sentence: string, documentDate: string | null, language: Language): SentenceValidity {
  const phrases = languagePack(language).temporal.validity;
  const plain = plainText(sentence);
  const dates = withBareYears(findDates(sentence, documentDate), plain);
  const starts: string[] = [];
  const ends: string[] = [];
  const unlabelled: string[] = [];
  dates.forEach((date, index) => {
    const before = plain.slice(Math.max(0, date.start - PHRASE_REACH), date.start);
    const previous = dates[index - 1];
    if (previous && closesRange(plain, previous, date, phrases)) {
      // "du 1er mars au 30 juin": the first date, read before this one, is already the start.
      ends.push(date.iso);
      const waiting = unlabelled.indexOf(previous.iso);
      if (waiting >= 0) {
        unlabelled.splice(waiting, 1);
        starts.push(previous.iso);
      }
    } else if (endsWithAny(before, phrases.untilPhrases)) ends.push(date.iso);
    else if (endsWithAny(before, phrases.fromPhrases)) starts.push(date.iso);
    else if (!date.bareYear || (dates[index + 1] && closesRange(plain, date, dates[index + 1] as DatedSpan, phrases))) unlabelled.push(date.iso);
  });
  const ending = containsAny(plain, phrases.endingPhrases) && !containsAny(plain, phrases.startingPhrases) && !containsAny(plain, phrases.continuingPhrases);
  if (ending && ends.length === 0) ends.push(unlabelled.shift() ?? documentDate ?? '');
  const statedEnd = ends.find((date) => date !== '') ?? null;
  const statedStart = mainClauseStart(starts, dates, plain) ?? (statedEnd === null ? unlabelled[0] : undefined);
  const { validFrom, validTo } = withDuration(plain, phrases, statedStart ?? null, statedEnd, ending, documentDate);
  return { validFrom, validTo: validTo !== null && validFrom !== null && validTo < validFrom ? null : validTo };
}

/**
 * Bounds a written span of time completes: "for three years" ends a fact the sentence starts
 * ("from 1 March 2022 for three years" → 2025-02-28); "depuis six mois" starts, six months before
 * the document was written, a fact the sentence gives no start. A span never overrides a bound the
 * sentence states, and an ending sentence is left as it is.
 */
function withDuration(plain: string, phrases: ValidityPhrases, start: string | null, end: string | null, ending: boolean, documentDate: string | null): SentenceValidity {
  const fallbackStart = end === null ? documentDate : null;
  const duration = ending ? null : findDuration(plain, phrases.durations);
  if (duration?.direction === 'forward' && start !== null && end === null) return { validFrom: start, validTo: lastDayOf(start, duration) };
  if (duration?.direction === 'backward' && start === null && documentDate !== null) return { validFrom: firstDayBefore(documentDate, duration) ?? documentDate, validTo: end };
  return { validFrom: start ?? fallbackStart, validTo: end };
}

/** The validity of a fact its sentence states as a completed act (an edge type declared `completedAct`): it holds from the act on, never ending at the act's last date. */
export function completedActValidity(validity: SentenceValidity): SentenceValidity {
  return { validFrom: validity.validFrom, validTo: null };
}

/** Whether one of the words (as relation gaps read them: accent-free, lower case) is one of the language's words for an earlier state ("former", "ancienne"). */
export function saysFormer(words: readonly string[], language: Language): boolean {
  const former = new Set(languagePack(language).temporal.formerWords.map(plainText));
  return words.some((word) => former.has(word));
}

const interimPhrases = acrossLanguages((packs) => packs.flatMap((pack) => pack.temporal.interimPhrases));

/** Whether a fact's evidence says it holds for the time being ("X leads the project on an interim basis", « pilote le projet par intérim »), in any registered language. */
export function saysInterim(evidence: string): boolean {
  return containsAny(plainText(evidence), interimPhrases());
}

/** A fact that no longer holds: it ends where the sentence ends it, else by the time of writing (the document's date); its start is not known. */
export function endedBy(validity: SentenceValidity, documentDate: string | null): SentenceValidity {
  return { validFrom: null, validTo: validity.validTo ?? documentDate };
}

/** Most words of an aside set off by commas (", her deputy since 2021,"). */
const ASIDE_WORDS = 6;

/**
 * The first start date, passing over one written inside a short aside between two commas when a
 * start lies outside it: "Colm Baptiste, her deputy since 2021, manages the depot from 1 March 2024"
 * starts the fact on 1 March 2024; the aside dates the apposition, not the sentence's fact.
 */
function mainClauseStart(starts: readonly string[], dates: readonly DatedSpan[], plain: string): string | undefined {
  if (starts.length < 2) return starts[0];
  const inAside = (iso: string) => {
    const date = dates.find((candidate) => candidate.iso === iso);
    if (!date) return false;
    const opening = plain.lastIndexOf(',', date.start);
    const closing = plain.indexOf(',', date.end);
    return opening >= 0 && closing >= 0 && plain.slice(opening + 1, closing).trim().split(/\s+/).length <= ASIDE_WORDS;
  };
  return starts.find((iso) => !inAside(iso)) ?? starts[0];
}

/** A found date, or a year written alone ("from 2021 to 2023"), which counts only beside a from/until/range phrase. */
interface DatedSpan extends FoundDate {
  bareYear?: boolean;
}

function withBareYears(dates: FoundDate[], plain: string): DatedSpan[] {
  const years: DatedSpan[] = [];
  for (const match of plain.matchAll(/(?<![\d.,-])(?:19|20)\d{2}(?![\d.,]\d|-\d)/g)) {
    const start = match.index ?? 0;
    const end = start + match[0].length;
    if (!dates.some((date) => start < date.end && end > date.start)) years.push({ iso: match[0], start, end, bareYear: true });
  }
  return [...dates, ...years].sort((left, right) => left.start - right.start);
}

function plainText(text: string): string {
  return stripAccents(text).toLowerCase().replace(/[’‘]/g, "'");
}

function phrasePattern(phrase: string): string {
  return escapeRegExp(plainText(phrase)).replace(/\s+/g, '\\s+');
}

const compiled = new Map<string, RegExp>();

function cached(key: string, build: () => RegExp): RegExp {
  let pattern = compiled.get(key);
  if (!pattern) {
    pattern = build();
    compiled.set(key, pattern);
  }
  return pattern;
}

/** True when the text ends with one of the phrases (then spaces, an article or "le"), as a whole word. */
function endsWithAny(text: string, list: readonly string[]): boolean {
  if (list.length === 0) return false;
  const pattern = cached(`end\u0000${list.join('\u0000')}`, () => new RegExp(`(?:^|[^\\p{L}'])(?:${list.map(phrasePattern).join('|')})\\s*$`, 'u'));
  return pattern.test(text);
}

function containsAny(text: string, list: readonly string[]): boolean {
  return firstPhraseAt(text, list) >= 0;
}

/** Where the first of the phrases starts in the (plain) text, as a whole word; -1 when none is there. */
function firstPhraseAt(text: string, list: readonly string[]): number {
  if (list.length === 0) return -1;
  const pattern = cached(`at\u0000${list.join('\u0000')}`, () => new RegExp(`(?<![\\p{L}'])(?:${list.map(phrasePattern).join('|')})(?![\\p{L}])`, 'u'));
  return pattern.exec(text)?.index ?? -1;
}

/** "between A and B", "du A au B": an opener just before the first date and only a closer between the two. */
function closesRange(plain: string, first: FoundDate, second: FoundDate, phrases: ValidityPhrases): boolean {
  const between = plain.slice(first.end, second.start);
  if (between.length > PHRASE_REACH) return false;
  const closer = cached(`closer\u0000${phrases.rangeClosers.join('\u0000')}`, () => new RegExp(`^\\s*,?\\s*(?:${phrases.rangeClosers.map(phrasePattern).join('|')})\\s*$`, 'u'));
  if (!closer.test(between)) return false;
  const before = plain.slice(Math.max(0, first.start - PHRASE_REACH), first.start);
  return endsWithAny(before, phrases.rangeOpeners) || endsWithAny(before, phrases.fromPhrases);
}

/**
 * Whether a text says that the entity named `later` took the place of the one named `earlier`
 * (each given by its names): "X's contract is terminated … Y has been appointed" (an ending
 * phrase between the two names, a starting phrase after it), "Y replaces X" / "Y succède à X"
 * (a replacing phrase between), "X was replaced by Y". False when either is not named.
 */
export function saysTakesOver(text: string, earlier: readonly string[], later: readonly string[], language: Language): boolean {
  const phrases = languagePack(language).temporal.validity;
  const plain = plainText(text);
  const earlierAt = firstNameAt(plain, earlier);
  const laterAt = firstNameAt(plain, later);
  // "His successor is Y": the earlier one is not named, the possessive stands for them (the extractor linked the two).
  if (!earlierAt && laterAt) return successorPhraseBefore(plain.slice(0, laterAt.start), phrases.successorPhrases);
  if (!earlierAt || !laterAt) return false;
  if (earlierAt.end <= laterAt.start) {
    const between = plain.slice(earlierAt.end, laterAt.start);
    if (firstPhraseAt(between, phrases.replacedByPhrases) >= 0) return true;
    const ending = firstPhraseAt(between, phrases.endingPhrases);
    return ending >= 0 && firstPhraseAt(plain.slice(earlierAt.end + ending), phrases.startingPhrases) >= 0;
  }
  if (laterAt.end <= earlierAt.start) return firstPhraseAt(plain.slice(laterAt.end, earlierAt.start), phrases.replacingPhrases) >= 0;
  return false;
}

/** Words that may stand between "his successor" and the successor's name ("is", "will be", "named as"). */
const SUCCESSOR_GAP_WORDS = 3;

function successorPhraseBefore(before: string, phrases: readonly string[]): boolean {
  if (phrases.length === 0) return false;
  const pattern = cached(`successor\u0000${phrases.join('\u0000')}`, () => new RegExp(`(?<![\\p{L}'])(?:${phrases.map(phrasePattern).join('|')})[\\s,:]+(?:[\\p{L}']+[\\s,:]+){0,${SUCCESSOR_GAP_WORDS}}$`, 'u'));
  return pattern.test(before);
}

/** The first place one of the names is written in the plain text, as whole words. */
function firstNameAt(plain: string, names: readonly string[]): { start: number; end: number } | null {
  let best: { start: number; end: number } | null = null;
  for (const name of names) {
    const wanted = plainText(name);
    if (wanted.length < 2) continue;
    const match = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(wanted)}(?![\\p{L}\\p{N}])`, 'u').exec(plain);
    if (match && (!best || match.index < best.start)) best = { start: match.index, end: match.index + wanted.length };
  }
  return best;
}
