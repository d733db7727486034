import type { Community, MergeRecord, SourceDocument } from '../core/records.js';
import type { Held } from '../core/held.js';
import type { GraphProjection, GraphStore, IndexWrite, StoredChunk, StoredLayer } from '../graph/store.js';
import { retractStoredFacts } from './document-recordings.js';

/** What the store stage writes, before the facts it retracts are worked out. */
export interface StoreInputs {
  storedDocumentCount: number;
  rewrittenIds: string[];
  removedIds: string[];
  erase: boolean;
  documents: SourceDocument[];
  chunks: StoredChunk[];
  updatedExtractions: IndexWrite['updatedExtractions'];
  graph: GraphProjection;
  merges: MergeRecord[];
  communities: Community[];
  storedLayer: StoredLayer;
}

/** Works out what the write retracts, then writes, handing the write on without keeping it (see Held). */
export async function storeRun(store: GraphStore, toStore: Held<StoreInputs>, startedAt: string, signal: AbortSignal | undefined): Promise<void> {
  // The records are read only inside the plain functions below: a value an async function handles stays in its frame while it waits.
  const history = await retractedHistoryOf(store, toStore, startedAt);
  await writeTaken(store, toStore, history, signal);
}

function retractedHistoryOf(store: GraphStore, toStore: Held<StoreInputs>, startedAt: string): ReturnType<typeof retractStoredFacts> {
  const inputs = toStore.value;
  return retractStoredFacts(store, inputs.storedDocumentCount, { rewritten: inputs.rewrittenIds, removed: inputs.removedIds, erase: inputs.erase }, inputs.graph.relations, startedAt, inputs.storedLayer.graph);
}

function writeTaken(store: GraphStore, toStore: Held<StoreInputs>, history: Awaited<ReturnType<typeof retractStoredFacts>>, signal: AbortSignal | undefined): Promise<void> {
  return store.writeIndex(indexWriteOf(toStore.take(), history), signal ? { signal } : {});
}

function indexWriteOf(inputs: StoreInputs, history: Awaited<ReturnType<typeof retractStoredFacts>>): IndexWrite {
  return {
    removedDocumentIds: inputs.removedIds,
    documents: inputs.documents,
    chunks: inputs.chunks,
    updatedExtractions: inputs.updatedExtractions,
    graph: inputs.graph,
    merges: inputs.merges,
    communities: inputs.communities,
    retractedFacts: history.retractedFacts,
    ...(history.eraseRetractedFacts.length > 0 ? { eraseRetractedFacts: history.eraseRetractedFacts } : {}),
    ...(history.previous ? { storedLayer: { graph: history.previous, communities: inputs.storedLayer.communities } } : {}),
  };
}
