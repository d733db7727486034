import { stableId } from '../core/ids.js';
import type { Chunk, SourceDocument } from '../core/records.js';
import type { TextWindow } from './pack-text-units.js';

/** The chunk record of one window; its id depends on the document, its index and its offsets. */
export function buildChunk(document: SourceDocument, index: number, window: TextWindow, structure: Pick<Chunk, 'kind' | 'section' | 'page'> = {}): Chunk {
  return {
    id: stableId('chunk', document.id, index, window.start, window.end),
    documentId: document.id,
    index,
    text: document.text.slice(window.start, window.end),
    start: window.start,
    end: window.end,
    tokenCount: window.tokenCount,
    ...structure,
  };
}
