import { encodeChunkStructure } from '../chunk-structure-columns.js';
import type { IndexWrite } from '../store.js';
import { toSearchText } from './full-text-query.js';
import { BATCH_ROWS, writeInBatches } from './neo4j-batch-write.js';
import type { StatementRunner } from './neo4j-connection.js';

const CREATE_DOCUMENTS = `UNWIND $rows AS row
CREATE (:Document {id: row.id, path: row.path, format: row.format, title: row.title, date: row.date, language: row.language,
  contentHash: row.contentHash, byteSize: toInteger(row.byteSize), text: row.text, recordedAt: row.recordedAt})
RETURN count(*) AS written`;

const CREATE_CHUNKS = `UNWIND $rows AS row
MATCH (d:Document {id: row.documentId})
CREATE (d)-[:HAS_CHUNK]->(:Chunk {id: row.id, documentId: row.documentId, chunkIndex: toInteger(row.chunkIndex), text: row.text,
  startOffset: toInteger(row.startOffset), endOffset: toInteger(row.endOffset), tokenCount: toInteger(row.tokenCount),
  extraction: row.extraction, extractionKey: row.extractionKey, searchText: row.searchText,
  kind: row.kind, section: row.section, page: toInteger(row.page)})
RETURN count(*) AS written`;

/** Writes the document layer of an index run inside the caller's transaction: deletions, new documents and chunks, refreshed extractions. */
export async function writeCorpus(runner: StatementRunner, write: IndexWrite): Promise<void> {
  const replaced = [...new Set([...write.removedDocumentIds, ...write.documents.map((document) => document.id)])];
  if (replaced.length > 0) {
    await runner.run('UNWIND $ids AS id MATCH (d:Document {id: id}) OPTIONAL MATCH (d)-[:HAS_CHUNK]->(c:Chunk) DETACH DELETE c, d', { ids: replaced });
  }
  await writeInBatches(runner, CREATE_DOCUMENTS, write.documents.map((document) => ({ ...document, recordedAt: document.recordedAt ?? null })), 'documents');
  await writeInBatches(
    runner,
    CREATE_CHUNKS,
    write.chunks.map((chunk) => ({
      id: chunk.id,
      documentId: chunk.documentId,
      chunkIndex: chunk.index,
      text: chunk.text,
      searchText: toSearchText(chunk.text),
      startOffset: chunk.start,
      endOffset: chunk.end,
      tokenCount: chunk.tokenCount,
      extraction: chunk.extraction ? JSON.stringify(chunk.extraction) : '',
      extractionKey: chunk.extractionKey,
      ...encodeChunkStructure(chunk),
    })),
    'chunks',
  );
  if (write.updatedExtractions.length > 0) {
    const rows = write.updatedExtractions.map((update) => ({ id: update.chunkId, extraction: JSON.stringify(update.extraction), key: update.extractionKey }));
    for (let offset = 0; offset < rows.length; offset += BATCH_ROWS) {
      await runner.run('UNWIND $rows AS row MATCH (c:Chunk {id: row.id}) SET c.extraction = row.extraction, c.extractionKey = row.key', { rows: rows.slice(offset, offset + BATCH_ROWS) });
    }
  }
}
