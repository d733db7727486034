import { graphSchemaSchema, type GraphSchema } from '../../src/config/graph-schema.js';
import type { ChunkExtraction, Community, Entity, MergeRecord, Relation, SourceDocument } from '../../src/core/records.js';
import type { IndexWrite, StoredChunk } from '../../src/graph/store.js';

/** The schema every contract case declares: four typed nodes (plus Concept) and three edge types. */
export const CONTRACT_SCHEMA: GraphSchema = graphSchemaSchema.parse({
  nodeTypes: [{ name: 'Person' }, { name: 'Project' }, { name: 'Product' }, { name: 'Organisation' }],
  edgeTypes: [
    { name: 'LEADS', source: ['Person'], target: ['Project'], singleCurrent: true },
    { name: 'USES', source: ['Project'], target: ['Product'] },
    { name: 'SUPPLIES', source: ['Organisation'], target: ['Product'] },
  ],
});

/** The contract schema with other cue words and descriptions but the same types, ends and properties: the stored layout is the same. */
export const RECUED_SCHEMA: GraphSchema = graphSchemaSchema.parse({
  nodeTypes: [{ name: 'Person', description: 'Someone named.', cues: { before: ['dr'] } }, { name: 'Project' }, { name: 'Product' }, { name: 'Organisation', cues: { suffixes: ['ltd'] } }],
  edgeTypes: [
    { name: 'LEADS', source: ['Person'], target: ['Project'], singleCurrent: false, patterns: ['leads'] },
    { name: 'USES', source: ['Project'], target: ['Product'] },
    { name: 'SUPPLIES', source: ['Organisation'], target: ['Product'], passivePatterns: ['supplied by'] },
  ],
});

/** A different schema: switching to it must reset the entity layer. */
export const OTHER_SCHEMA: GraphSchema = graphSchemaSchema.parse({ nodeTypes: [{ name: 'Person' }, { name: 'Place' }], edgeTypes: [] });

const LYNX_TEXT = 'Project Lynx update\n\nLina Ferraz leads the Lynx project, based at the Brest site. The Lynx prototypes integrate NC-7 boards.\n\nMaelle Ostin led Lynx until February.';
const SUPPLIER_TEXT = 'Nordhaven Composants (NHC) supplies the NC-7 boards from Lorient.';
const WEATHER_TEXT = 'Weather log\n\nIt rained all week and nothing else happened.';

function document(id: string, path: string, text: string, date: string | null, format: SourceDocument['format'] = 'txt'): SourceDocument {
  return { id, path, format, title: text.split('\n')[0] ?? id, date, language: 'en', contentHash: `hash-${id}`, byteSize: Buffer.byteLength(text), text };
}

/** The three documents: two with entities, one that names nothing. */
export const DOCUMENTS = [
  document('doc-lynx', '/corpus/lynx.txt', LYNX_TEXT, '2023-02-01'),
  document('doc-supplier', '/corpus/supplier.md', SUPPLIER_TEXT, null, 'md'),
  document('doc-weather', '/corpus/weather.txt', WEATHER_TEXT, '2023-03-05'),
];

/** Extractions carry the NLP extractor's provenance (type votes; the phrase, voice and basis of relations), which must round-trip too. */
function extraction(chunkId: string, names: Array<[string, string, number]>, relations: ChunkExtraction['relations'] = []): ChunkExtraction {
  return {
    chunkId,
    entities: names.map(([name, type, start]) => ({ name, type, span: { start, end: start + name.length }, confidence: 1, votes: [{ type, cue: 'before', phrase: 'the', weight: 1 }] })),
    relations,
  };
}

const LEADS_SENTENCE = 'Lina Ferraz leads the Lynx project, based at the Brest site.';
const LEADS_START = LYNX_TEXT.indexOf(LEADS_SENTENCE);
const LEADS_RELATION = { type: 'LEADS', source: 'Lina Ferraz', target: 'Lynx', evidence: LEADS_SENTENCE, span: { start: LEADS_START, end: LEADS_START + LEADS_SENTENCE.length }, validFrom: null, validTo: null, basis: 'pattern' as const, phrase: 'leads', voice: 'active' as const };

function chunk(id: string, documentId: string, index: number, text: string, start: number, chunkExtraction: ChunkExtraction | null): StoredChunk {
  return { id, documentId, index, text, start, end: start + text.length, tokenCount: text.split(/\s+/).length, extraction: chunkExtraction, extractionKey: chunkExtraction ? 'key-1' : '' };
}

const lynxSecond = LYNX_TEXT.indexOf('Maelle');
/** Chunks with cached extractions (one left unextracted) and offsets into their documents. */
export const CHUNKS: StoredChunk[] = [
  chunk('chunk-lynx-0', 'doc-lynx', 0, LYNX_TEXT.slice(0, lynxSecond), 0, extraction('chunk-lynx-0', [['Lina Ferraz', 'Person', 21], ['Lynx', 'Project', 14]], [LEADS_RELATION])),
  chunk('chunk-lynx-1', 'doc-lynx', 1, LYNX_TEXT.slice(lynxSecond), lynxSecond, extraction('chunk-lynx-1', [['Maelle Ostin', 'Person', lynxSecond]])),
  chunk('chunk-supplier-0', 'doc-supplier', 0, SUPPLIER_TEXT, 0, extraction('chunk-supplier-0', [['Nordhaven Composants', 'Organisation', 0]])),
  chunk('chunk-weather-0', 'doc-weather', 0, WEATHER_TEXT, 0, null),
];

function entity(id: string, type: string, name: string, aliases: string[] = [], mentionCount = 1): Entity {
  return { id, type, name, aliases, description: `${name} (${type})`, mentionCount };
}

/** Entities of every declared type and Concept; aliases on two of them. */
export const ENTITIES: Entity[] = [
  entity('ent-brest', 'Concept', 'Brest site'),
  entity('ent-lina', 'Person', 'Lina Ferraz', ['L. Ferraz', 'Ferraz'], 2),
  entity('ent-lynx', 'Project', 'Lynx', [], 3),
  entity('ent-maelle', 'Person', 'Maelle Ostin'),
  entity('ent-nc7', 'Product', 'NC-7', [], 2),
  entity('ent-nordhaven', 'Organisation', 'Nordhaven Composants', ['NHC']),
];

function relation(id: string, type: string, sourceId: string, targetId: string, chunkId: string, evidence: string, dates: { validFrom?: string; validTo?: string } = {}, weight = 1): Relation {
  const documentId = CHUNKS.find((item) => item.id === chunkId)?.documentId ?? '';
  return { id, type, sourceId, targetId, evidence, chunkId, documentId, start: 10, end: 10 + evidence.length, weight, validFrom: dates.validFrom ?? null, validTo: dates.validTo ?? null };
}

/** Typed relations (one closed by a newer one), and an untyped co-occurrence with a fractional weight. */
export const RELATIONS: Relation[] = [
  relation('rel-1-leads', 'LEADS', 'ent-lina', 'ent-lynx', 'chunk-lynx-0', 'Lina Ferraz leads the Lynx project', { validFrom: '2023-02-01' }),
  relation('rel-2-leads', 'LEADS', 'ent-maelle', 'ent-lynx', 'chunk-lynx-1', 'Maelle Ostin led Lynx until February', { validFrom: '2021-01-01', validTo: '2023-02-01' }),
  relation('rel-3-uses', 'USES', 'ent-lynx', 'ent-nc7', 'chunk-lynx-0', 'The Lynx prototypes integrate NC-7 boards'),
  relation('rel-4-supplies', 'SUPPLIES', 'ent-nordhaven', 'ent-nc7', 'chunk-supplier-0', 'Nordhaven Composants (NHC) supplies the NC-7 boards'),
  relation('rel-5-related', 'RELATED_TO', 'ent-lina', 'ent-brest', 'chunk-lynx-0', 'Lina Ferraz leads the Lynx project, based at the Brest site', {}, 0.5),
];

/** Chunk → entity links with counts. */
export const MENTIONS = [
  { chunkId: 'chunk-lynx-0', entityId: 'ent-lina', count: 2 },
  { chunkId: 'chunk-lynx-0', entityId: 'ent-lynx', count: 2 },
  { chunkId: 'chunk-lynx-0', entityId: 'ent-nc7', count: 1 },
  { chunkId: 'chunk-lynx-0', entityId: 'ent-brest', count: 1 },
  { chunkId: 'chunk-lynx-1', entityId: 'ent-maelle', count: 1 },
  { chunkId: 'chunk-lynx-1', entityId: 'ent-lynx', count: 1 },
  { chunkId: 'chunk-supplier-0', entityId: 'ent-nordhaven', count: 1 },
  { chunkId: 'chunk-supplier-0', entityId: 'ent-nc7', count: 1 },
];

/** Alias merges in the order resolution logged them. */
export const MERGES: MergeRecord[] = [
  { entityId: 'ent-lina', kept: 'Lina Ferraz', merged: 'l ferraz', reason: 'initial-surname' },
  { entityId: 'ent-lina', kept: 'Lina Ferraz', merged: 'ferraz', reason: 'surname' },
  { entityId: 'ent-nordhaven', kept: 'Nordhaven Composants', merged: 'nhc', reason: 'acronym' },
];

function community(id: string, level: number, parentId: string | null, memberIds: string[]): Community {
  return {
    id, level, parentId, memberIds, inputHash: `input-${id}`,
    report: { title: `Community ${id}`, summary: 'Lynx and its people.', keyEntities: [{ id: 'ent-lynx', name: 'Lynx', type: 'Project' }], keyRelations: [{ id: 'rel-1-leads', type: 'LEADS', source: 'Lina Ferraz', target: 'Lynx' }], findings: [{ text: 'Lina Ferraz leads the Lynx project.', chunkId: 'chunk-lynx-0', documentId: 'doc-lynx', span: { start: 21, end: 55 } }], generatedBy: 'extractive' },
  };
}

/** A two-level community hierarchy. */
export const COMMUNITIES: Community[] = [community('com-0', 0, null, ['ent-lina', 'ent-lynx', 'ent-maelle', 'ent-nc7']), community('com-0-0', 1, 'com-0', ['ent-lina', 'ent-lynx'])];

/** The whole fixture as one index write, with optional changes. */
export function fullWrite(changes: Partial<IndexWrite> = {}): IndexWrite {
  return {
    removedDocumentIds: [],
    documents: DOCUMENTS,
    chunks: CHUNKS,
    updatedExtractions: [],
    graph: { entities: ENTITIES, relations: RELATIONS, mentions: MENTIONS },
    merges: MERGES,
    communities: COMMUNITIES,
    ...changes,
  };
}

/** A write that changes no document and keeps the entity layer (what an unchanged re-index sends). */
export function unchangedWrite(changes: Partial<IndexWrite> = {}): IndexWrite {
  return fullWrite({ documents: [], chunks: [], ...changes });
}
