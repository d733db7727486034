import type { GraphStore } from './store.js';
import { ReadWriteGate } from './read-write-gate.js';
import { Held } from '../core/held.js';

/**
 * The store shared by concurrent callers of one Rhizome (a server indexing while it answers):
 * reads run together; writes run alone, and so do read-only Cypher probes, which open their own
 * transaction (on Kuzu's single connection a transaction begun during a write aborts that write).
 * Queries therefore keep working during an index run and wait only while its atomic write runs.
 */
export function gateStore(store: GraphStore): GraphStore {
  const gate = new ReadWriteGate();
  const read = <T>(work: () => Promise<T>) => gate.read(work);
  const write = <T>(work: () => Promise<T>) => gate.write(work);
  const { writeVectors, searchVectors, vectorState, readStoredLayer, readStoredChunks } = store;
  return {
    capabilities: store.capabilities,
    ensureSchema: (schema) => write(() => store.ensureSchema(schema)),
    listDocuments: () => read(() => store.listDocuments()),
    listChunks: () => read(() => store.listChunks()),
    listChunkTexts: () => read(() => store.listChunkTexts()),
    listChunkDocuments: () => read(() => store.listChunkDocuments()),
    writeIndex: (index, options) => {
      // Handed on held: the gate keeps its work until the write ends, and a large write is let go of part-way (see KuzuGraphStore.writeIndex).
      const held = new Held(index);
      return write(() => store.writeIndex(held.take(), options));
    },
    invalidateRelations: (invalidations) => write(() => store.invalidateRelations(invalidations)),
    searchChunks: (query, limit) => read(() => store.searchChunks(query, limit)),
    searchEntities: (query, limit) => read(() => store.searchEntities(query, limit)),
    getChunks: (ids) => read(() => store.getChunks(ids)),
    loadProjection: () => read(() => store.loadProjection()),
    loadEntityMentions: () => read(() => store.loadEntityMentions()),
    listRelations: () => read(() => store.listRelations()),
    findRelations: (selection) => read(() => store.findRelations(selection)),
    relationsTouching: (entities) => read(() => store.relationsTouching(entities)),
    forEachRelation: (visit) => read(() => store.forEachRelation(visit)),
    forEachRelationEdge: (visit) => read(() => store.forEachRelationEdge(visit)),
    listRetractedFacts: () => read(() => store.listRetractedFacts()),
    listMerges: () => read(() => store.listMerges()),
    listCommunities: () => read(() => store.listCommunities()),
    runReadOnlyCypher: (query, parameters, limits) => write(() => store.runReadOnlyCypher(query, parameters, limits)),
    counts: () => read(() => store.counts()),
    countNodes: (label) => read(() => store.countNodes(label)),
    derivedFiles: () => read(() => store.derivedFiles()),
    ...(readStoredChunks ? { readStoredChunks: () => read(() => readStoredChunks.call(store)) } : {}),
    ...(readStoredLayer ? { readStoredLayer: () => read(() => readStoredLayer.call(store)) } : {}),
    ...(writeVectors ? { writeVectors: (kind, vectors, model, keepIds) => write(() => writeVectors.call(store, kind, vectors, model, keepIds)) } : {}),
    ...(searchVectors ? { searchVectors: (kind, vector, limit) => read(() => searchVectors.call(store, kind, vector, limit)) } : {}),
    ...(vectorState ? { vectorState: () => read(() => vectorState.call(store)) } : {}),
    getMeta: (key) => read(() => store.getMeta(key)),
    setMeta: (key, value) => write(() => store.setMeta(key, value)),
    close: () => write(() => store.close()),
  };
}
