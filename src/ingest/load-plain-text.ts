import type { LoadedContent } from './loaded-content.js';
import { findLeadingDate, parseDateLine } from './parse-date.js';

const maxTitleLength = 200;

/**
 * Reads a plain-text file already decoded and normalised; the full text is kept, title and date lines included.
 * The title is the first non-empty line when it is shorter than 200 characters and followed by a blank line
 * or a date line; the date is the first line among the first five non-empty ones that holds only a date.
 */
export function loadPlainText(text: string): LoadedContent {
  return { text, title: findTitleLine(text), date: findLeadingDate(text) };
}

function findTitleLine(text: string): string | null {
  const lines = text.split('\n');
  const firstIndex = lines.findIndex((line) => line.trim() !== '');
  if (firstIndex === -1) return null;
  const candidate = (lines[firstIndex] ?? '').trim();
  if (candidate.length >= maxTitleLength || parseDateLine(candidate) !== null) return null;
  const next = lines[firstIndex + 1];
  if (next === undefined) return null;
  return next.trim() === '' || parseDateLine(next) !== null ? candidate : null;
}
