import { stripAccents } from '../core/normalise.js';
import { isStopWord } from '../text/words.js';
import { acrossLanguages } from '../text/lang/registry.js';
import { whPhrase } from './expected-answer-type.js';

/** The clause markers of every registered language (a question's language is a guess on so few words). */
const markers = acrossLanguages((packs) => {
  const union = (pick: (pack: (typeof packs)[number]) => readonly string[]) => new Set(packs.flatMap(pick));
  return {
    relativeWords: union((pack) => [...pack.relativePronouns.all, ...pack.temporal.clauseMarkers.relativeWords]),
    participleEndings: [...union((pack) => pack.temporal.clauseMarkers.participleEndings)],
    participles: union((pack) => pack.temporal.clauseMarkers.participles),
    prepositions: union((pack) => pack.temporal.clauseMarkers.prepositions),
  };
});

/** A participle is at least this long, so that short words ending like one ("bed", "red", "thé") are not read as one. */
const MIN_PARTICIPLE_LETTERS = 5;
/** Content words between the wh-phrase and a clause marker when the clause describes something other than the answer ("which manufacturer built the tram that …"). */
const MIN_WORDS_BEFORE_CLAUSE = 2;

/**
 * True when a date the question writes (starting at `dateStart`) dates the event it starts from rather
 * than the fact it asks for: the date stands in a subordinate clause ("… the tram that derailed at X in
 * August 2024", "the depot where a fire broke out in 2022", "le site contrôlé par X en septembre 2024"),
 * and that clause is not the answer's own ("the auditors who reviewed X in 2024" asks for the reviewing, as
 * "who reviewed X in 2024" does): the wh-phrase and at least one more content word come before it.
 */
export function datesAnchorEvent(question: string, dateStart: number): boolean {
  return clauseMarkerIndex(lowerCaseWords(question.slice(0, dateStart))) >= 0;
}

/**
 * The question's words split at its first subordinate clause that describes something other than the
 * answer ("which manufacturer built the tram | that derailed at X"): the clause identifies the things
 * the question starts from, the main part says what it asks of them. `clause` is empty when it has none.
 */
export function splitAtSubordinateClause(question: string): { main: string[]; clause: string[] } {
  const written = lowerCaseWords(question);
  const marker = clauseMarkerIndex(written);
  return marker < 0 ? { main: written, clause: [] } : { main: written.slice(0, marker), clause: written.slice(marker) };
}

/** The words of a text, lower case, accents as written (participle endings are matched on them). */
function lowerCaseWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Where the first clause marker after the wh-phrase and at least two more content words stands among the words (lower case, as written); -1 when none does. */
function clauseMarkerIndex(written: readonly string[]): number {
  const plain = written.map((word) => stripAccents(word));
  const wh = whPhrase(plain);
  const from = wh === null ? 0 : wh.index + 1;
  const { relativeWords, participleEndings, participles, prepositions } = markers();
  let contentWords = 0;
  for (let index = from; index < plain.length; index += 1) {
    const word = plain[index] as string;
    const next = plain[index + 1];
    const isParticiple = next !== undefined && prepositions.has(next) && (participles.has(word) || (word.length >= MIN_PARTICIPLE_LETTERS && participleEndings.some((ending) => (written[index] as string).endsWith(ending))));
    if ((relativeWords.has(word) || isParticiple) && contentWords >= MIN_WORDS_BEFORE_CLAUSE) return index;
    if (!isStopWord(word)) contentWords += 1;
  }
  return -1;
}
