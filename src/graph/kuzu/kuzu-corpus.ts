import type { SourceDocument } from '../../core/records.js';
import { encodeChunkStructure } from '../chunk-structure-columns.js';
import type { IndexWrite, StoredChunk } from '../store.js';
import { bulkCopy, runAfterCopies } from './kuzu-bulk-copy.js';
import { deleteNodesWithRelations } from './kuzu-delete-nodes.js';
import { encodeDeflatedJson } from './deflated-json-column.js';
import { searchableText } from './kuzu-fts-indexes.js';
import type { KuzuConnection, KuzuParameter } from './kuzu-connection.js';

/** Writes the document layer of an index run: deletions, new documents and chunks, refreshed extractions. */
export async function writeCorpus(connection: KuzuConnection, write: IndexWrite): Promise<void> {
  const replaced = [...new Set([...write.removedDocumentIds, ...write.documents.map((document) => document.id)])];
  if (replaced.length > 0) {
    const chunks = await connection.run('MATCH (c:Chunk) WHERE c.documentId IN $ids RETURN c.id AS id', { ids: replaced as KuzuParameter });
    await deleteNodesWithRelations(connection, 'Chunk', chunks.map((row) => String(row.id)));
    await deleteNodesWithRelations(connection, 'Document', replaced);
  }
  await bulkCopy<SourceDocument>(connection, 'Document', [
    { kind: 'string', value: (document) => document.id },
    { kind: 'string', value: (document) => document.path },
    { kind: 'string', value: (document) => document.format },
    { kind: 'string', value: (document) => document.title },
    { kind: 'nullable-string', value: (document) => document.date },
    { kind: 'string', value: (document) => document.language },
    { kind: 'string', value: (document) => document.contentHash },
    { kind: 'int', value: (document) => document.byteSize },
    { kind: 'string', value: (document) => document.text },
    { kind: 'nullable-string', value: (document) => document.recordedAt ?? null },
  ], write.documents);
  await bulkCopy<StoredChunk>(connection, 'Chunk', [
    { kind: 'string', value: (chunk) => chunk.id },
    { kind: 'string', value: (chunk) => chunk.documentId },
    { kind: 'int', value: (chunk) => chunk.index },
    { kind: 'string', value: (chunk) => chunk.text },
    { kind: 'int', value: (chunk) => chunk.start },
    { kind: 'int', value: (chunk) => chunk.end },
    { kind: 'int', value: (chunk) => chunk.tokenCount },
    { kind: 'string', value: (chunk) => encodeDeflatedJson(chunk.extraction) },
    { kind: 'string', value: (chunk) => chunk.extractionKey },
    { kind: 'string', value: (chunk) => encodeChunkStructure(chunk).kind },
    { kind: 'string', value: (chunk) => encodeChunkStructure(chunk).section },
    { kind: 'int', value: (chunk) => encodeChunkStructure(chunk).page },
    { kind: 'string', value: (chunk) => searchableText(chunk.text) },
  ], write.chunks);
  await bulkCopy<StoredChunk>(connection, 'HAS_CHUNK', [
    { kind: 'string', value: (chunk) => chunk.documentId },
    { kind: 'string', value: (chunk) => chunk.id },
  ], write.chunks, { from: 'Document', to: 'Chunk' });
  for (const update of write.updatedExtractions) {
    // After the chunk COPY, even when it is staged: an update may name a chunk this write loads.
    await runAfterCopies(connection, 'MATCH (c:Chunk {id: $id}) SET c.extraction = $extraction, c.extractionKey = $key', {
      id: update.chunkId,
      extraction: encodeDeflatedJson(update.extraction),
      key: update.extractionKey,
    });
  }
}
