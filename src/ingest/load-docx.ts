import type { TextBlock } from '../core/records.js';
import { describeError, rejectFile } from './ingest-failure.js';
import type { LoadedContent } from './loaded-content.js';
import { StructuredTextBuilder, type StructuredText } from './structured-text.js';
import { walkHtmlDocument } from './walk-html.js';

/**
 * Reads a Word (.docx) file: mammoth turns its paragraphs, heading styles, lists and tables into HTML, which
 * is walked like any HTML file; the text is the blocks' text joined by blank lines, the title the first
 * level-1 heading. mammoth is loaded only when a .docx file is met. Throws a `corrupt` rejection when the file
 * is not a readable Word document.
 */
export async function loadDocx(bytes: Uint8Array): Promise<LoadedContent> {
  let html: string;
  try {
    const mammoth = (await import('mammoth')).default;
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
  } catch (error) {
    throw rejectFile('corrupt', `not a readable Word document (${describeError(error)})`, error);
  }
  const builder = new StructuredTextBuilder(html);
  walkHtmlDocument(html, builder);
  const compact = compactBlocks(builder.build());
  return { ...compact, title: compact.headings.find((heading) => heading.level === 1)?.text ?? null, date: null };
}

/** Keeps only the blocks' text of a walked document, one blank line between blocks, offsets moved with it. */
export function compactBlocks(structured: StructuredText): { text: string; blocks: TextBlock[]; links: StructuredText['links']; headings: StructuredText['headings'] } {
  let text = '';
  const blocks: TextBlock[] = [];
  const moves: Array<{ from: number; to: number; shift: number }> = [];
  for (const block of structured.blocks) {
    if (text !== '') text += '\n\n';
    const start = text.length;
    text += structured.text.slice(block.start, block.end);
    blocks.push({ ...block, start, end: text.length });
    moves.push({ from: block.start, to: block.end, shift: start - block.start });
  }
  const links = structured.links.flatMap((link) => {
    const move = moves.find((item) => link.start >= item.from && link.end <= item.to);
    return move ? [{ ...link, start: link.start + move.shift, end: link.end + move.shift }] : [];
  });
  return { text, blocks, links, headings: structured.headings };
}
