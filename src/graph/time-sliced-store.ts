import { hiddenDocumentIds, sliceProjection, type TimeSlice } from '../history/time-slice.js';
import type { GraphStore } from './store.js';

/**
 * A read view of a store in time (see TimeSlice): the projection holds the facts of the slice
 * (with `knownAt`, retracted facts still stored then among them), and documents the slice hides
 * (dated after `writtenBy`, recorded after `knownAt`) are out of listings, searches and chunk
 * lookups. Writes go to the store unchanged.
 */
export function timeSlicedStore(store: GraphStore, slice: TimeSlice): GraphStore {
  let hidden: Promise<{ all: Set<string>; byDate: Set<string> }> | null = null;
  const hiddenSets = () => (hidden ??= store.listDocuments().then((documents) => ({ all: hiddenDocumentIds(documents, slice), byDate: hiddenDocumentIds(documents, slice.writtenBy === undefined ? {} : { writtenBy: slice.writtenBy }) })));
  const hiddenDocuments = async () => (await hiddenSets()).all;
  const chunkDocuments = async () => new Map((await store.listChunkDocuments()).map((chunk) => [chunk.id, chunk.documentId]));
  const { writeVectors, searchVectors, vectorState } = store;
  const slicedProjection = async () => {
    const { all, byDate } = await hiddenSets();
    return sliceProjection(await store.loadProjection(), slice, {
      hiddenDocuments: all,
      hiddenFactDocuments: slice.knownAt === undefined ? all : byDate,
      chunkDocuments: all.size > 0 ? await chunkDocuments() : new Map(),
      retracted: slice.knownAt === undefined ? [] : await store.listRetractedFacts(),
    });
  };
  return {
    capabilities: store.capabilities,
    ensureSchema: (schema) => store.ensureSchema(schema),
    listDocuments: async () => {
      const documents = await store.listDocuments();
      const hiddenIds = await hiddenDocuments();
      return documents.filter((document) => !hiddenIds.has(document.id));
    },
    listChunks: async () => {
      const hiddenIds = await hiddenDocuments();
      return (await store.listChunks()).filter((chunk) => !hiddenIds.has(chunk.documentId));
    },
    listChunkTexts: async () => {
      const hiddenIds = await hiddenDocuments();
      return (await store.listChunkTexts()).filter((chunk) => !hiddenIds.has(chunk.documentId));
    },
    listChunkDocuments: async () => {
      const hiddenIds = await hiddenDocuments();
      return (await store.listChunkDocuments()).filter((chunk) => !hiddenIds.has(chunk.documentId));
    },
    searchChunks: async (query, limit) => {
      const hiddenIds = await hiddenDocuments();
      if (hiddenIds.size === 0) return store.searchChunks(query, limit);
      const owners = await chunkDocuments();
      const hits = await store.searchChunks(query, limit + hiddenIds.size * 4);
      return hits.filter((hit) => !hiddenIds.has(owners.get(hit.id) ?? '')).slice(0, limit);
    },
    getChunks: async (ids) => {
      const hiddenIds = await hiddenDocuments();
      return (await store.getChunks(ids)).filter((chunk) => !hiddenIds.has(chunk.documentId));
    },
    loadProjection: slicedProjection,
    // A slice is worked out on the whole layer (what was believed, which mentions its documents hide): its parts come from it.
    loadEntityMentions: async () => {
      const { entities, mentions } = await slicedProjection();
      return { entities, mentions };
    },
    listRelations: async () => (await slicedProjection()).relations,
    findRelations: async ({ ids, chunkIds }) => {
      const [idSet, chunkSet] = [new Set(ids), new Set(chunkIds)];
      return (await slicedProjection()).relations.filter((relation) => idSet.has(relation.id) || chunkSet.has(relation.chunkId));
    },
    relationsTouching: async (entities) => {
      const ends = new Set(entities.map((entity) => entity.id));
      return (await slicedProjection()).relations.filter((relation) => ends.has(relation.sourceId) || ends.has(relation.targetId));
    },
    // Each relation handed on is a copy: the visitor's to keep or change.
    forEachRelation: async (visit) => {
      for (const relation of (await slicedProjection()).relations) visit({ ...relation });
    },
    forEachRelationEdge: async (visit) => {
      for (const { id, sourceId, targetId, evidence, chunkId, start, end, weight, validFrom } of (await slicedProjection()).relations) visit({ id, sourceId, targetId, evidence, chunkId, start, end, weight, validFrom });
    },
    listRetractedFacts: () => store.listRetractedFacts(),
    writeIndex: (write, options) => store.writeIndex(write, options),
    invalidateRelations: (invalidations) => store.invalidateRelations(invalidations),
    searchEntities: (query, limit) => store.searchEntities(query, limit),
    listMerges: () => store.listMerges(),
    listCommunities: () => store.listCommunities(),
    runReadOnlyCypher: (query, parameters, limits) => store.runReadOnlyCypher(query, parameters, limits),
    counts: () => store.counts(),
    countNodes: (label) => store.countNodes(label),
    // What is derived from the whole layer is not the slice's.
    derivedFiles: async () => null,
    ...(writeVectors ? { writeVectors: (kind, vectors, model, keepIds) => writeVectors.call(store, kind, vectors, model, keepIds) } : {}),
    ...(searchVectors ? { searchVectors: (kind, vector, limit) => searchVectors.call(store, kind, vector, limit) } : {}),
    ...(vectorState ? { vectorState: () => vectorState.call(store) } : {}),
    getMeta: (key) => store.getMeta(key),
    setMeta: (key, value) => store.setMeta(key, value),
    close: async () => undefined,
  };
}
