import { stripAccents } from '../../core/normalise.js';
import type { EdgeTypeDefinition, GraphSchema } from '../../config/graph-schema.js';
import { FALLBACK_NODE_TYPE } from '../../config/graph-schema.js';
import { acrossLanguages } from '../../text/lang/registry.js';
import { coordinationWords, isStopWord } from '../../text/words.js';
import { withoutDates } from '../../text/find-dates.js';

/** A typed mention inside one sentence (offsets relative to the sentence). */
export interface SentenceMention {
  name: string;
  type: string;
  start: number;
  end: number;
}

/** A typed relation stated by a sentence, from the mention at `sourceIndex` to `targetIndex`, with the edge phrase that stated it. */
export interface PatternMatch {
  type: string;
  sourceIndex: number;
  targetIndex: number;
  phrase: string;
  voice: 'active' | 'passive';
  /** Up to `QUALIFIER_WORDS` gap words just before the phrase, after the nearer mention ("former" in "X, the former lead of Y"). */
  qualifiers: string[];
}

/** How many words just before an edge phrase qualify it ("the former managing director of"). */
const QUALIFIER_WORDS = 2;

/** Words skipped between two mentions and words of lists, of every language (a sentence's relations are read without its language). */
const fillerWords = acrossLanguages((packs) => new Set(packs.flatMap((pack) => [...pack.relationFillerWords])));
const MAX_WORDS_AROUND_PATTERN = 3;
const MAX_GAP_WORDS = 10;

/** The words between two mentions as relation phrases are read: accent-free, lower case, filler words dropped, masked mentions kept as \u0001. */
export function gapWords(text: string): string[] {
  const fillers = fillerWords();
  return everyWord(text).filter((word) => !fillers.has(word));
}

/** The words between two mentions, accent-free and lower case, masked mentions kept as \u0001, filler words kept. */
function everyWord(text: string): string[] {
  return stripAccents(text).toLowerCase().match(/[\p{L}\p{N}]+|\u0001/gu) ?? [];
}


function findPhrase(haystack: string[], phrase: string[]): number {
  outer: for (let start = 0; start + phrase.length <= haystack.length; start += 1) {
    for (let offset = 0; offset < phrase.length; offset += 1) if (haystack[start + offset] !== phrase[offset]) continue outer;
    return start;
  }
  return -1;
}

/** The linking words of head-first languages ("de", "du", "des", "d'"), accent-free. */
const headFirstLinkingWords = acrossLanguages((packs) => new Set(packs.filter((pack) => pack.descriptors.headFirst).flatMap((pack) => pack.descriptors.linkingWords.flatMap((word) => gapWords(word)))));

/**
 * Where a noun-and-linking-word phrase of a head-first language stands with one adjective after
 * its noun ("directrice artistique des …" for "directrice de", "chef technique du …"): -1 when not.
 */
function findWithAdjective(gap: readonly string[], pattern: readonly string[]): number {
  if (pattern.length !== 2 || !headFirstLinkingWords().has(pattern[1] as string)) return -1;
  for (let start = 0; start + 2 < gap.length; start += 1) {
    if (gap[start] === pattern[0] && gap[start + 1] !== '\u0001' && gap[start + 2] === pattern[1]) return start;
  }
  return -1;
}

/** True when the gap between two mentions (as `gapWords` reads it) states the pattern (short patterns must fill the gap alone). */
export function gapStates(gap: string[], pattern: string[]): boolean {
  if (pattern.length === 0) return false;
  const coordination = coordinationWords();
  const content = gap.filter((word) => word !== '\u0001' && !coordination.has(word));
  if (pattern.length === 1 && (pattern[0] as string).length <= 3) return content.length === 1 && content[0] === pattern[0];
  let position = findPhrase(gap, pattern);
  let length = pattern.length;
  if (position < 0) {
    position = findWithAdjective(gap, pattern);
    length += 1;
  }
  if (position < 0) return false;
  const beforeCount = gap.slice(0, position).filter((word) => word !== '\u0001').length;
  const afterWords = gap.slice(position + length);
  const afterCount = afterWords.filter((word) => word !== '\u0001' && !coordination.has(word)).length;
  return beforeCount <= MAX_WORDS_AROUND_PATTERN && afterCount <= MAX_WORDS_AROUND_PATTERN;
}

function accepts(allowed: string[], type: string): boolean {
  return type === FALLBACK_NODE_TYPE || allowed.includes(type);
}

function typesFit(edge: EdgeTypeDefinition, source: SentenceMention, target: SentenceMention): boolean {
  if (source.type === FALLBACK_NODE_TYPE && target.type === FALLBACK_NODE_TYPE) return false;
  return accepts(edge.source, source.type) && accepts(edge.target, target.type);
}

/**
 * Finds the typed relations a sentence states between its mentions: for each ordered pair,
 * the words between them (other mentions masked) must contain one of an edge type's phrases,
 * active (source … target) or passive (target … source), and the mention types must fit.
 */
export function matchTypedRelations(sentence: string, mentions: SentenceMention[], schema: GraphSchema): PatternMatch[] {
  const matches: PatternMatch[] = [];
  for (let left = 0; left < mentions.length; left += 1) {
    for (let right = left + 1; right < mentions.length; right += 1) {
      const first = mentions[left] as SentenceMention;
      const second = mentions[right] as SentenceMention;
      let masked = sentence.slice(first.end, second.start);
      for (const inner of mentions.slice(left + 1, right)) {
        masked = masked.replace(sentence.slice(inner.start, inner.end), ' \u0001 ');
      }
      const gap = gapWords(gapWithoutDates(masked));
      if (gap.length > MAX_GAP_WORDS) continue;
      const found = findEdge(schema, gap, first, second, left, right) ?? (right === left + 1 ? findParticipleEdge(schema, masked, first, second, left, right) : null);
      if (found && !objectIsInnerMention(sentence, gap, found.phrase, mentions.slice(left + 1, right), second)) matches.push(found);
    }
  }
  return matches;
}

/** Any reference date: only where the dates stand is read ("30 April" is found only with one). */
const SPAN_REFERENCE_DATE = '2000-01-01';

/**
 * The gap with its dates left out, each with the function word before it: a date says when, not how
 * two names relate ("was acquired on 30 April by" states "acquired by").
 */
function gapWithoutDates(gap: string): string {
  return withoutDates(gap, SPAN_REFERENCE_DATE, (word) => isStopWord(stripAccents(word).toLowerCase()));
}

function findEdge(schema: GraphSchema, gap: string[], first: SentenceMention, second: SentenceMention, left: number, right: number): PatternMatch | null {
  const stated = (pattern: string) => gapStates(gap, gapWords(pattern));
  for (const edge of schema.edgeTypes) {
    const active = typesFit(edge, first, second) ? edge.patterns.find(stated) : undefined;
    const passive = typesFit(edge, second, first) ? edge.passivePatterns.find(stated) : undefined;
    // "is supplied by" holds both "supplied" and "supplied by": the longer phrase says the voice.
    if (passive !== undefined && (active === undefined || gapWords(passive).length > gapWords(active).length)) {
      return { type: edge.name, sourceIndex: right, targetIndex: left, phrase: passive, voice: 'passive', qualifiers: wordsBefore(gap, passive) };
    }
    if (active !== undefined) return { type: edge.name, sourceIndex: left, targetIndex: right, phrase: active, voice: 'active', qualifiers: wordsBefore(gap, active) };
  }
  return null;
}

/** How many words may stand between a name and the comma that opens its participial phrases ("X articulated trams, …"). */
const MAX_HEAD_WORDS = 3;

/**
 * A passive participle opening the last comma-led phrase between two neighbouring names says how the
 * later one relates to the earlier one, whatever phrases stand between them: "X trams, numbered 1 to 24,
 * all built by Y" — the participial phrase qualifies the noun phrase that X heads. So the words from X
 * to the first comma must be that noun phrase's own (a few, no function word: "visited the plant, made
 * by Y" qualifies the plant), only function words may come before the participle ("all", "toutes"), and a
 * few words after it ("la société").
 */
function findParticipleEdge(schema: GraphSchema, masked: string, first: SentenceMention, second: SentenceMention, left: number, right: number): PatternMatch | null {
  const segments = masked.split(',');
  if (segments.length < 2) return null;
  const headWords = everyWord(segments[0] as string);
  if (headWords.length > MAX_HEAD_WORDS || headWords.some((word) => isStopWord(word))) return null;
  const tail = everyWord(gapWithoutDates(segments[segments.length - 1] as string));
  for (const edge of schema.edgeTypes) {
    if (!typesFit(edge, second, first)) continue;
    const passive = edge.passivePatterns.find((pattern) => {
      const words = everyWord(pattern);
      const position = findPhrase(tail, words);
      return position >= 0 && tail.slice(0, position).every((word) => isStopWord(word)) && tail.length - position - words.length <= MAX_WORDS_AROUND_PATTERN;
    });
    if (passive !== undefined) return { type: edge.name, sourceIndex: right, targetIndex: left, phrase: passive, voice: 'passive', qualifiers: [] };
  }
  return null;
}

/** Articles of every language ("the", "le"…): one after a name starts a new noun phrase, not the next item of a list. */
const articleWords = acrossLanguages((packs) => new Set(packs.flatMap((pack) => [...pack.descriptors.articles])));

/**
 * True when the phrase's object is a name between the pair, not the pair's far end: "appointed lead
 * of Wrenmoor, the Trust's … programme" leads Wrenmoor, not the Trust. The phrase is followed at once by
 * that inner name, and the text from it to the far end starts a new noun phrase (an article) rather
 * than going on with a list ("led by A and B", "supplied by A, B").
 */
function objectIsInnerMention(sentence: string, gap: string[], phrase: string, inner: readonly SentenceMention[], far: SentenceMention): boolean {
  const words = gapWords(phrase);
  const position = findPhrase(gap, words);
  if (position < 0 || gap[position + words.length] !== '\u0001' || inner.length === 0) return false;
  const last = inner[inner.length - 1] as SentenceMention;
  const between = stripAccents(sentence.slice(last.end, far.start)).toLowerCase().match(/[\p{L}]+/gu) ?? [];
  return between.some((word) => articleWords().has(word));
}

/** The gap words just before the phrase, back to the nearest masked mention (at most QUALIFIER_WORDS). */
function wordsBefore(gap: string[], phrase: string): string[] {
  const position = findPhrase(gap, gapWords(phrase));
  if (position <= 0) return [];
  const before = gap.slice(Math.max(0, position - QUALIFIER_WORDS), position);
  const afterMention = before.lastIndexOf('\u0001');
  return before.slice(afterMention + 1);
}
