import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { describeError, rejectFile } from './ingest-failure.js';
import type { LoadedContent } from './loaded-content.js';
import { normaliseText } from './normalise-text.js';
import { parseDate } from './parse-date.js';

/**
 * Extracts the text of a PDF (pages joined by a blank line), its `Title` and its `CreationDate` as an ISO date.
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
    const text = normaliseText(pages.map((page) => page.trim()).filter((page) => page !== '').join('\n\n'));
    if (text.trim() === '') {
      throw rejectFile('no-text', 'the PDF has no extractable text (scanned images need OCR first)');
    }
    const { info } = await getMeta(document);
    const title = typeof info['Title'] === 'string' && info['Title'].trim() !== '' ? info['Title'] : firstLine(text);
    const creationDate: unknown = info['CreationDate'];
    return { text, title, date: typeof creationDate === 'string' ? parsePdfDate(creationDate) : null };
  } finally {
    await document.destroy();
  }
}

/** Reads a PDF date string (`D:YYYYMMDDHHmmSS…`) as the ISO date it states, without time-zone shift. */
export function parsePdfDate(value: string): string | null {
  const match = /^(?:D:)?(\d{4})(\d{2})(\d{2})/.exec(value.trim());
  return match ? parseDate(`${match[1]}-${match[2]}-${match[3]}`) : parseDate(value);
}

function firstLine(text: string): string | null {
  return text.split('\n').find((line) => line.trim() !== '')?.trim() ?? null;
}
