import { stripAccents } from '../core/normalise.js';
import type { DurationPhrases, DurationUnit } from './lang/language-pack.js';
import { escapeRegExp } from './lang/word-lists.js';

/** A span of time a sentence writes ("for three years", "depuis six mois"): forward from the fact's start, or backward from the time of writing. */
export interface WrittenDuration {
  direction: 'forward' | 'backward';
  count: number;
  unit: DurationUnit;
}

/** A language's duration phrases, compiled once: the pattern, counts and units by their plain spelling, the backward openers. */
interface CompiledDurations {
  pattern: RegExp;
  numbers: ReadonlyMap<string, number>;
  units: ReadonlyMap<string, DurationUnit>;
  backward: ReadonlySet<string>;
}

const compiledDurations = new WeakMap<DurationPhrases, CompiledDurations>();

/**
 * The first span of time the (accent-free, lower-case) text writes after one of the language's
 * openers ("for three years", "pour une durée de 18 mois", "depuis deux ans"); null when it writes none.
 */
export function findDuration(plain: string, phrases: DurationPhrases): WrittenDuration | null {
  const { pattern, numbers, units, backward } = compiled(phrases);
  for (const match of plain.matchAll(pattern)) {
    const [, opener = '', count = '', unit = ''] = match;
    const number = readCount(count, numbers);
    const meaning = units.get(unit);
    if (number === null || meaning === undefined) continue;
    return { direction: backward.has(opener.replace(/\s+/g, ' ')) ? 'backward' : 'forward', count: number, unit: meaning };
  }
  return null;
}

/** The last day (at the start's precision) of a span that begins on `start`: "2022-03-01" + 3 years → "2025-02-28"; "2021" + 3 years → "2023". */
export function lastDayOf(start: string, duration: Pick<WrittenDuration, 'count' | 'unit'>): string | null {
  const first = parsePrefix(start);
  if (!first) return null;
  const after = shifted(first.date, duration, 1);
  after.setUTCDate(after.getUTCDate() - 1);
  return formatted(after, first.precision);
}

/** When a span that has lasted until `written` began: "2024-02-19" − 6 months → "2023-08" (never finer than the unit allows). */
export function firstDayBefore(written: string, duration: Pick<WrittenDuration, 'count' | 'unit'>): string | null {
  const end = parsePrefix(written);
  if (!end) return null;
  const unitPrecision: Precision = duration.unit === 'years' ? 'year' : duration.unit === 'months' ? 'month' : 'day';
  return formatted(shifted(end.date, duration, -1), coarser(end.precision, unitPrecision));
}

type Precision = 'year' | 'month' | 'day';

function compiled(phrases: DurationPhrases): CompiledDurations {
  let done = compiledDurations.get(phrases);
  if (!done) {
    const openers = [...phrases.forwardOpeners, ...phrases.backwardOpeners].map(plainWords).sort((left, right) => right.length - left.length);
    const words = (list: Iterable<string>) => [...list].map(plainWords).sort((left, right) => right.length - left.length).map(escapeRegExp).join('|');
    const count = `(\\d{1,3}|${words(Object.keys(phrases.numberWords))})`;
    const unit = `(${words(Object.keys(phrases.units))})`;
    const opener = `(${openers.map((phrase) => escapeRegExp(phrase).replace(/ /g, '\\s+')).join('|')})`;
    // Groups: opener, count, unit. A compound adjective ("a ten-year battery life", "a three-year contract") is left out: it often qualifies something else than the fact.
    const pattern = new RegExp(`(?<![\\p{L}'])${opener}\\s+${count}\\s+${unit}(?![\\p{L}])`, 'gu');
    done = { pattern, numbers: keyedPlain(phrases.numberWords), units: keyedPlain(phrases.units), backward: new Set(phrases.backwardOpeners.map(plainWords)) };
    compiledDurations.set(phrases, done);
  }
  return done;
}

function readCount(text: string, numbers: ReadonlyMap<string, number>): number | null {
  if (/^\d+$/.test(text)) return Number(text) > 0 ? Number(text) : null;
  return numbers.get(text) ?? null;
}

function keyedPlain<T>(record: Readonly<Record<string, T>>): Map<string, T> {
  return new Map(Object.entries(record).map(([key, value]) => [plainWords(key), value]));
}

function plainWords(text: string): string {
  return stripAccents(text).toLowerCase().replace(/ß/g, 'ss').replace(/\s+/g, ' ').trim();
}

function parsePrefix(iso: string): { date: Date; precision: Precision } | null {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(iso);
  if (!match) return null;
  const [, year, month, day] = match;
  return { date: new Date(Date.UTC(Number(year), Number(month ?? 1) - 1, Number(day ?? 1))), precision: day ? 'day' : month ? 'month' : 'year' };
}

function shifted(date: Date, duration: Pick<WrittenDuration, 'count' | 'unit'>, sign: 1 | -1): Date {
  const result = new Date(date.getTime());
  const count = sign * duration.count;
  if (duration.unit === 'years' || duration.unit === 'months') {
    // A day the target month lacks is its last day (31 January + 1 month is 29 February), never a day of the month after.
    const months = result.getUTCFullYear() * 12 + result.getUTCMonth() + count * (duration.unit === 'years' ? 12 : 1);
    const year = Math.floor(months / 12);
    const month = months - year * 12;
    const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return new Date(Date.UTC(year, month, Math.min(result.getUTCDate(), lastDay)));
  }
  result.setUTCDate(result.getUTCDate() + count * (duration.unit === 'weeks' ? 7 : 1));
  return result;
}

function formatted(date: Date, precision: Precision): string {
  const iso = date.toISOString().slice(0, 10);
  return precision === 'year' ? iso.slice(0, 4) : precision === 'month' ? iso.slice(0, 7) : iso;
}

function coarser(left: Precision, right: Precision): Precision {
  const order: Precision[] = ['year', 'month', 'day'];
  return order[Math.min(order.indexOf(left), order.indexOf(right))] as Precision;
}
