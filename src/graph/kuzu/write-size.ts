import type { IndexWrite } from '../store.js';

/** Bytes a row carries besides its long text fields (ids, numbers, quoting), as staged for COPY. */
const ROW_OVERHEAD_BYTES = 120;
/** A chunk's extraction and a community's report are stored deflated (deflated-json-column.ts): about this share of their JSON. */
const DEFLATED_SHARE = 0.125;
/** JSON of an extracted entity or relation besides its evidence text. */
const EXTRACTED_ITEM_JSON_BYTES = 150;

/** Bytes a whole rewrite stages for Kuzu's COPY: in all, and in its largest single COPY. */
export interface WriteSize {
  totalBytes: number;
  largestCopyBytes: number;
}

/**
 * About how many bytes a whole rewrite stages, in all and in its largest single COPY (a table, or
 * one endpoint pair of a relation table, as kuzu-entity-layer.ts groups them): the long text fields
 * counted exactly, the rest by a per-row allowance. It sizes the buffer pool an `auto` store writes
 * with (see bufferPoolForWrite); it is not exact and need not be.
 */
export function estimateWriteSize(write: IndexWrite): WriteSize {
  const bytesByCopy = new Map<string, number>();
  const add = (copy: string, bytes: number) => bytesByCopy.set(copy, (bytesByCopy.get(copy) ?? 0) + bytes);
  for (const document of write.documents) add('Document', document.text.length + document.path.length + document.title.length + ROW_OVERHEAD_BYTES);
  // The text twice: as written and as its full-text index reads it (searchText).
  for (const chunk of write.chunks) add('Chunk', 2 * chunk.text.length + ROW_OVERHEAD_BYTES + extractionBytes(chunk.extraction));
  const typeOf = new Map<string, string>();
  for (const entity of write.graph.entities) {
    typeOf.set(entity.id, entity.type);
    // The name three times (its column and twice in aliasText), each alias twice.
    let bytes = 3 * entity.name.length + entity.description.length + ROW_OVERHEAD_BYTES;
    for (const alias of entity.aliases) bytes += 2 * alias.length;
    add(`entity ${entity.type}`, bytes);
  }
  for (const relation of write.graph.relations) {
    add(`${relation.type} ${typeOf.get(relation.sourceId)} ${typeOf.get(relation.targetId)}`, relation.evidence.length + relation.id.length + relation.chunkId.length + relation.documentId.length + ROW_OVERHEAD_BYTES);
  }
  for (const mention of write.graph.mentions) add(`mentions ${typeOf.get(mention.entityId)}`, ROW_OVERHEAD_BYTES);
  for (const community of write.communities) add('Community', JSON.stringify(community.report).length * DEFLATED_SHARE + ROW_OVERHEAD_BYTES);
  let totalBytes = 0;
  let largestCopyBytes = 0;
  for (const bytes of bytesByCopy.values()) {
    totalBytes += bytes;
    largestCopyBytes = Math.max(largestCopyBytes, bytes);
  }
  return { totalBytes, largestCopyBytes };
}

/** The deflated JSON of a chunk's extraction, estimated from its evidence text and item counts. */
function extractionBytes(extraction: IndexWrite['chunks'][number]['extraction']): number {
  if (!extraction) return 0;
  let json = extraction.entities.length * EXTRACTED_ITEM_JSON_BYTES;
  for (const relation of extraction.relations) json += relation.evidence.length + EXTRACTED_ITEM_JSON_BYTES;
  return json * DEFLATED_SHARE;
}
