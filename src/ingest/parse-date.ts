import { acrossLanguages } from '../text/lang/registry.js';
import { escapeRegExp } from '../text/lang/word-lists.js';

const alternatives = (words: readonly string[]) => [...new Set(words)].map(escapeRegExp).join('|');
const isoPattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const monthWord = '([\\p{L}]+)\\.?';

/** Month forms, patterns and labels of every registered pack. */
const dateGrammar = acrossLanguages((packs) => {
  const monthNumbers = new Map<string, number>();
  for (const pack of packs) for (const [form, number] of Object.entries(pack.dates.monthForms)) if (!monthNumbers.has(form)) monthNumbers.set(form, number);
  const weekdays = alternatives(packs.flatMap((pack) => [...pack.dates.weekdays, ...pack.dates.weekdayAbbreviations]));
  const weekday = `(?:${weekdays})\\.?,?\\s+`;
  const dayPrefixes = alternatives(packs.flatMap((pack) => pack.dates.dayPrefixes));
  const dayPrefix = dayPrefixes === '' ? '' : `(?:(?:${dayPrefixes})\\s+)?`;
  const dayOrdinals = alternatives(packs.flatMap((pack) => pack.dates.ordinalSuffixes));
  const monthFirstOrdinals = alternatives(packs.filter((pack) => pack.dates.monthBeforeDay).flatMap((pack) => pack.dates.ordinalSuffixes));
  const labels = alternatives(packs.flatMap((pack) => pack.dates.dateLabels));
  return {
    monthNumbers,
    dayMonthYearPattern: new RegExp(`^(?:${weekday})?${dayPrefix}(\\d{1,2})(?:${dayOrdinals})?\\s+${monthWord},?\\s+(\\d{4})$`, 'iu'),
    monthDayYearPattern: new RegExp(`^(?:${weekday})?${monthWord}\\s+(\\d{1,2})(?:${monthFirstOrdinals})?,?\\s+(\\d{4})$`, 'iu'),
    labelPattern: new RegExp(`^(?:(?:${labels})\\s*:?\\s+|[\\p{L}][\\p{L} ]{0,24}:\\s*)`, 'iu'),
  };
});

/**
 * The ISO date (YYYY-MM-DD) that a whole string states, or null.
 * Accepts ISO dates and date-times (the date part as written, no time-zone shift) and written
 * dates in a registered language: "11 April 2022", "April 11, 2022", "11 avril 2022", "1er avril 2022".
 */
export function parseDate(value: string): string | null {
  const text = value.trim().replace(/\.$/, '');
  const iso = isoPattern.exec(text);
  if (iso) return toIsoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const { dayMonthYearPattern, monthDayYearPattern } = dateGrammar();
  const dayFirst = dayMonthYearPattern.exec(text);
  if (dayFirst) return fromWords(dayFirst[1], dayFirst[2], dayFirst[3]);
  const monthFirst = monthDayYearPattern.exec(text);
  if (monthFirst) return fromWords(monthFirst[2], monthFirst[1], monthFirst[3]);
  return null;
}

/** The ISO date of a line that holds only a date, optionally after a label such as "Date:" or "Publié le". */
export function parseDateLine(line: string): string | null {
  const direct = parseDate(line);
  if (direct !== null) return direct;
  const withoutLabel = line.trim().replace(dateGrammar().labelPattern, '');
  return withoutLabel === line.trim() ? null : parseDate(withoutLabel);
}

/** The first date line among the first `maxLines` non-empty lines of a text, or null. */
export function findLeadingDate(text: string, maxLines = 5): string | null {
  let seen = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const date = parseDateLine(line);
    if (date !== null) return date;
    seen += 1;
    if (seen >= maxLines) return null;
  }
  return null;
}

function fromWords(day: string | undefined, month: string | undefined, year: string | undefined): string | null {
  const monthNumber = dateGrammar().monthNumbers.get((month ?? '').toLowerCase());
  if (monthNumber === undefined) return null;
  return toIsoDate(Number(year), monthNumber, Number(day));
}

function toIsoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
