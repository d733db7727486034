import { stripAccents } from '../core/normalise.js';
import { acrossLanguages } from './lang/registry.js';
import { escapeRegExp } from './lang/word-lists.js';
import { monthNumbers } from './words.js';

/** A date written in a text, as an ISO prefix (YYYY, YYYY-MM or YYYY-MM-DD) and its span. */
export interface FoundDate {
  iso: string;
  start: number;
  end: number;
}

const alternatives = (words: readonly string[]) => [...new Set(words)].map(escapeRegExp).join('|');

/** The patterns, built from the registered packs' month names and ordinals, in the order `toIso` reads them. */
const datePatterns = acrossLanguages((packs): RegExp[] => {
  const monthNames = alternatives(Object.keys(monthNumbers()));
  const dayOrdinals = alternatives(packs.flatMap((pack) => pack.dates.ordinalSuffixes));
  const monthFirstOrdinals = alternatives(packs.filter((pack) => pack.dates.monthBeforeDay).flatMap((pack) => pack.dates.ordinalSuffixes));
  return [
    /\b(\d{4})-(\d{2})-(\d{2})\b/g,
    new RegExp(`\\b(\\d{1,2})(?:${dayOrdinals})?\\s+(${monthNames})\\s+(\\d{4})\\b`, 'gi'),
    new RegExp(`\\b(${monthNames})\\s+(\\d{1,2})(?:${monthFirstOrdinals})?,?\\s+(\\d{4})\\b`, 'gi'),
    new RegExp(`\\b(${monthNames})\\s+(\\d{4})\\b`, 'gi'),
  ];
});

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function toIso(patternIndex: number, groups: string[]): string | null {
  const months = monthNumbers();
  const month = (name: string) => months[name.toLowerCase()] ?? 0;
  const [a = '', b = '', c = ''] = groups;
  switch (patternIndex) {
    case 0:
      return `${a}-${b}-${c}`;
    case 1:
      return month(b) ? `${c}-${pad(month(b))}-${pad(Number(a))}` : null;
    case 2:
      return month(a) ? `${c}-${pad(month(a))}-${pad(Number(b))}` : null;
    default:
      return month(a) ? `${b}-${pad(month(a))}` : null;
  }
}

/** Finds written dates (ISO, "1 May 2024", "May 1, 2024", "mai 2024") in a text, left to right. */
export function findDates(text: string): FoundDate[] {
  const plain = stripAccents(text);
  const found: FoundDate[] = [];
  datePatterns().forEach((pattern, patternIndex) => {
    for (const match of plain.matchAll(pattern)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      if (found.some((date) => start < date.end && end > date.start)) continue;
      const iso = toIso(patternIndex, match.slice(1));
      if (iso) found.push({ iso, start, end });
    }
  });
  return found.sort((left, right) => left.start - right.start);
}

/** True when the word is a month name in a registered language. */
export function isMonthName(word: string): boolean {
  return stripAccents(word).toLowerCase() in monthNumbers();
}
