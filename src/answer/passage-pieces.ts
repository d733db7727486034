import { splitSentences } from '../chunking/sentences.js';
import { normaliseName } from '../core/normalise.js';
import { innermostHeading, type Chunk, type Language } from '../core/records.js';

/** A stretch of a chunk read as one candidate: a sentence, a heading line with its sentence, a table row, a block. */
export interface TextPiece {
  text: string;
  start: number;
  end: number;
  /** Where the sentences relation evidence may point at start, when the piece is not one sentence starting at `start`. */
  sentenceStarts?: number[];
  /** A table row's own text, without the header line read with it. */
  ownText?: string;
}

/**
 * The pieces the answerer reads a chunk in: a code block whole, a table row by row under its header,
 * prose by sentences, a heading line with the sentence under it and a lead-in with its list items.
 */
export function passagePieces(chunk: Pick<Chunk, 'text' | 'kind' | 'section'>, language: Language, leadInWords: number): TextPiece[] {
  if (chunk.kind === 'table') return tablePieces(chunk.text);
  if (chunk.kind === 'code') return [{ text: chunk.text, start: 0, end: chunk.text.length }];
  return joinLeadIns(chunk.text, joinFieldLines(chunk.text, joinHeadingLines(chunk.text, splitSentences(chunk.text, language), chunk.section), leadInWords), leadInWords);
}

/** A field line of a reference entry: a short label, a colon and a value ("Type: string", "Default: 'iife'"), without a sentence's closing stop. */
const FIELD_LINE = /^[\p{Lu}][\p{L}\p{N} ]{0,24}:\s+\S[^\n]*$/u;
const FIELD_LINE_WORDS = 15;

function readsAsFieldLines(piece: TextPiece, firstLineIsHeading: boolean): boolean {
  const lines = piece.text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  const fields = firstLineIsHeading ? lines.slice(1) : lines;
  return fields.length > 0 && fields.every((line) => FIELD_LINE.test(line) && line.split(/\s+/).length <= FIELD_LINE_WORDS && !/[.!?]["')\]]*$/.test(line));
}

/**
 * The field lines that open a reference entry ("Type: …", "Default: …" under an option's heading)
 * are read with the sentence that describes the entry, while together they hold at most `maxWords`
 * words: the description alone does not give the value, and the values alone do not say what they are.
 */
function joinFieldLines(text: string, pieces: TextPiece[], maxWords: number): TextPiece[] {
  let last = -1;
  while (last + 1 < pieces.length && readsAsFieldLines(pieces[last + 1] as TextPiece, last === -1 && (pieces[0]?.sentenceStarts?.length ?? 0) > 0)) last += 1;
  if (last < 0 || last + 1 >= pieces.length) return pieces;
  const described = last + 1;
  const parts = pieces.slice(0, described + 1);
  const words = parts.reduce((sum, part) => sum + part.text.split(/\s+/).filter((word) => word !== '').length, 0);
  if (words > maxWords) return pieces;
  const end = (pieces[described] as TextPiece).end;
  const joined: TextPiece = { text: text.slice((pieces[0] as TextPiece).start, end), start: (pieces[0] as TextPiece).start, end, sentenceStarts: parts.flatMap((part) => part.sentenceStarts ?? [part.start]) };
  return [joined, ...pieces.slice(described + 1)];
}

/**
 * A sentence ending with a colon ("… handled by two modules:") is read with the list items it
 * introduces (not the prose after them) while together they hold at most `maxWords` words: alone it
 * names nothing, and the items alone do not say what they are.
 */
function joinLeadIns(text: string, pieces: TextPiece[], maxWords: number): TextPiece[] {
  const joined: TextPiece[] = [];
  const wordCount = (piece: TextPiece) => piece.text.split(/\s+/).filter((word) => word !== '').length;
  for (let index = 0; index < pieces.length; index += 1) {
    const lead = pieces[index] as TextPiece;
    let words = wordCount(lead);
    let last = index;
    if (lead.text.trimEnd().endsWith(':')) {
      while (last + 1 < pieces.length && readsAsItem(text, pieces[last + 1] as TextPiece) && words + wordCount(pieces[last + 1] as TextPiece) <= maxWords) {
        last += 1;
        words += wordCount(pieces[last] as TextPiece);
      }
    }
    if (last === index) {
      joined.push(lead);
      continue;
    }
    const parts = pieces.slice(index, last + 1) as [TextPiece, ...TextPiece[]];
    const end = (pieces[last] as TextPiece).end;
    // The items are kept apart as a list is read aloud: "…: Spindle for routing; Keeper for caching".
    const items = parts.slice(1).map((part, position) => (position < parts.length - 2 ? part.text.trim().replace(/[.;,]$/, '') : part.text.trim()));
    joined.push({ text: `${lead.text.trim()} ${items.join('; ')}`, start: lead.start, end, sentenceStarts: parts.flatMap((part) => part.sentenceStarts ?? [part.start]) });
    index = last;
  }
  return joined;
}

/** A list item: a piece that starts an indented line (a blanked list marker), or a fragment with no closing stop. */
function readsAsItem(text: string, piece: TextPiece): boolean {
  const lineStart = text.lastIndexOf('\n', piece.start - 1) + 1;
  const indented = piece.start > lineStart && text.slice(lineStart, piece.start).trim() === '';
  return indented || !/[.!?]["')\]]*$/.test(piece.text.trim());
}

/**
 * A table is read row by row, each row under the header line, so the row that bears on the question
 * is quoted with what its cells mean; one with a single row is one piece.
 */
function tablePieces(text: string): TextPiece[] {
  const lines: TextPiece[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    if (line.trim() !== '') lines.push({ text: line, start, end: start + line.length });
    start += line.length + 1;
  }
  const [header, ...rows] = lines;
  if (!header || rows.length < 2) return [{ text, start: 0, end: text.length }];
  return rows.map((row) => ({ text: `${header.text}\n${row.text}`, start: row.start, end: row.end, ownText: row.text }));
}

/**
 * A line that only repeats the heading of the chunk's section ("maxPayload") is read with the sentence
 * under it ("maxPayload Default: 4096"): alone it says nothing, and the sentence alone does not say what it is about.
 */
function joinHeadingLines(text: string, sentences: TextPiece[], section: string | undefined): TextPiece[] {
  const heading = normaliseName(innermostHeading(section) ?? '');
  if (heading === '') return sentences;
  const joined: TextPiece[] = [];
  for (let index = 0; index < sentences.length; index += 1) {
    const sentence = sentences[index] as TextPiece;
    const next = sentences[index + 1];
    if (next && normaliseName(sentence.text) === heading) {
      joined.push({ text: text.slice(sentence.start, next.end), start: sentence.start, end: next.end, sentenceStarts: [next.start] });
      index += 1;
    } else joined.push(sentence);
  }
  return joined;
}
