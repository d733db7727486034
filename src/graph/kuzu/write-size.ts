import type { IndexWrite } from '../store.js';

/** Bytes a row carries besides its long text fields (ids, numbers, quoting), as staged for COPY. */
const ROW_OVERHEAD_BYTES = 120;
/** A chunk's extraction is stored deflated (extraction-column.ts): about this share of its JSON. */
const DEFLATED_SHARE = 0.125;
/** JSON of an extracted entity or relation besides its evidence text. */
const EXTRACTED_ITEM_JSON_BYTES = 150;

/**
 * About how many bytes a bulk write stages for Kuzu's COPY (the CSV files of every table): the long
 * text fields counted exactly, the rest by a per-row allowance. It sizes the buffer pool an `auto`
 * store writes with (see bufferPoolForWrite); it is not exact and need not be.
 */
export function estimateWriteBytes(write: IndexWrite): number {
  let bytes = 0;
  for (const document of write.documents) bytes += document.text.length + document.path.length + document.title.length + ROW_OVERHEAD_BYTES;
  for (const chunk of write.chunks) {
    bytes += chunk.text.length + 2 * ROW_OVERHEAD_BYTES;
    const extraction = chunk.extraction;
    if (!extraction) continue;
    let json = extraction.entities.length * EXTRACTED_ITEM_JSON_BYTES;
    for (const relation of extraction.relations) json += relation.evidence.length + EXTRACTED_ITEM_JSON_BYTES;
    bytes += json * DEFLATED_SHARE;
  }
  for (const entity of write.graph.entities) {
    bytes += 2 * entity.name.length + entity.description.length + ROW_OVERHEAD_BYTES;
    for (const alias of entity.aliases) bytes += 2 * alias.length;
  }
  for (const relation of write.graph.relations) bytes += relation.evidence.length + relation.id.length + relation.chunkId.length + relation.documentId.length + ROW_OVERHEAD_BYTES;
  bytes += write.graph.mentions.length * ROW_OVERHEAD_BYTES;
  for (const community of write.communities) bytes += JSON.stringify(community.report).length + (community.memberIds.length + 1) * ROW_OVERHEAD_BYTES;
  return bytes;
}
