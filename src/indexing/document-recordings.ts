import type { Relation, RetractedFact, SourceDocument } from '../core/records.js';
import type { DocumentRecording } from '../extraction/resolution/resolve-graph.js';
import type { GraphProjection, GraphStore, StoredDocument, StoredLayer } from '../graph/store.js';
import { eraseDocuments, retractFacts } from '../history/retracted-facts.js';

/**
 * Stamps the documents a run writes with the run's start (transaction time) and returns, for
 * every document the index will hold, when its stored version was recorded and which version it
 * is (`storedDocuments`: those the store holds). Documents the run keeps unchanged keep the time their version was first recorded.
 */
export function recordDocumentVersions(storedDocuments: readonly StoredDocument[], toWrite: SourceDocument[], runStartedAt: string): { documents: SourceDocument[]; recordings: Map<string, DocumentRecording> } {
  const documents = toWrite.map((document) => ({ ...document, recordedAt: runStartedAt }));
  const recordings = new Map<string, DocumentRecording>();
  for (const stored of storedDocuments) recordings.set(stored.id, { version: stored.contentHash, date: stored.date, ...(stored.recordedAt ? { recordedAt: stored.recordedAt } : {}) });
  for (const document of documents) recordings.set(document.id, { version: document.contentHash, date: document.date, recordedAt: runStartedAt });
  return { documents, recordings };
}

/**
 * The stored entity layer and communities a run builds on: through the store's readStoredLayer when
 * it has one (it may answer from the layer it wrote last, without reading), else read.
 */
export async function readStoredLayer(store: GraphStore): Promise<StoredLayer> {
  return store.readStoredLayer ? store.readStoredLayer() : { graph: await store.loadProjection(), communities: await store.listCommunities() };
}

/**
 * The stored facts a run retracts when its write lands (see retractFacts): those of the documents
 * it rewrites or removes, and those the new entity layer drops or changes. They are kept, marked
 * with the run's start, so `knownAt` before it still sees them. With `erase` (removed documents to
 * leave no history), the removed documents' facts and every retracted fact quoting them are left
 * out, and the stored ones are listed for deletion. Nothing is read from an empty store (`storedDocumentCount` 0). Returns
 * the stored entity layer it compared with too (`previous`, null when the store is empty), for the write
 * to compare with: `stored` when the run has it already (see readStoredLayer), else read now.
 */
export async function retractStoredFacts(store: GraphStore, storedDocumentCount: number, change: { rewritten: readonly string[]; removed: readonly string[]; erase: boolean }, next: readonly Relation[], runStartedAt: string, stored?: GraphProjection): Promise<{ retractedFacts: RetractedFact[]; eraseRetractedFacts: string[]; previous: GraphProjection | null }> {
  if (storedDocumentCount === 0) return { retractedFacts: [], eraseRetractedFacts: [], previous: null };
  const previous = stored ?? await store.loadProjection();
  const retracted = retractFacts(previous, next, { replaced: new Set(change.rewritten), removed: new Set(change.removed) }, runStartedAt);
  if (!change.erase || change.removed.length === 0) return { retractedFacts: retracted, eraseRetractedFacts: [], previous };
  const erased = eraseDocuments(new Set(change.removed), previous.relations, await store.listRetractedFacts());
  return { retractedFacts: retracted.filter(erased.keeps), eraseRetractedFacts: erased.keys, previous };
}
