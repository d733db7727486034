import { isStopWord } from '../../text/words.js';

/** Most terms one Lucene query takes (its boolean clause limit is 1024). */
const MAX_TERMS = 512;

/**
 * The words full-text search sees, analysed the way Kuzu's full-text index does so that both
 * backends rank chunks alike: lower case without accents, runs of letters only (Kuzu's default
 * ignore pattern drops digits, so "Q7" is "q"), single letters and function words dropped (Lucene's `english`
 * analyzer removes only 33 stop words, Kuzu's index several hundred). Lucene then stems them.
 */
function searchWords(text: string): string[] {
  const words = text.toLowerCase().normalize('NFD').replace(/\p{M}+/gu, '').match(/\p{L}+/gu) ?? [];
  return words.filter((word) => word.length > 1 && !isStopWord(word));
}

/** The text stored beside a chunk's text for its full-text index (`Chunk.searchText`). */
export function toSearchText(text: string): string {
  return searchWords(text).join(' ');
}

/** Turns a question into a Lucene query of content words joined by OR; nothing left can be read as Lucene syntax or an operator. */
export function toFullTextQuery(text: string): string {
  return searchWords(text).slice(0, MAX_TERMS).join(' ');
}
