import { SECTION_SEPARATOR, type Chunk, type Citation, type Span } from '../core/records.js';

/** What a chunk citation needs to know of the chunk and its document. */
export interface CitableChunk extends Pick<Chunk, 'id' | 'section' | 'page'> {
  documentTitle: string;
  documentPath: string;
}

/**
 * The citation of a chunk: labelled with its document's title, then its section path (without a first
 * heading that only repeats the title) and its PDF page — "Guide › Configuration › Vector store",
 * "Annual report, page 3".
 */
export function citeChunk(chunk: CitableChunk, span: Span): Citation {
  return {
    kind: 'chunk',
    id: chunk.id,
    label: formatSourceLabel(chunk.documentTitle, chunk.section, chunk.page),
    path: chunk.documentPath,
    span,
    ...(chunk.section === undefined ? {} : { section: chunk.section }),
    ...(chunk.page === undefined ? {} : { page: chunk.page }),
  };
}

/** A document title with the section path and page of a passage; the title alone when it has neither. */
export function formatSourceLabel(title: string, section: string | undefined, page: number | undefined): string {
  const headings = section === undefined ? [] : section.split(SECTION_SEPARATOR);
  if (headings[0] !== undefined && headings[0].toLowerCase() === title.toLowerCase()) headings.shift();
  const withSection = headings.length > 0 ? [title, ...headings].join(SECTION_SEPARATOR) : title;
  return page === undefined ? withSection : `${withSection}, page ${page}`;
}
