import { RhizomeError } from '../errors/rhizome-error.js';
import type { IndexWrite } from './store.js';

/**
 * Checks that every link of an index write points at something the store will hold after it:
 * relation and community endpoints among the written entities, mentions among the written
 * entities and the chunks kept or written, chunks among the written documents. Run before any
 * write, so bad data never reaches the database.
 */
export function validateIndexWrite(write: IndexWrite, storedChunkIds: Iterable<string>, chunkDocumentIds: Map<string, string>): void {
  const fail = (message: string) => {
    throw new RhizomeError('STORE_FAILED', `index write rejected before any change: ${message}`);
  };
  const entities = new Set(write.graph.entities.map((entity) => entity.id));
  const replaced = new Set([...write.removedDocumentIds, ...write.documents.map((document) => document.id)]);
  const chunks = new Set([...storedChunkIds].filter((id) => !replaced.has(chunkDocumentIds.get(id) ?? '')));
  for (const chunk of write.chunks) chunks.add(chunk.id);
  const documents = new Set(write.documents.map((document) => document.id));
  for (const chunk of write.chunks) if (!documents.has(chunk.documentId)) fail(`chunk ${chunk.id} belongs to document ${chunk.documentId}, which is not written`);
  for (const relation of write.graph.relations) {
    if (!entities.has(relation.sourceId) || !entities.has(relation.targetId)) fail(`relation ${relation.id} (${relation.type}) names an entity that is not written`);
  }
  for (const mention of write.graph.mentions) {
    if (!entities.has(mention.entityId) || !chunks.has(mention.chunkId)) fail(`mention of ${mention.entityId} in ${mention.chunkId} points at a missing entity or chunk`);
  }
  for (const community of write.communities) {
    for (const member of community.memberIds) if (!entities.has(member)) fail(`community ${community.id} lists ${member}, which is not written`);
  }
  for (const update of write.updatedExtractions) if (!chunks.has(update.chunkId)) fail(`extraction update for unknown chunk ${update.chunkId}`);
}
