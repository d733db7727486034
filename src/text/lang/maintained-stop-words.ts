import { createRequire } from 'node:module';
import { stripAccents } from '../../core/normalise.js';

const require = createRequire(import.meta.url);
let all: Record<string, string[]> | undefined;
const loaded = new Map<string, ReadonlySet<string>>();

/** The stopwords-iso list of a language (lower case, accent-free), read on first use; empty for an unknown code. */
export function maintainedStopWords(code: string): ReadonlySet<string> {
  let words = loaded.get(code);
  if (!words) {
    all ??= require('stopwords-iso') as Record<string, string[]>;
    words = new Set((all[code] ?? []).map((word) => stripAccents(word).toLowerCase()));
    loaded.set(code, words);
  }
  return words;
}
