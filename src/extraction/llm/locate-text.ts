import type { Span } from '../../core/records.js';

/** A text folded for comparison, with the original offset of every folded character. */
interface FoldedText {
  text: string;
  origins: number[];
}

const QUOTES: Record<string, string> = { '‘': "'", '’': "'", '‚': "'", '“': '"', '”': '"', '„': '"', '«': '"', '»': '"', '–': '-', '—': '-', '‑': '-' };

/** Lower case, no accents, one kind of quote and dash, whitespace runs as one space. */
function fold(text: string): FoldedText {
  let folded = '';
  const origins: number[] = [];
  let lastWasSpace = true;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] as string;
    if (/\s/.test(character)) {
      if (!lastWasSpace) {
        folded += ' ';
        origins.push(index);
      }
      lastWasSpace = true;
      continue;
    }
    lastWasSpace = false;
    const plain = (QUOTES[character] ?? character).normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
    for (const part of plain) {
      folded += part;
      origins.push(index);
    }
  }
  return { text: folded, origins };
}

function foldedSpan(haystack: FoldedText, needle: string, from = 0): Span | null {
  const target = fold(needle).text.trim();
  if (target === '') return null;
  const at = haystack.text.indexOf(target, from);
  if (at < 0) return null;
  return { start: haystack.origins[at] as number, end: (haystack.origins[at + target.length - 1] as number) + 1 };
}

/**
 * Where `needle` occurs in `text` (offsets into `text`): exactly, else ignoring case, accents,
 * quote and dash styles and whitespace; a needle with "…" or "..." matches its pieces in order.
 */
export function locateText(text: string, needle: string): Span | null {
  const trimmed = needle.trim();
  if (trimmed === '') return null;
  const exact = text.indexOf(trimmed);
  if (exact >= 0) return { start: exact, end: exact + trimmed.length };
  const haystack = fold(text);
  const whole = foldedSpan(haystack, trimmed);
  if (whole) return whole;
  const pieces = trimmed.split(/\s*(?:\.\.\.|…)\s*/).filter((piece) => piece.trim().length > 0);
  if (pieces.length < 2) return null;
  let from = 0;
  let first: Span | null = null;
  let last: Span | null = null;
  for (const piece of pieces) {
    const found = foldedSpan(haystack, piece, from);
    if (!found) return null;
    first ??= found;
    last = found;
    from = haystack.origins.indexOf(found.end - 1) + 1;
  }
  return first && last ? { start: first.start, end: last.end } : null;
}

/**
 * Where a name occurs in `text`: the whole name, else its longest word of three or more letters
 * (a normalised "Jean Dupont" is found as "Dupont" in a text that says "J. Dupont").
 */
export function locateName(text: string, name: string): Span | null {
  const whole = locateText(text, name);
  if (whole) return whole;
  const words = name.split(/[\s\-–.,]+/).filter((word) => word.length >= 3).sort((left, right) => right.length - left.length);
  for (const word of words) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu');
    const match = pattern.exec(text);
    if (match) return { start: match.index, end: match.index + match[0].length };
  }
  return null;
}
