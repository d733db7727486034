import { normaliseName } from '../../core/normalise.js';
import { isCommonWord } from '../../text/words.js';
import { jaroWinkler } from '../../extraction/resolution/jaro-winkler.js';
import type { EntityIndex } from '../graph-index.js';
import { DEFAULT_RANKING_PROFILE, type RankingProfile } from '../../config/ranking-profile.js';
import type { Language } from '../../core/records.js';
import { languagePack } from '../../text/lang/registry.js';
import { isNationalityAdjective } from '../../text/known-places.js';

/** An entity the question names, and how it was recognised. */
export interface LinkedEntity {
  entityIndex: number;
  surface: string;
  match: 'exact' | 'alias' | 'name-word' | 'fuzzy' | 'vector';
}


/**
 * Finds the entities a question names: longest word n-grams that equal a normalised name or
 * alias (a single word only when the question capitalises it or no dictionary holds it); then leftover capitalised words that belong to the
 * name of one or two entities ("Brackley" → "Brackley Insurance"); then near matches of words that are no dictionary word of the
 * question's language (a misspelt name, not a title-cased "Franchise").
 */
export function linkQuestionEntities(question: string, index: EntityIndex, profile: RankingProfile['linking'] = DEFAULT_RANKING_PROFILE.linking, language?: Language): LinkedEntity[] {
  const words = normaliseName(question).split(' ').filter(Boolean);
  // An elided article or preposition before a name ("d'Ostrelle", "l'Ostrevanne") is not part of the word that is capitalised.
  const capitalised = new Set((question.replace(/(?<![\p{L}\p{N}])\p{Ll}{1,2}['’](?=\p{Lu})/gu, ' ').match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).filter((word) => /^\p{Lu}|\p{N}/u.test(word)).map(normaliseName));
  // A word may name an entity on its own when the question capitalises it or when it is no dictionary word of the question's
  // language ("who leads the velquist programme"); a dictionary word in lower case is the word ("which fund …" asks for a fund, whatever "the Fund" is),
  // unless nothing in the question is capitalised and an entity is called exactly that.
  const allLowercase = !/\p{Lu}/u.test(question);
  const isDictionary = (word: string) => language !== undefined && languagePack(language).isDictionaryWord(word);
  const mayNameAlone = (word: string) => capitalised.has(word) || (language !== undefined && !isDictionary(word));
  const linked = new Map<number, LinkedEntity>();
  const covered = new Array<boolean>(words.length).fill(false);
  const compoundOf = compoundSpans(question, words);
  for (let size = Math.min(index.longestAliasWords, words.length); size >= 1; size -= 1) {
    for (let start = 0; start + size <= words.length; start += 1) {
      if (covered.slice(start, start + size).some(Boolean) || splitsCompound(compoundOf, start, size)) continue;
      const gram = words.slice(start, start + size);
      // In a question written all in lower case, a dictionary word still names the one entity called exactly that ("le projet bruyère"), never one it is an alias of ("which fund …").
      const dictionaryWordAlone = size === 1 && allLowercase && !mayNameAlone(gram[0] as string);
      if (size === 1 && (isCommonWord(gram[0] as string) || (gram[0] as string).length < 2 || (!mayNameAlone(gram[0] as string) && !dictionaryWordAlone))) continue;
      const matches = index.aliasIndex.get(gram.join(' '))?.filter((entityIndex) => !dictionaryWordAlone || normaliseName(index.entities.at(entityIndex)?.name ?? '') === gram[0]);
      if (!matches || matches.length === 0) continue;
      for (let position = start; position < start + size; position += 1) covered[position] = true;
      for (const entityIndex of matches) {
        const entity = index.entities.at(entityIndex);
        const exact = entity !== undefined && normaliseName(entity.name) === gram.join(' ');
        if (!linked.has(entityIndex)) linked.set(entityIndex, { entityIndex, surface: gram.join(' '), match: exact ? 'exact' : 'alias' });
      }
    }
  }
  // Leftover words read as parts of names: those capitalised, and those no dictionary holds when nothing is capitalised.
  const nameWords = allLowercase ? [...new Set(words)].filter((word) => !isDictionary(word) && language !== undefined) : [...capitalised];
  // A name part links with the capitalised words around it as its surface, so a misspelt neighbour ("Solne Bardet") is no word to find.
  const surfaceOf = (word: string) => capitalisedRunHolding(question, word) ?? word;
  for (const word of nameWords) {
    // A number alone ("2024") names no entity, even when a code holds it ("MV-2024-014").
    if (word.length < 4 || /^\d+$/.test(word)) continue;
    if (isCommonWord(word) || [...linked.values()].some((entry) => entry.surface.includes(word))) continue;
    if (words.some((other, position) => other === word && compoundOf[position] !== undefined)) continue;
    // "The Australian business of X": a people's adjective modifies, it names no place or firm that holds the word ("Western Australia").
    if (language !== undefined && isNationalityAdjective(word, language)) continue;
    // A hyphenated name ("Varenne-Lacaze") names the entities whose name holds every one of its parts.
    const parts = word.split(' ');
    // "Dock 4": a word the question numbers names only the entities whose name holds that number too, not "Dock Gazette" or "Dock 7".
    const numbers = words.filter((other, position) => position > 0 && words[position - 1] === word && /^\d+$/.test(other));
    const holders = parts.map((part) => index.nameWordIndex.get(part) ?? []).reduce((left, right) => left.filter((entityIndex) => right.includes(entityIndex)));
    const owners = holders.filter((entityIndex) => numbers.length === 0 || normaliseName(index.entities.at(entityIndex)?.name ?? '').split(' ').some((part) => numbers.includes(part)));
    if (owners.length > 0 && owners.length <= profile.maxNameWordEntities) {
      for (const entityIndex of owners) if (!linked.has(entityIndex)) linked.set(entityIndex, { entityIndex, surface: surfaceOf(word), match: 'name-word' });
      continue;
    }
    // A word of the names, too common among them or numbered otherwise, is written as meant: no misspelling of another.
    if (holders.length > 0 || parts.length > 1 || isDictionary(word)) continue;
    // A misspelt name, or a misspelt word of a longer name ("Velacot Santé" for "Vellacott Santé"): the nearest alias or name word.
    let best: { candidate: string; entityIndexes: readonly number[]; similarity: number } | null = null;
    for (const [candidate, entitiesOf] of fuzzyCandidates(index, profile.maxNameWordEntities, !/\d/.test(word))) {
      if (Math.abs(candidate.length - word.length) > 3 || candidate[0] !== word[0]) continue;
      const similarity = jaroWinkler(candidate, word);
      if (similarity < profile.fuzzyThreshold || (best && similarity <= best.similarity)) continue;
      const entityIndexes = entitiesOf();
      if (entityIndexes) best = { candidate, entityIndexes, similarity };
    }
    // Nearest to a people's adjective ("Austrlian"): the adjective misspelt, which names nothing either.
    if (best && language !== undefined && isNationalityAdjective(best.candidate, language)) continue;
    for (const entityIndex of best?.entityIndexes ?? []) {
      if (!linked.has(entityIndex)) linked.set(entityIndex, { entityIndex, surface: surfaceOf(word), match: 'fuzzy' });
    }
  }
  return [...linked.values()];
}

/**
 * What a misspelt word may be: each alias (its first entity), then, for a word without digits (a code or "base64" is no
 * misspelt name word), each word of a name that at most `maxOwners` entities' names hold (all of them). Each comes with
 * what gives its entities, asked only of the nearest so far: null for a name word of too many entities, which is none.
 */
function* fuzzyCandidates(index: EntityIndex, maxOwners: number, nameWords: boolean): Generator<[string, () => readonly number[] | null]> {
  for (const alias of index.aliasIndex.keys()) yield [alias, () => index.aliasIndex.get(alias)?.slice(0, 1) ?? []];
  if (!nameWords) return;
  for (const nameWord of index.nameWordIndex.keys()) {
    yield [nameWord, () => {
      const entityIndexes = index.nameWordIndex.get(nameWord) ?? [];
      return entityIndexes.length <= maxOwners ? entityIndexes : null;
    }];
  }
}

/** The run of consecutive capitalised words of the question that holds the (normalised) word, normalised; null when none does. */
function capitalisedRunHolding(question: string, word: string): string | null {
  const tokens = question.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  let run: string[] = [];
  const runs: string[][] = [];
  for (const token of tokens) {
    if (/^\p{Lu}/u.test(token)) run.push(token);
    else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  const holding = runs.find((candidate) => candidate.some((token) => normaliseName(token) === word));
  return holding ? normaliseName(holding.join(' ')) : null;
}

/**
 * For each word of the normalised question, the span (first and last word) of the compound it is
 * part of, when the question joins words with dots, slashes, colons or underscores ("Node.js",
 * "build.manifest", "vite/client"): such a compound is one name, and a part of it ("js") none.
 */
function compoundSpans(question: string, words: readonly string[]): Array<{ first: number; last: number } | undefined> {
  const spans = new Array<{ first: number; last: number } | undefined>(words.length);
  let from = 0;
  for (const compound of question.match(/[\p{L}\p{N}]+(?:[._/:][\p{L}\p{N}]+)+/gu) ?? []) {
    const parts = normaliseName(compound).split(' ').filter(Boolean);
    for (let first = from; first + parts.length <= words.length; first += 1) {
      if (!parts.every((part, offset) => words[first + offset] === part)) continue;
      const span = { first, last: first + parts.length - 1 };
      for (let position = span.first; position <= span.last; position += 1) spans[position] = span;
      from = span.last + 1;
      break;
    }
  }
  return spans;
}

/** True when the n-gram holds part of a compound but not all of it. */
function splitsCompound(spans: ReadonlyArray<{ first: number; last: number } | undefined>, start: number, size: number): boolean {
  for (let position = start; position < start + size; position += 1) {
    const span = spans[position];
    if (span && (span.first < start || span.last >= start + size)) return true;
  }
  return false;
}
