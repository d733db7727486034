import { stripAccents } from '../../core/normalise.js';
import { isStopWord } from '../words.js';
import type { ConcernLexicon } from './concern-lexicon.js';

/** What a sentence reports in the lexicon's terms: adverse-event families (with the words used) and concern markers. */
export interface SentenceConcerns {
  /** Family → the words of the sentence that belong to it, as written (lower case). */
  families: Map<string, string[]>;
  markers: number;
}

/**
 * Reads a sentence through the concern lexicon. Capitalised words after the first are parts
 * of names ("Ardent Security", "Storm Ciara") and are not read as events.
 */
export function readConcerns(sentence: string, lexicon: ConcernLexicon): SentenceConcerns {
  const tokens = [...sentence.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => ({ text: match[0], end: (match.index ?? 0) + match[0].length, start: match.index ?? 0 }));
  const families = new Map<string, string[]>();
  let markers = 0;
  const add = (family: string, surface: string) => families.set(family, [...(families.get(family) ?? []), surface.toLowerCase()]);
  tokens.forEach((token, position) => {
    const lower = stripAccents(token.text).toLowerCase();
    if (isStopWord(lower) || (position > 0 && /^\p{Lu}/u.test(token.text))) return;
    const next = tokens[position + 1];
    if (next && sentence.slice(token.end, next.start) === '-') {
      const family = lexicon.familyOf(`${lower}-${stripAccents(next.text).toLowerCase()}`);
      if (family) {
        add(family, sentence.slice(token.start, next.end));
        return;
      }
    }
    const previous = tokens[position - 1];
    if (previous && sentence.slice(previous.end, token.start) === '-' && lexicon.familyOf(`${stripAccents(previous.text).toLowerCase()}-${lower}`)) return;
    const family = lexicon.familyOf(lower);
    if (family) add(family, token.text);
    else if (lexicon.isMarker(lower)) markers += 1;
  });
  return { families, markers };
}

/** How strongly a sentence reports concerns (0 when it reports none). */
export function concernWeight(concerns: SentenceConcerns): number {
  return concerns.families.size === 0 && concerns.markers === 0 ? 0 : Math.min(1, 0.5 * concerns.families.size + 0.25 * concerns.markers);
}
