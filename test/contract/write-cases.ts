import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nodeTypeNames } from '../../src/config/graph-schema.js';
import type { GraphStore, StoreCounts } from '../../src/graph/store.js';
import type { Relation, RelationEdge } from '../../src/core/records.js';
import { CHUNKS, COMMUNITIES, CONTRACT_SCHEMA, DOCUMENTS, ENTITIES, fullWrite, MENTIONS, MERGES, OTHER_SCHEMA, RECUED_SCHEMA, RELATIONS, unchangedWrite } from './contract-fixture.js';
import type { ContractContext } from './graph-store-contract.js';

const STORED_DOCUMENTS = DOCUMENTS.map(({ text: _text, ...document }) => document).sort((left, right) => left.path.localeCompare(right.path));
const LOADED_COUNTS: StoreCounts = {
  documents: 3,
  chunks: 4,
  entities: 6,
  relations: 5,
  typedRelations: 4,
  mentions: 8,
  communities: 2,
  entitiesByType: { Person: 2, Project: 1, Product: 1, Organisation: 1, Concept: 1 },
  relationsByType: { LEADS: 2, USES: 1, SUPPLIES: 1, RELATED_TO: 1 },
};

/** Name of the atomicity case (a backend may declare a known defect against it). */
export const ATOMICITY_CASE = 'a write that fails midway leaves the previous state and the store usable';

function sortMentions<Mention extends { chunkId: string; entityId: string }>(mentions: Mention[]): Mention[] {
  return [...mentions].sort((left, right) => `${left.chunkId} ${left.entityId}`.localeCompare(`${right.chunkId} ${right.entityId}`));
}

/** Everything a workspace holds, to compare a store before and after an operation. */
async function snapshot(store: GraphStore) {
  const projection = await store.loadProjection();
  const chunks = await store.listChunks();
  return {
    documents: await store.listDocuments(),
    chunks,
    chunksWithSources: await store.getChunks(chunks.map((chunk) => chunk.id)),
    projection: { ...projection, mentions: sortMentions(projection.mentions) },
    merges: await store.listMerges(),
    communities: await store.listCommunities(),
    counts: await store.counts(),
    nodeCounts: [await store.countNodes('Document'), await store.countNodes('Chunk'), await store.countNodes('Community')],
  };
}

/** Schema setup, bulk writes, idempotence, removals, schema resets, atomicity and metadata. */
export function defineWriteCases({ openStore, freshWorkspace, withStore, withLoadedStore }: ContractContext): void {
  test('ensureSchema prepares an empty store and is idempotent', () =>
    withStore(async (store) => {
      assert.deepEqual(await store.ensureSchema(CONTRACT_SCHEMA), { reset: false });
      const counts = await store.counts();
      assert.deepEqual(counts, {
        documents: 0, chunks: 0, entities: 0, relations: 0, typedRelations: 0, mentions: 0, communities: 0,
        entitiesByType: Object.fromEntries(nodeTypeNames(CONTRACT_SCHEMA).map((type) => [type, 0])),
        relationsByType: { LEADS: 0, USES: 0, SUPPLIES: 0, RELATED_TO: 0 },
      });
      assert.deepEqual(await store.listDocuments(), []);
      assert.deepEqual(await store.loadProjection(), { entities: [], relations: [], mentions: [] });
      assert.ok(store.capabilities.fullTextSearch && store.capabilities.atomicWrites && store.capabilities.readOnlyCypher);
    }));

  test('countNodes counts one kind of node as counts() does, none in an empty store', async () => {
    await withStore(async (store) => {
      await store.ensureSchema(CONTRACT_SCHEMA);
      assert.deepEqual([await store.countNodes('Document'), await store.countNodes('Chunk'), await store.countNodes('Community')], [0, 0, 0]);
    });
    await withLoadedStore(async (store) => {
      const counts = await store.counts();
      assert.ok(counts.documents > 0 && counts.chunks > counts.documents);
      assert.deepEqual([await store.countNodes('Document'), await store.countNodes('Chunk'), await store.countNodes('Community')], [counts.documents, counts.chunks, counts.communities]);
    });
  });

  test('listChunkDocuments gives every chunk id with its document id, sorted by chunk id', () =>
    withLoadedStore(async (store) => {
      const expected = CHUNKS.map((chunk) => ({ id: chunk.id, documentId: chunk.documentId })).sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
      assert.deepEqual(await store.listChunkDocuments(), expected);
    }));

  test('listChunkTexts gives every chunk id, document id, start and text, in the order of listChunks', () =>
    withLoadedStore(async (store) => {
      const expected = (await store.listChunks()).map((chunk) => ({ id: chunk.id, documentId: chunk.documentId, start: chunk.start, text: chunk.text }));
      assert.equal(expected.length, CHUNKS.length);
      assert.deepEqual(await store.listChunkTexts(), expected);
    }));

  test('loadEntityMentions and listRelations give the parts of loadProjection, in its order', () =>
    withLoadedStore(async (store) => {
      const projection = await store.loadProjection();
      assert.ok(projection.entities.length > 0 && projection.relations.length > 0 && projection.mentions.length > 0);
      assert.deepEqual(await store.loadEntityMentions(), { entities: projection.entities, mentions: projection.mentions });
      assert.deepEqual(await store.listRelations(), projection.relations);
    }));

  test('findRelations gives the relations of the ids and chunks asked for, in the order of listRelations', () =>
    withLoadedStore(async (store) => {
      const relations = await store.listRelations();
      const [first, last] = [relations[0]!, relations[relations.length - 1]!];
      const expected = relations.filter((relation) => relation.id === last.id || relation.chunkId === first.chunkId);
      assert.ok(expected.length >= 2 && expected.length < relations.length);
      assert.deepEqual(await store.findRelations({ ids: [last.id, 'no-such-relation'], chunkIds: [first.chunkId] }), expected);
      assert.deepEqual(await store.findRelations({ ids: [last.id], chunkIds: [] }), [last]);
      assert.deepEqual(await store.findRelations({ ids: [], chunkIds: [first.chunkId] }), relations.filter((relation) => relation.chunkId === first.chunkId));
      assert.deepEqual(await store.findRelations({ ids: [], chunkIds: [] }), []);
    }));

  test('relationsTouching gives the relations with an end among the entities asked for, in the order of listRelations; forEachRelation and forEachRelationEdge visit every relation once', () =>
    withLoadedStore(async (store) => {
      const [relations, { entities }] = await Promise.all([store.listRelations(), store.loadEntityMentions()]);
      const touching = (ids: string[]) => relations.filter((relation) => ids.includes(relation.sourceId) || ids.includes(relation.targetId));
      // Each entity alone: its relations, whatever its type (node table) and end.
      for (const entity of entities) assert.deepEqual(await store.relationsTouching([entity]), touching([entity.id]), entity.id);
      // Entities of several types at once, with one that is not stored; a relation between two of them comes once.
      const first = relations[0]!;
      const ends = entities.filter((entity) => entity.id === first.sourceId || entity.id === first.targetId || entity.id === relations[relations.length - 1]!.targetId);
      assert.ok(new Set(ends.map((entity) => entity.type)).size >= 2);
      const expected = touching(ends.map((entity) => entity.id));
      assert.ok(expected.length >= 2 && expected.length < relations.length);
      assert.deepEqual(await store.relationsTouching([...ends, { id: 'no-such-entity', type: ends[0]!.type }]), expected);
      assert.deepEqual(await store.relationsTouching([]), []);
      const visited: typeof relations = [];
      await store.forEachRelation((relation) => visited.push(relation));
      assert.deepEqual(visited.sort((left, right) => left.id.localeCompare(right.id)), relations);
      const edges: RelationEdge[] = [];
      await store.forEachRelationEdge((edge) => edges.push(edge));
      const edgeOf = ({ id, sourceId, targetId, evidence, chunkId, start, end, weight, validFrom }: Relation): RelationEdge => ({ id, sourceId, targetId, evidence, chunkId, start, end, weight, validFrom });
      assert.deepEqual(edges.sort((left, right) => left.id.localeCompare(right.id)), relations.map(edgeOf));
    }));

  test('writeIndex round-trips documents (without text) and chunks with their cached extractions and offsets', () =>
    withLoadedStore(async (store) => {
      assert.deepEqual(await store.listDocuments(), STORED_DOCUMENTS);
      assert.deepEqual(await store.listChunks(), CHUNKS);
    }));

  test('chunks keep their kind, section path and page; prose chunks read back without them', () =>
    withLoadedStore(async (store) => {
      const weather = { ...DOCUMENTS[2]!, text: 'Weather log\n\nrun --sunny', contentHash: 'hash-weather-3', byteSize: 24 };
      const structured = [
        { ...CHUNKS[3]!, id: 'chunk-weather-title', text: 'Weather log', start: 0, end: 11, tokenCount: 2, section: 'Weather log', page: 2 },
        { ...CHUNKS[3]!, id: 'chunk-weather-code', index: 1, text: 'run --sunny', start: 13, end: 24, tokenCount: 3, kind: 'code' as const, section: 'Weather log › Commands' },
      ];
      await store.writeIndex(unchangedWrite({ removedDocumentIds: [], documents: [weather], chunks: structured }));
      const stored = (await store.listChunks()).filter((chunk) => chunk.documentId === 'doc-weather');
      assert.deepEqual(stored, structured);
      const withSource = await store.getChunks(['chunk-weather-code', 'chunk-lynx-0']);
      assert.deepEqual(withSource.map((chunk) => [chunk.id, chunk.kind, chunk.section, chunk.page]), [['chunk-weather-code', 'code', 'Weather log › Commands', undefined], ['chunk-lynx-0', undefined, undefined, undefined]].sort((a, b) => withSource.findIndex((c) => c.id === a[0]) - withSource.findIndex((c) => c.id === b[0])));

      const listed = (await store.listChunkDocuments()).filter((chunk) => chunk.documentId === 'doc-weather' || chunk.id === 'chunk-lynx-0');
      assert.deepEqual(listed, [{ id: 'chunk-lynx-0', documentId: 'doc-lynx' }, { id: 'chunk-weather-code', documentId: 'doc-weather', section: 'Weather log › Commands' }, { id: 'chunk-weather-title', documentId: 'doc-weather', section: 'Weather log' }], 'listChunkDocuments gives the section path of a chunk that has one');
    }));

  test('loadProjection returns entities, typed and RELATED_TO relations with their dates, and mentions', () =>
    withLoadedStore(async (store) => {
      const projection = await store.loadProjection();
      assert.deepEqual(projection.entities, ENTITIES);
      assert.deepEqual(projection.relations, RELATIONS);
      assert.deepEqual(sortMentions(projection.mentions), sortMentions(MENTIONS));
      assert.deepEqual(await store.listMerges(), MERGES);
      assert.deepEqual(await store.listCommunities(), COMMUNITIES);
      // A community read back is a plain record: a copy of it, or its JSON, holds the report too.
      assert.deepEqual((await store.listCommunities()).map((community) => ({ ...community })), COMMUNITIES);
      assert.deepEqual(JSON.parse(JSON.stringify(await store.listCommunities())), COMMUNITIES);
      assert.deepEqual(await store.counts(), LOADED_COUNTS);
    }));

  test('writing the same index again creates no duplicates', () =>
    withLoadedStore(async (store) => {
      const before = await snapshot(store);
      await store.writeIndex(fullWrite());
      await store.writeIndex(unchangedWrite());
      assert.deepEqual(await snapshot(store), before);
    }));

  test('updatedExtractions refresh the cache of chunks whose document is unchanged', () =>
    withLoadedStore(async (store) => {
      const extraction = { chunkId: 'chunk-weather-0', entities: [{ name: 'Brest', type: 'Concept', span: { start: 0, end: 5 } }], relations: [] };
      await store.writeIndex(unchangedWrite({ updatedExtractions: [{ chunkId: 'chunk-weather-0', extraction, extractionKey: 'key-2' }] }));
      const chunks = await store.listChunks();
      assert.deepEqual(chunks.find((chunk) => chunk.id === 'chunk-weather-0'), { ...CHUNKS[3], extraction, extractionKey: 'key-2' });
      assert.deepEqual(chunks.filter((chunk) => chunk.id !== 'chunk-weather-0'), CHUNKS.slice(0, 3));
    }));

  test('removed and replaced documents lose their chunks; the entity layer is replaced', () =>
    withLoadedStore(async (store) => {
      const weather = { ...DOCUMENTS[2]!, text: 'Weather log\n\nSunny.', contentHash: 'hash-weather-2', byteSize: 18 };
      const newChunk = { ...CHUNKS[3]!, id: 'chunk-weather-new', text: 'Sunny.', start: 13, end: 19, tokenCount: 1 };
      const supplierOnly = { entities: ENTITIES.filter((entity) => ['ent-nordhaven', 'ent-nc7'].includes(entity.id)), relations: RELATIONS.filter((relation) => relation.type === 'SUPPLIES'), mentions: MENTIONS.filter((mention) => mention.chunkId === 'chunk-supplier-0') };
      await store.writeIndex({ removedDocumentIds: ['doc-lynx'], documents: [weather], chunks: [newChunk], updatedExtractions: [], graph: supplierOnly, merges: MERGES.slice(2), communities: [] });
      assert.deepEqual((await store.listDocuments()).map((document) => [document.id, document.contentHash]), [['doc-supplier', 'hash-doc-supplier'], ['doc-weather', 'hash-weather-2']]);
      assert.deepEqual((await store.listChunks()).map((chunk) => chunk.id), ['chunk-supplier-0', 'chunk-weather-new']);
      assert.deepEqual(await store.getChunks(['chunk-lynx-0', 'chunk-weather-0']), []);
      assert.deepEqual(await store.searchChunks('Lina Ferraz prototypes', 5), []);
      const counts = await store.counts();
      assert.deepEqual([counts.documents, counts.chunks, counts.entities, counts.relations, counts.mentions, counts.communities], [2, 2, 2, 1, 2, 0]);
      assert.deepEqual(await store.listMerges(), MERGES.slice(2));
    }));

  test('the store persists across close and reopen; a changed schema resets only the entity layer', async () => {
    const workspace = freshWorkspace();
    await withStore((store) => store.writeIndex(fullWrite()), workspace);
    await withStore(async (store) => assert.deepEqual(await store.counts(), LOADED_COUNTS), workspace);
    // New cue words or descriptions change what the next index extracts, not the stored layout: the graph stays readable.
    await withStore(async (store) => {
      assert.deepEqual(await store.ensureSchema(RECUED_SCHEMA), { reset: false });
      assert.deepEqual(await store.counts(), LOADED_COUNTS);
    }, workspace);
    const reopened = await openStore(workspace);
    try {
      assert.deepEqual(await reopened.ensureSchema(OTHER_SCHEMA), { reset: true });
      assert.deepEqual(await reopened.loadProjection(), { entities: [], relations: [], mentions: [] });
      assert.deepEqual(await reopened.listCommunities(), []);
      assert.deepEqual(await reopened.listChunks(), CHUNKS, 'documents and cached extractions survive');
      const counts = await reopened.counts();
      assert.deepEqual([counts.documents, counts.chunks, counts.entities, counts.relations], [3, 4, 0, 0]);
      assert.deepEqual(Object.keys(counts.entitiesByType).sort(), ['Concept', 'Person', 'Place']);
      assert.deepEqual(await reopened.ensureSchema(OTHER_SCHEMA), { reset: false });
    } finally {
      await reopened.close();
    }
  });

  test(ATOMICITY_CASE, () =>
    withLoadedStore(async (store) => {
      const before = await snapshot(store);
      const newDocument = { ...DOCUMENTS[2]!, id: 'doc-new', path: '/corpus/new.txt' };
      const newChunk = { ...CHUNKS[3]!, id: 'chunk-new', documentId: 'doc-new' };
      const dangling = { ...RELATIONS[4]!, id: 'rel-dangling', targetId: 'ent-missing' };
      const failing = [
        fullWrite({ removedDocumentIds: ['doc-supplier'], documents: [newDocument], chunks: [newChunk], graph: { entities: ENTITIES, relations: [...RELATIONS, dangling], mentions: MENTIONS } }),
        fullWrite({ documents: [newDocument], chunks: [newChunk], graph: { entities: ENTITIES, relations: RELATIONS, mentions: [...MENTIONS, { chunkId: 'chunk-missing', entityId: 'ent-lina', count: 1 }] } }),
      ];
      for (const write of failing) {
        await assert.rejects(store.writeIndex(write), (error: Error & { code?: string }) => error.code === 'STORE_FAILED');
        assert.deepEqual(await snapshot(store), before);
        assert.deepEqual(await store.searchChunks('rained', 5).then((hits) => hits.map((hit) => hit.id)), ['chunk-weather-0'], 'full-text indexes still answer');
      }
      await store.writeIndex(fullWrite({ documents: [...DOCUMENTS, newDocument], chunks: [...CHUNKS, newChunk] }));
      assert.equal((await store.counts()).documents, 4);
    }));

  test('getMeta and setMeta store strings by key, across reopen', async () => {
    const workspace = freshWorkspace();
    await withStore(async (store) => {
      assert.equal(await store.getMeta('lastIndexedAt'), null);
      await store.setMeta('lastIndexedAt', '2024-01-01T00:00:00.000Z');
      await store.setMeta('lastIndexedAt', '2024-06-01T00:00:00.000Z');
      await store.setMeta('note', 'a value with \'quotes\' and "double quotes"');
    }, workspace);
    await withStore(async (store) => {
      assert.equal(await store.getMeta('lastIndexedAt'), '2024-06-01T00:00:00.000Z');
      assert.equal(await store.getMeta('note'), 'a value with \'quotes\' and "double quotes"');
    }, workspace);
  });
}
