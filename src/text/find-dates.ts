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

/** Day and month with no year ("le 1er avril", "on June 24"); the month-first form needs a capitalised month, as "may" is also a verb. */
const yearlessPatterns = acrossLanguages((packs): RegExp[] => {
  const monthNames = alternatives(Object.keys(monthNumbers()));
  const dayOrdinals = alternatives(packs.flatMap((pack) => pack.dates.ordinalSuffixes));
  const monthFirst = packs.filter((pack) => pack.dates.monthBeforeDay);
  const capitalised = alternatives(monthFirst.flatMap((pack) => Object.keys(pack.dates.months)).map((name) => name.charAt(0).toUpperCase() + name.slice(1)));
  const monthFirstOrdinals = alternatives(monthFirst.flatMap((pack) => pack.dates.ordinalSuffixes));
  return [
    new RegExp(`\\b(\\d{1,2})(?:${dayOrdinals})?\\s+(${monthNames})\\b`, 'gi'),
    ...(capitalised ? [new RegExp(`\\b(${capitalised})\\s+(\\d{1,2})(?:${monthFirstOrdinals})?\\b(?!\\s*[:.,]?\\d)`, 'g')] : []),
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

/**
 * Finds written dates (ISO, "1 May 2024", "May 1, 2024", "mai 2024") in a text, left to right.
 * Given the date the text was written (`reference`, ISO), a day and month with no year ("le 1er
 * avril") is read as the occurrence nearest to it, as a reader of that document would.
 */
export function findDates(text: string, reference?: string | null): FoundDate[] {
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
  if (reference && /^\d{4}-\d{2}-\d{2}/.test(reference)) {
    yearlessPatterns().forEach((pattern, patternIndex) => {
      for (const match of plain.matchAll(pattern)) {
        const start = match.index ?? 0;
        const end = start + match[0].length;
        if (found.some((date) => start < date.end && end > date.start)) continue;
        const [first = '', second = ''] = match.slice(1);
        const iso = nearestOccurrence(patternIndex === 0 ? second : first, Number(patternIndex === 0 ? first : second), reference);
        if (iso) found.push({ iso, start, end });
      }
    });
  }
  return found.sort((left, right) => left.start - right.start);
}

const DAY_MS = 86_400_000;

/** The date with this month and day nearest to `reference` (the year before, of, or after it). */
function nearestOccurrence(monthName: string, day: number, reference: string): string | null {
  const month = monthNumbers()[monthName.toLowerCase()] ?? 0;
  if (!month || day < 1 || day > 31) return null;
  const year = Number(reference.slice(0, 4));
  const referenceTime = Date.UTC(year, Number(reference.slice(5, 7)) - 1, Number(reference.slice(8, 10)));
  let best: { iso: string; distance: number } | null = null;
  for (const candidate of [year - 1, year, year + 1]) {
    const time = Date.UTC(candidate, month - 1, day);
    const distance = Math.abs(time - referenceTime) / DAY_MS;
    if (!best || distance < best.distance) best = { iso: `${candidate}-${pad(month)}-${pad(day)}`, distance };
  }
  return best?.iso ?? null;
}

/** True when the word is a month name in a registered language. */
export function isMonthName(word: string): boolean {
  return stripAccents(word).toLowerCase() in monthNumbers();
}

/**
 * The text with every date it writes blanked out, and with the word just before a date too when
 * `dropsWordBefore` says so ("acquired on 30 April by" → "acquired by"). `reference` as for findDates.
 */
export function withoutDates(text: string, reference?: string | null, dropsWordBefore?: (word: string) => boolean): string {
  let result = text;
  for (const date of findDates(text, reference).reverse()) {
    const before = dropsWordBefore ? /(\p{L}+)\s+$/u.exec(result.slice(0, date.start)) : null;
    const start = before && dropsWordBefore?.(before[1] as string) ? date.start - before[0].length : date.start;
    result = `${result.slice(0, start)} ${result.slice(date.end)}`;
  }
  return result;
}
