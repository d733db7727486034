import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import type { TextBlock } from '../core/records.js';
import { describeError, rejectFile } from './ingest-failure.js';
import type { LoadedContent } from './loaded-content.js';
import { normaliseText } from './normalise-text.js';
import { parseDate } from './parse-date.js';

/**
 * Extracts the text of a PDF (pages joined by a blank line, one block per page that holds text, numbered from 1),
 * its `Title` and its `CreationDate` as an ISO date.
 * Throws a `corrupt` rejection when PDF.js cannot open the file and a `no-text` one when no page holds text
 * (a scanned PDF needs OCR first); the title falls back to the first line of text.
 */
export async function loadPdf(bytes: Uint8Array): Promise<LoadedContent> {
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // PDF.js may transfer the buffer it receives, so it gets a copy.
    document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false });
  } catch (error) {
    throw rejectFile('corrupt', `not a readable PDF (${describeError(error)})`, error);
  }
  try {
    const { text: pages } = await extractText(document, { mergePages: false });
    const { text, blocks } = joinPages(pages);
    if (text.trim() === '') {
      throw rejectFile('no-text', 'the PDF has no extractable text (scanned images need OCR first)');
    }
    const { info } = await getMeta(document);
    const title = typeof info['Title'] === 'string' && info['Title'].trim() !== '' ? info['Title'] : firstLine(text);
    const creationDate: unknown = info['CreationDate'];
    return { text, title, date: typeof creationDate === 'string' ? parsePdfDate(creationDate) : null, blocks };
  } finally {
    await document.destroy();
  }
}

/** Joins the pages that hold text with a blank line; each becomes a block that remembers its page number. */
function joinPages(pages: string[]): { text: string; blocks: TextBlock[] } {
  const blocks: TextBlock[] = [];
  let text = '';
  pages.forEach((page, index) => {
    const pageText = normaliseText(page).trim();
    if (pageText === '') return;
    if (text !== '') text += '\n\n';
    blocks.push({ kind: 'paragraph', start: text.length, end: text.length + pageText.length, section: [], page: index + 1 });
    text += pageText;
  });
  return { text, blocks };
}

/** Reads a PDF date string (`D:YYYYMMDDHHmmSS…`) as the ISO date it states, without time-zone shift. */
export function parsePdfDate(value: string): string | null {
  const match = /^(?:D:)?(\d{4})(\d{2})(\d{2})/.exec(value.trim());
  return match ? parseDate(`${match[1]}-${match[2]}-${match[3]}`) : parseDate(value);
}

function firstLine(text: string): string | null {
  return text.split('\n').find((line) => line.trim() !== '')?.trim() ?? null;
}
