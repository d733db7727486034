import { countedWordsOf, isOrdinaryWord } from './lowercase-vocabulary.js';

/** The three vocabularies an index run reads from its corpus's prose (see lowercase-vocabulary.ts). */
export interface CorpusVocabularies {
  /** As buildLowercaseVocabulary gives it. */
  vocabulary: Set<string>;
  /** As buildNameVocabulary gives it. */
  names: Set<string>;
  /** As buildCueNamedWords gives it. */
  cueNamedWords: Set<string>;
}

/** How often each word of the texts counted last is written each way, and the texts themselves (with how often each is given). */
interface WordCounts {
  texts: Map<string, number>;
  lowercase: Map<string, number>;
  capitalised: Map<string, number>;
  /** Per word, how often it is written capitalised just before each lower-case word. */
  beforeNouns: Map<string, Map<string, number>>;
}

/**
 * The counts of the last corpus built, so that the next build over mostly the same texts (an index
 * run after a few documents changed) counts only the texts that came or went. Counts are whole
 * numbers, so the vocabularies are those a count from scratch gives (their sets may list the words
 * in another order; they are only looked up, or sorted).
 */
let counted: WordCounts | null = null;

/**
 * The lower-case vocabulary, the name vocabulary and the cue-named words of `texts` (each text as
 * many times as given), the same as buildLowercaseVocabulary, buildNameVocabulary and
 * buildCueNamedWords give.
 */
export function buildCorpusVocabularies(texts: Iterable<string>, typeNouns: ReadonlySet<string>): CorpusVocabularies {
  const wanted = new Map<string, number>();
  for (const text of texts) wanted.set(text, (wanted.get(text) ?? 0) + 1);
  const counts = countChanges(counted, wanted);
  counted = counts;
  const vocabulary = new Set<string>();
  for (const [word, count] of counts.lowercase) if (isOrdinaryWord(count, counts.capitalised.get(word) ?? 0)) vocabulary.add(word);
  const names = new Set(counts.capitalised.keys());
  const cueNamedWords = new Set<string>();
  if (typeNouns.size > 0) {
    for (const [name, nouns] of counts.beforeNouns) {
      for (const noun of nouns.keys()) {
        if (!typeNouns.has(noun)) continue;
        cueNamedWords.add(name);
        break;
      }
    }
  }
  return { vocabulary, names, cueNamedWords };
}

/** The counts of `wanted`, from `previous` when it shares most texts with it, else from nothing. */
function countChanges(previous: WordCounts | null, wanted: Map<string, number>): WordCounts {
  const counts: WordCounts = previous ?? { texts: new Map(), lowercase: new Map(), capitalised: new Map(), beforeNouns: new Map() };
  const changes: Array<[string, number]> = [];
  for (const [text, times] of wanted) {
    const delta = times - (counts.texts.get(text) ?? 0);
    if (delta !== 0) changes.push([text, delta]);
  }
  for (const [text, times] of counts.texts) if (!wanted.has(text)) changes.push([text, -times]);
  // Most texts new or gone (a first run, another corpus): counting from nothing is less work.
  if (previous !== null && changes.length > wanted.size / 2) return countChanges(null, wanted);
  for (const [text, delta] of changes) addText(counts, text, delta);
  counts.texts = wanted;
  return counts;
}

function addText(counts: WordCounts, text: string, delta: number): void {
  const words = countedWordsOf(text);
  for (const word of words.lowercase) add(counts.lowercase, word, delta);
  for (const word of words.capitalised) add(counts.capitalised, word, delta);
  for (const [name, noun] of words.beforeNouns) {
    let nouns = counts.beforeNouns.get(name);
    if (!nouns) counts.beforeNouns.set(name, (nouns = new Map()));
    add(nouns, noun, delta);
    if (nouns.size === 0) counts.beforeNouns.delete(name);
  }
}

/** Adds `delta` to a count; a count back at zero is removed, so every key counted is one the texts hold. */
function add(counts: Map<string, number>, key: string, delta: number): void {
  const count = (counts.get(key) ?? 0) + delta;
  if (count === 0) counts.delete(key);
  else counts.set(key, count);
}
