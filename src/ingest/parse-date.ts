const monthNumbers: ReadonlyMap<string, number> = new Map([
  ...monthEntries(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']),
  ...monthEntries(['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']),
  ['sept', 9],
  ...monthEntries(['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre']),
  ...monthEntries(['janvier', 'fevrier', 'mars', 'avril', 'mai', 'juin', 'juillet', 'aout', 'septembre', 'octobre', 'novembre', 'decembre']),
  ...monthEntries(['janv', 'févr', 'mars', 'avr', 'mai', 'juin', 'juil', 'août', 'sept', 'oct', 'nov', 'déc']),
]);

const weekday =
  '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\\.?,?\\s+';
const monthWord = '([\\p{L}]+)\\.?';
const isoPattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const dayMonthYearPattern = new RegExp(`^(?:${weekday})?(?:le\\s+)?(\\d{1,2})(?:st|nd|rd|th|er)?\\s+${monthWord},?\\s+(\\d{4})$`, 'iu');
const monthDayYearPattern = new RegExp(`^(?:${weekday})?${monthWord}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})$`, 'iu');
const labelPattern = /^(?:(?:date|dated|published|posted|updated|publié|publiée|publié le|publiée le|mis à jour le|le)\s*:?\s+|[\p{L}][\p{L} ]{0,24}:\s*)/iu;

/**
 * The ISO date (YYYY-MM-DD) that a whole string states, or null.
 * Accepts ISO dates and date-times (the date part as written, no time-zone shift) and written
 * English or French dates: "11 April 2022", "April 11, 2022", "11 avril 2022", "1er avril 2022".
 */
export function parseDate(value: string): string | null {
  const text = value.trim().replace(/\.$/, '');
  const iso = isoPattern.exec(text);
  if (iso) return toIsoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
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
  const withoutLabel = line.trim().replace(labelPattern, '');
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
  const monthNumber = monthNumbers.get((month ?? '').toLowerCase());
  if (monthNumber === undefined) return null;
  return toIsoDate(Number(year), monthNumber, Number(day));
}

function toIsoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function monthEntries(names: string[]): Array<[string, number]> {
  return names.map((name, index) => [name, index + 1]);
}
