import { acrossLanguages } from './lang/registry.js';

/** Function words of every registered language (lower case, accent-free). */
const functionWords = acrossLanguages((packs) => new Set(packs.flatMap((pack) => [...pack.stopWords])));

/** Words that start sentences or titles with a capital letter but are not names: function words, titles, months, weekdays… */
const commonWords = acrossLanguages(
  (packs) =>
    new Set([
      ...functionWords(),
      ...packs.flatMap((pack) => [...pack.nonNameWords, ...Object.keys(pack.dates.months), ...pack.dates.weekdays]),
    ]),
);

/** Coordination words of every registered language ("and", "et"), lower case. */
export const coordinationWords = acrossLanguages((packs) => new Set(packs.flatMap((pack) => [...pack.coordinationWords])));

/** True when a lower-cased, accent-free word is a frequent non-name word (function word, title, month…) in any registered language. */
export function isCommonWord(word: string): boolean {
  return commonWords().has(word);
}

/** True when a lower-cased, accent-free word carries no content (articles, pronouns, auxiliaries…) in any registered language. */
export function isStopWord(word: string): boolean {
  return functionWords().has(word);
}

/** Month names of every registered language (lower case, accent-free) mapped to their number. */
export const monthNumbers = acrossLanguages((packs) => {
  const months: Record<string, number> = {};
  for (const pack of packs) for (const [name, number] of Object.entries(pack.dates.months)) months[name] ??= number;
  return months;
});

