import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SECTION_SEPARATOR, type Entity, type Mention } from '../../src/core/records.js';
import { createBm25Index, bm25IndexOf } from '../../src/query/bm25.js';
import { decodeBm25Postings, encodeBm25Postings } from '../../src/query/bm25-index-file.js';
import { decodeEntityIndex, encodeEntityIndex } from '../../src/query/entity-index-file.js';
import { buildEntityIndex, type EntityIndex } from '../../src/query/graph-index.js';
import { idsKey } from '../../src/query/ids-key.js';
import { decodeTitleIndex, encodeTitleIndex } from '../../src/query/local/title-index-file.js';
import { buildTitleIndex, type TitleIndex } from '../../src/query/local/title-passages.js';
import { COMMUNITY_KEYWORDS_FILE } from '../../src/query/global/community-keywords-file.js';
import { COMMUNITY_SENTENCES_FILE, sentenceStemCounts } from '../../src/query/global/community-sentences-file.js';
import { WALK_GRAPH_FILE } from '../../src/query/local/walk-graph-file.js';
import { compressGraph } from '../../src/algorithms/personalized-pagerank.js';

const entity = (id: string, type: string, name: string, aliases: string[] = []): Entity => ({ id, type, name, aliases, description: `${name}, a ${type.toLowerCase()}`, mentionCount: 1 });
const ENTITIES = [entity('ent_1', 'Organization', 'Lumen Optics', ['Lumen']), entity('ent_2', 'Person', 'Jonas Berg', ['J. Berg', 'Berg']), entity('ent_3', 'Project', 'Kite programme'), entity('ent_4', 'Product', 'VX-9 sensor', ['VX-9'])];
const MENTIONS: Mention[] = [
  { chunkId: 'chunk_b', entityId: 'ent_3', count: 1 },
  { chunkId: 'chunk_b', entityId: 'ent_2', count: 2 },
  { chunkId: 'chunk_a', entityId: 'ent_1', count: 1 },
  { chunkId: 'chunk_a', entityId: 'ent_4', count: 1 },
  { chunkId: 'chunk_c', entityId: 'ent_4', count: 1 },
  { chunkId: 'chunk_c', entityId: 'ent_3', count: 1 },
];

/** What an entity index answers, as plain values: every lookup asked of every key and position it holds, and of keys it does not. */
function valuesOf(index: EntityIndex): unknown {
  const keyed = (lookup: EntityIndex['aliasIndex']) => [...lookup.keys()].map((key) => [key, lookup.get(key)]);
  const lists = (lookup: EntityIndex['chunksOfEntity']) => Array.from({ length: lookup.length + 1 }, (_, position) => [lookup.sizeOf(position), lookup.get(position)]);
  return {
    entities: [...index.entities],
    entitiesOutside: [index.entities.at(index.entities.length), index.entities.at(-1)],
    types: Array.from({ length: index.entities.length + 1 }, (_, entityIndex) => index.entityType(entityIndex)),
    entityIds: [...index.entityIds],
    entityPositions: [...index.entityIds, 'ent_none', ''].map((id) => [index.entityIndexById.get(id), index.entityIndexById.has(id)]),
    aliases: keyed(index.aliasIndex),
    missingAlias: index.aliasIndex.get('nobody'),
    longestAliasWords: index.longestAliasWords,
    chunkIds: index.chunkIds,
    chunkPositions: [...index.chunkIds, 'chunk_0', 'chunk_z'].map((id) => [index.chunkIndexById.get(id), index.chunkIndexById.has(id)]),
    chunksOfEntity: lists(index.chunksOfEntity),
    entitiesOfChunk: lists(index.entitiesOfChunk),
    nameWords: keyed(index.nameWordIndex),
    missingWord: index.nameWordIndex.get('nobody'),
  };
}

test('an entity index reads back from its bytes as it was built, each entity’s nouns worked out the same on use', () => {
  const built = buildEntityIndex({ entities: ENTITIES, mentions: MENTIONS });
  const read = decodeEntityIndex(encodeEntityIndex(built));
  assert.ok(read);
  assert.deepEqual(valuesOf(read), valuesOf(built));
  assert.deepEqual(Array.from({ length: read.entitiesOfChunk.length }, (_, position) => read.entitiesOfChunk.get(position)), [[0, 3], [2, 1], [3, 2]], 'each chunk’s entities in the order of the mentions read');
  const nounsOf = (index: EntityIndex) => Array.from({ length: index.entities.length }, (_, entityIndex) => index.nounsOf(entityIndex));
  assert.deepEqual(nounsOf(read), nounsOf(built));
  assert.equal(idsKey(read.entityIds), idsKey([...built.entityIds]), 'the ids’ key read back is the key of the ids');
});

test('an entity index of many entities finds each by id, name and name word as a map built from them does', () => {
  const entities = Array.from({ length: 500 }, (_, position) => entity(`ent_${(position * 7919) % 1000}`, position % 3 === 0 ? 'Person' : 'Organization', `Name ${position % 50} Örtel${position}`, position % 4 === 0 ? [`N${position}`, `Name ${position % 50}`] : []));
  const mentions: Mention[] = entities.flatMap((item, position) => [{ chunkId: `chunk_${position % 37}`, entityId: item.id, count: 1 }, { chunkId: `chunk_${(position * 3) % 41}`, entityId: item.id, count: 1 }]);
  const built = buildEntityIndex({ entities, mentions });
  const read = decodeEntityIndex(encodeEntityIndex(built));
  assert.ok(read);
  assert.deepEqual(valuesOf(read), valuesOf(built));
});

test('bytes that are not a whole entity index of this layout read as none', () => {
  const bytes = encodeEntityIndex(buildEntityIndex({ entities: ENTITIES, mentions: MENTIONS }));
  assert.equal(decodeEntityIndex(null), null);
  assert.equal(decodeEntityIndex(bytes.subarray(0, bytes.length - 8)), null);
  const otherLayout = new TextEncoder().encode(new TextDecoder().decode(bytes).replace('"layout":3', '"layout":9'));
  assert.equal(decodeEntityIndex(otherLayout), null);
});

test('BM25 postings read back from their bytes rank every query as the index built from the texts', () => {
  const documents = [
    { id: 'd1', text: 'Lumen Optics supplies the VX-9 sensor to the Kite programme.' },
    { id: 'd2', text: 'Jonas Berg leads the Kite programme; the programme reviews sensors.' },
    { id: 'd3', text: 'Tromsø hosts the review of the sensor schedule, the sensor and the schedule.' },
    { id: 'd0', text: 'Nothing here.' },
  ];
  const built = createBm25Index(documents);
  const postings = decodeBm25Postings(encodeBm25Postings(built.postings));
  assert.ok(postings);
  const { termOrder, terms, ...counts } = postings;
  const { terms: builtTerms, ...builtCounts } = built.postings;
  assert.deepEqual(counts, builtCounts);
  assert.deepEqual([...terms], [...builtTerms]);
  assert.deepEqual([...(termOrder ?? [])].map((position) => postings.terms.at(position)), [...postings.terms].sort(), 'the terms’ order read back is their sorted order');
  const read = bm25IndexOf(postings);
  assert.equal(read.averageDocumentLength, built.averageDocumentLength);
  for (const query of ['sensor programme', 'the the schedule', 'Tromsø', 'absent words', 'nothing lumen berg']) assert.deepEqual(read.search(query, 3), built.search(query, 3), query);
  const bytes = encodeBm25Postings(built.postings);
  assert.equal(decodeBm25Postings(bytes.subarray(0, bytes.length - 8)), null);
  assert.equal(decodeBm25Postings(null), null);
});

test('a title index reads back from its bytes as it was built', () => {
  const documents = [{ id: 'doc_1', title: 'Kite programme' }, { id: 'doc_2', title: 'Lumen Optics (company)' }, { id: 'doc_3', title: 'Notes' }];
  const chunks = [
    { id: 'chunk_1', documentId: 'doc_1', section: `Kite programme${SECTION_SEPARATOR}Sensors` },
    { id: 'chunk_2', documentId: 'doc_2', section: '' },
    { id: 'chunk_3', documentId: 'doc_3', section: `Notes${SECTION_SEPARATOR}VX-9 sensor` },
  ];
  const built = buildTitleIndex(documents, chunks);
  const read = decodeTitleIndex(encodeTitleIndex(built));
  assert.ok(read);
  // What an index answers: every key's chunks, every chunk's document, keys it does not hold, and the longest key.
  const valuesOf = (index: TitleIndex) => ({
    titles: [...index.titles.keys(), 'nobody'].map((key) => [key, index.titles.get(key)]),
    headings: [...index.headings.keys(), 'kite programme'].map((key) => [key, index.headings.get(key)]),
    documents: [...index.documentOf.keys(), 'chunk_9'].map((id) => [id, index.documentOf.get(id)]),
    longestKeyWords: index.longestKeyWords,
  });
  assert.ok([...built.titles.keys()].length > 0 && [...built.headings.keys()].length > 0);
  assert.deepEqual(valuesOf(read), valuesOf(built));
  assert.equal(built.longestKeyWords, 3, '“vx 9 sensor”');
  const bytes = encodeTitleIndex(built);
  assert.equal(decodeTitleIndex(bytes.subarray(0, bytes.length - 8)), null);
});

test('the sentences global search reads come back from their bytes as they were, a sentence two communities read still one object', () => {
  const sentence = (chunkId: string, start: number, text: string) => ({ finding: { text, chunkId, documentId: `doc_${chunkId}`, span: { start, end: start + text.length } }, stems: new Set(text.toLowerCase().split(' ')) });
  const shared = [sentence('chunk_a', 0, 'Lumen Optics supplies sensors'), sentence('chunk_a', 30, 'Sensors ship weekly')];
  const own = [sentence('chunk_b', 100, 'Jonas Berg leads Kite')];
  const lone = sentence('chunk_c', 7, 'Tromsø hosts the review');
  const reading = {
    sentences: new Map([['community_1', [...shared, ...own]], ['community_2', [...shared]], ['community_3', []]]),
    outside: { sentences: [lone], entities: [{ entityId: 'ent_9', evidence: lone.finding }, { entityId: 'ent_8', evidence: undefined }] },
  };
  const read = COMMUNITY_SENTENCES_FILE.decode(COMMUNITY_SENTENCES_FILE.encode(reading));
  assert.ok(read);
  // What was kept, with the idf counts worked out from it as it was read (see community-sentences-file.test.ts).
  const { stemCounts, ...sentences } = read;
  assert.deepEqual(sentences, reading);
  assert.deepEqual(stemCounts, sentenceStemCounts(reading));
  assert.equal(read.sentences.get('community_1')?.[0], read.sentences.get('community_2')?.[0]);
  const bytes = COMMUNITY_SENTENCES_FILE.encode(reading);
  assert.equal(COMMUNITY_SENTENCES_FILE.decode(bytes.subarray(0, bytes.length - 8)), null);
  const keywords = new Map([['community_1', ['sensors', 'Kite']], ['community_2', []]]);
  assert.deepEqual(COMMUNITY_KEYWORDS_FILE.decode(COMMUNITY_KEYWORDS_FILE.encode(keywords)), keywords);
});

test('a walk graph reads back from its bytes as it was built, from a view at an odd offset too; bytes that are not a whole one read as none', () => {
  const graph = compressGraph({ nodeCount: 5, sources: Int32Array.from([0, 0, 1, 2]), targets: Int32Array.from([1, 2, 3, 3]), weights: Float64Array.from([1, 0.5, 0.25, 1]) });
  const bytes = WALK_GRAPH_FILE.encode(graph);
  assert.deepEqual(WALK_GRAPH_FILE.decode(bytes), graph);
  // A file read through a pooled buffer may start at any offset.
  const shifted = new Uint8Array(bytes.length + 3);
  shifted.set(bytes, 3);
  assert.deepEqual(WALK_GRAPH_FILE.decode(shifted.subarray(3)), graph);
  assert.equal(WALK_GRAPH_FILE.decode(bytes.subarray(0, bytes.length - 8)), null);
  // A neighbour outside the graph: garbled, not a walk graph.
  const garbled = compressGraph({ nodeCount: 5, sources: Int32Array.from([0]), targets: Int32Array.from([1]), weights: Float64Array.from([1]) });
  garbled.neighbours[0] = 9;
  assert.equal(WALK_GRAPH_FILE.decode(WALK_GRAPH_FILE.encode(garbled)), null);
  assert.equal(WALK_GRAPH_FILE.decode(new TextEncoder().encode('{"not": "a graph"}')), null);
});
