import { stripAccents } from '../core/normalise.js';
import { findDates } from './find-dates.js';
import { acrossLanguages } from './lang/registry.js';
import { escapeRegExp } from './lang/word-lists.js';

/** The two dates of a "what changed between D1 and D2" question, earlier first. */
export interface ChangeWindow {
  from: string;
  to: string;
}

const changePhrases = acrossLanguages((packs) => {
  const phrases = [...new Set(packs.flatMap((pack) => pack.temporal.changes.questionPhrases.map(plain)))];
  return new RegExp(`(?<![\\p{L}'])(?:${phrases.map((phrase) => escapeRegExp(phrase).replace(/\s+/g, '\\s+')).join('|')})(?![\\p{L}])`, 'u');
});

function plain(text: string): string {
  return stripAccents(text).toLowerCase().replace(/[’‘]/g, "'");
}

/**
 * The window of a question that asks what changed ("what changed about X between September 2023
 * and April 2024", "qu'est-ce qui a changé pour X entre mai 2023 et janvier 2024"): a change phrase
 * of a language pack and two dates; null for any other question.
 */
export function readChangeWindow(question: string): ChangeWindow | null {
  if (!changePhrases().test(plain(question))) return null;
  const found = findDates(question);
  // Years written alone count too ("between 2021 and 2023"), where no written date covers them.
  const years = [...question.matchAll(/(?<![\d.,-])(?:19|20)\d{2}(?![\d.,]\d|-\d)/g)]
    .filter((match) => !found.some((date) => (match.index ?? 0) < date.end && (match.index ?? 0) + 4 > date.start))
    .map((match) => ({ iso: match[0], start: match.index ?? 0 }));
  const dates = [...found, ...years].sort((left, right) => left.start - right.start).map((date) => date.iso);
  if (dates.length < 2) return null;
  const [first, second] = dates as [string, string];
  return first <= second ? { from: first, to: second } : { from: second, to: first };
}
