import type { Chunk } from '../core/records.js';

/** A chunk's kind, section path and page as both stores keep them: '' and 0 stand for "absent". */
export interface ChunkStructureColumns {
  kind: string;
  section: string;
  page: number;
}

/** The stored form of a chunk's structure: prose, no section and no page are written as '', '' and 0. */
export function encodeChunkStructure(chunk: Pick<Chunk, 'kind' | 'section' | 'page'>): ChunkStructureColumns {
  return { kind: chunk.kind === undefined || chunk.kind === 'prose' ? '' : chunk.kind, section: chunk.section ?? '', page: chunk.page ?? 0 };
}

/** Reads stored structure columns back (null for a row written before they existed): only what is present is set. */
export function decodeChunkStructure(kind: unknown, section: unknown, page: unknown): Pick<Chunk, 'kind' | 'section' | 'page'> {
  const pageNumber = page === null || page === undefined ? 0 : Number(page);
  return {
    ...(kind === 'code' || kind === 'table' ? { kind } : {}),
    ...sectionOf(section),
    ...(Number.isInteger(pageNumber) && pageNumber > 0 ? { page: pageNumber } : {}),
  };
}

/** A stored section column as a record's optional `section` (absent when empty or null). */
export function sectionOf(section: unknown): { section?: string } {
  return typeof section === 'string' && section !== '' ? { section } : {};
}
