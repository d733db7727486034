import { stripAccents } from '../../core/normalise.js';
import type { SuffixStemRules } from './language-pack.js';

/** Words whose stems one stemmer remembers (then it starts afresh), bounding its memory. */
const STEMS_KEPT = 50_000;

/** A stemmer from suffix rules: accent-free, lower case, irregular forms mapped, then one suffix stripped (longest first). */
export function createSuffixStemmer(rules: SuffixStemRules): (word: string) => string {
  const suffixes = [...new Set(rules.suffixes)].sort((left, right) => right.length - left.length);
  const stemOf = (word: string): string => {
    let stem = stripAccents(word).toLowerCase();
    // Own entries only: "constructor" or "__proto__" in a text is a word, not a property of the table.
    if (Object.hasOwn(rules.irregularForms, stem)) stem = rules.irregularForms[stem] as string;
    if (stem.length <= 3) return stem;
    for (const suffix of suffixes) {
      if (stem.endsWith(suffix) && stem.length - suffix.length >= 3) return suffix.startsWith('e') ? stem.slice(0, -suffix.length) : withoutFinalE(stem.slice(0, -suffix.length));
    }
    return stem;
  };
  // Every question and every sentence it is answered from stems the same words again: a stem is computed once per word.
  const known = new Map<string, string>();
  return (word) => {
    const cached = known.get(word);
    if (cached !== undefined) return cached;
    if (known.size >= STEMS_KEPT) known.clear();
    const stem = stemOf(word);
    known.set(word, stem);
    return stem;
  };
}

/** A stem left ending in "e" by a suffix that does not start with one ("management" → "manage", "agreeing" → "agree") loses it, as the word without the suffix would ("manage" → "manag"). */
function withoutFinalE(stem: string): string {
  return stem.endsWith('e') && stem.length > 3 ? stem.slice(0, -1) : stem;
}

/** The rules of several languages together (irregular forms of earlier ones win). */
export function mergeStemRules(rules: readonly SuffixStemRules[]): SuffixStemRules {
  const irregularForms: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const rule of rules) for (const [form, base] of Object.entries(rule.irregularForms)) if (!Object.hasOwn(irregularForms, form)) irregularForms[form] = base;
  return { irregularForms, suffixes: rules.flatMap((rule) => rule.suffixes) };
}

/** Wraps a Snowball stemmer so it takes any case and returns an accent-free, lower-case stem. */
export function accentFreeStemmer(stemmer: (word: string) => string): (word: string) => string {
  return (word) => stripAccents(stemmer(word.toLowerCase()));
}
