import { stripAccents } from '../core/normalise.js';
import type { Sentence } from '../chunking/sentences.js';

/** Counts per key, in first-seen order. */
export type Tally = Map<string, number>;

/** Adds one to `key`'s count. */
export function countUp(tally: Tally, key: string, by = 1): void {
  tally.set(key, (tally.get(key) ?? 0) + by);
}

/** The sum of a tally's counts. */
export function total(tally: Tally): number {
  let sum = 0;
  for (const count of tally.values()) sum += count;
  return sum;
}

/** The most frequent key and its count (the first seen wins ties); ['', 0] for an empty tally. */
export function mostFrequent(tally: Tally): [string, number] {
  let best: [string, number] = ['', 0];
  for (const [key, count] of tally) if (count > best[1]) best = [key, count];
  return best;
}

/** The keys by count, most frequent first (first seen first among equals). */
export function byCount(tally: Tally): string[] {
  return [...tally.entries()].sort((left, right) => right[1] - left[1]).map(([key]) => key);
}

const MAX_EXAMPLES = 2;
const MAX_EXAMPLE_LENGTH = 220;

/** Keeps a sentence as an example, on one line and shortened, until two distinct ones are kept. */
export function addExample(examples: string[], sentence: string): void {
  const line = sentence.replace(/\s+/gu, ' ').trim();
  const short = line.length > MAX_EXAMPLE_LENGTH ? `${line.slice(0, MAX_EXAMPLE_LENGTH - 1)}…` : line;
  if (examples.length < MAX_EXAMPLES && short !== '' && !examples.includes(short)) examples.push(short);
}

/** The sentence holding offset `at`, or '' when none does. */
export function sentenceAt(sentences: readonly Sentence[], at: number): string {
  return sentences.find((sentence) => sentence.start <= at && at < sentence.end)?.text ?? '';
}

/**
 * A schema identifier made of words as written: PascalCase for node types ("start-up" → "StartUp"),
 * UPPER_SNAKE for edge types ("based in" → "BASED_IN"); a number is added when the name is taken (in any case).
 * Null when no letter is left.
 */
export function typeIdentifier(words: string, style: 'pascal' | 'upper', taken: ReadonlySet<string>): string | null {
  const parts = stripAccents(words).split(/[^A-Za-z0-9]+/u).filter((part) => part !== '');
  if (parts.length === 0 || !/^[A-Za-z]/u.test(parts[0] as string)) return null;
  const base = style === 'pascal' ? parts.map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase()).join('') : parts.map((part) => part.toUpperCase()).join('_');
  // Table names ignore case in Kuzu, so "INTERFACE" is taken by "Interface".
  const takenKeys = new Set([...taken].map((name) => name.toLowerCase()));
  let name = base;
  for (let index = 2; takenKeys.has(name.toLowerCase()); index += 1) name = `${base}${style === 'pascal' ? '' : '_'}${index}`;
  return name;
}
