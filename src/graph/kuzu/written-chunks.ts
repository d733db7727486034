import { decodeChunkStructure, encodeChunkStructure } from '../chunk-structure-columns.js';
import type { IndexWrite, StoredChunk } from '../store.js';

/**
 * The chunks a store holds, followed through its own writes so that an index run in the same
 * process need not read them all back (about a tenth of a one-document run on a thousand
 * documents). It knows them only after a whole read, and forgets them on any change it does not
 * follow (a failed write, a schema change): then the next run reads again.
 */
export class WrittenChunks {
  private byId: Map<string, StoredChunk> | null = null;

  /** Starts from a whole read of the chunk table. */
  rememberRead(chunks: readonly StoredChunk[]): void {
    this.byId = new Map(chunks.map((chunk) => [chunk.id, storedChunkOf(chunk)]));
  }

  /** Follows a write that landed: the replaced and removed documents' chunks go, the written ones come, refreshed extractions replace theirs. */
  followWrite(write: IndexWrite): void {
    if (this.byId === null) return;
    const replaced = new Set([...write.removedDocumentIds, ...write.documents.map((document) => document.id)]);
    for (const [id, chunk] of this.byId) if (replaced.has(chunk.documentId)) this.byId.delete(id);
    for (const chunk of write.chunks) this.byId.set(chunk.id, storedChunkOf(chunk));
    for (const update of write.updatedExtractions) {
      const chunk = this.byId.get(update.chunkId);
      if (chunk) this.byId.set(update.chunkId, { ...chunk, extraction: update.extraction, extractionKey: update.extractionKey });
    }
  }

  forget(): void {
    this.byId = null;
  }

  /** Every chunk as a read gives it (in no particular order), as records of the caller's own; null when not known. */
  current(): StoredChunk[] | null {
    return this.byId === null ? null : [...this.byId.values()].map((chunk) => ({ ...chunk }));
  }
}

/**
 * A chunk in the form listChunks reads it back: the stored fields only, structure as its columns
 * decode. The extraction is the written object (extractions are never changed once made); stored as
 * its JSON, it reads back as an equal value.
 */
function storedChunkOf(chunk: StoredChunk): StoredChunk {
  const structure = encodeChunkStructure(chunk);
  return {
    id: chunk.id,
    documentId: chunk.documentId,
    index: chunk.index,
    text: chunk.text,
    start: chunk.start,
    end: chunk.end,
    tokenCount: chunk.tokenCount,
    ...decodeChunkStructure(structure.kind, structure.section, structure.page),
    extraction: chunk.extraction ?? null,
    extractionKey: chunk.extractionKey ?? '',
  };
}
