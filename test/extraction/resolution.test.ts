import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import type { ChunkExtraction, ExtractedEntity } from '../../src/core/records.js';
import { resolveGraph } from '../../src/extraction/resolution/resolve-graph.js';
import { normaliseName } from '../../src/core/normalise.js';

const schema = validateConfig({}).schema;
const options = { mergeSurnames: true, mergeAcronyms: true, fuzzyThreshold: 0.96 };

function entity(name: string, type: string, confidence = 1, extra: Partial<ExtractedEntity> = {}): ExtractedEntity {
  return { name, type, span: { start: 0, end: name.length }, confidence, ...extra };
}

function chunk(chunkId: string, entities: ExtractedEntity[], relations: ChunkExtraction['relations'] = []): { extraction: ChunkExtraction; documentId: string } {
  return { extraction: { chunkId, entities, relations }, documentId: `doc_${chunkId}` };
}

test('"Jean Dupont", "J. Dupont" and "Dupont" become one node, with every merge logged', () => {
  const graph = resolveGraph([
    chunk('c1', [entity('Jean Dupont', 'Person')]),
    chunk('c2', [entity('J. Dupont', 'Person', 3)]),
    chunk('c3', [entity('Dupont', 'Concept', 0)]),
  ], schema, options);
  const people = graph.entities.filter((item) => item.type === 'Person');
  assert.equal(people.length, 1);
  assert.equal(people[0]?.name, 'Jean Dupont');
  assert.deepEqual(people[0]?.aliases, ['Dupont', 'J. Dupont']);
  assert.deepEqual(graph.merges.map((merge) => merge.reason).sort(), ['initial-surname', 'surname']);
  assert.equal(graph.entities.length, 1);
});

test('a surname shared by two people is not merged', () => {
  const graph = resolveGraph([
    chunk('c1', [entity('Jean Dupont', 'Person'), entity('Marie Dupont', 'Person')]),
    chunk('c2', [entity('Dupont', 'Concept', 0)]),
  ], schema, options);
  assert.equal(graph.entities.length, 3);
});

test('a first name alone merges with the one person who carries it, never when two do', () => {
  const one = resolveGraph([
    chunk('c1', [entity('Alex Mercer', 'Person'), entity('Jordan Hayes', 'Person')]),
    chunk('c2', [entity('Alex', 'Person', 0.5)]),
  ], schema, options);
  assert.deepEqual(one.entities.map((item) => item.name).sort(), ['Alex Mercer', 'Jordan Hayes']);
  assert.deepEqual(one.merges.map((merge) => merge.reason), ['first-name']);
  const two = resolveGraph([
    chunk('c1', [entity('Alex Mercer', 'Person'), entity('Alex Brandt', 'Person')]),
    chunk('c2', [entity('Alex', 'Person', 0.5)]),
  ], schema, options);
  assert.equal(two.entities.length, 3);
});

test('a first word alone merges with the one organisation it starts, even when that organisation has several spellings', () => {
  const graph = resolveGraph([
    chunk('c1', [entity('Greyline Haulage Ltd', 'Organisation')]),
    chunk('c2', [entity('Greyline Haulage', 'Organisation')]),
    chunk('c3', [entity('Greyline', 'Organisation')]),
  ], schema, options);
  assert.equal(graph.entities.length, 1);
  assert.deepEqual(graph.merges.map((merge) => merge.reason).sort(), ['fuzzy', 'short-form']);
});

test('a last word alone merges with the one name it ends, unless that name is untyped and its leading words are a name of their own', () => {
  const headed = resolveGraph([
    chunk('c1', [entity('Corran Harbour Board', 'Organisation')]),
    chunk('c2', [entity('Board', 'Concept')]),
  ], schema, options);
  assert.deepEqual(headed.entities.map((item) => [item.name, item.aliases]), [['Corran Harbour Board', ['Board']]]);
  // "Tarvel Quillbase" (the Quillbase for Tarvel) puts two names side by side: it is not the long form of "Quillbase".
  const sideBySide = resolveGraph([
    chunk('c1', [entity('Tarvel', 'Organisation'), entity('Tarvel Quillbase', 'Concept')]),
    chunk('c2', [entity('Quillbase', 'Concept')]),
  ], schema, options);
  assert.deepEqual(sideBySide.entities.map((item) => item.name).sort(), ['Quillbase', 'Tarvel', 'Tarvel Quillbase']);
  assert.equal(sideBySide.merges.length, 0);
});

test('a name that coordinates two names of the corpus is the long form of neither', () => {
  const coordinated = resolveGraph([
    chunk('c1', [entity('Millbeck and Quayford', 'Concept')]),
    chunk('c2', [entity('Millbeck', 'Location'), entity('Quayford', 'Concept')]),
  ], schema, options);
  assert.deepEqual(coordinated.entities.map((item) => item.name).sort(), ['Millbeck', 'Millbeck and Quayford', 'Quayford']);
  // "Spencer" alone, and no "Marks": the firm's short form.
  const firm = resolveGraph([
    chunk('c1', [entity('Marks and Spencer', 'Concept')]),
    chunk('c2', [entity('Spencer', 'Concept')]),
  ], schema, options);
  assert.deepEqual(firm.entities.map((item) => [item.name, item.aliases]), [['Marks and Spencer', ['Spencer']]]);
});

test('a product code alone merges with the one longer name it starts; never with two, never a bare number', () => {
  const one = resolveGraph([
    chunk('c1', [entity('KX-40 Lidar', 'Product')]),
    chunk('c2', [entity('KX-40', 'Product')]),
  ], schema, options);
  assert.deepEqual(one.entities.map((item) => [item.name, item.aliases]), [['KX-40 Lidar', ['KX-40']]]);
  assert.deepEqual(one.merges.map((merge) => merge.reason), ['short-form']);
  const two = resolveGraph([
    chunk('c1', [entity('KX-40 Lidar', 'Product'), entity('KX-40 Radar', 'Product')]),
    chunk('c2', [entity('KX-40', 'Product')]),
  ], schema, options);
  assert.equal(two.entities.length, 3);
  const otherType = resolveGraph([
    chunk('c1', [entity('KX-40 Lidar', 'Product')]),
    chunk('c2', [entity('KX-40', 'Project')]),
  ], schema, options);
  assert.equal(otherType.entities.length, 2);
  const year = resolveGraph([
    chunk('c1', [entity('2024 Review', 'Event')]),
    chunk('c2', [entity('2024', 'Concept')]),
  ], schema, options);
  assert.equal(year.entities.length, 2);
});

test('leading articles are dropped as words, never as the start of a name', () => {
  assert.deepEqual(['The  Orbilink\'s', "l'Usine de Brest", 'Le Mans', 'Lemaire Conseil', 'Laval', 'Theodore Hale', 'Lessard'].map(normaliseName), ['orbilink', 'usine de brest', 'mans', 'lemaire conseil', 'laval', 'theodore hale', 'lessard']);
});

test('an acronym defined in the text merges with its long form', () => {
  const graph = resolveGraph([
    chunk('c1', [entity('Calder Bay Infrastructure Authority', 'Organisation', 3), entity('CBIA', 'Concept', 0, { aliasOf: 'Calder Bay Infrastructure Authority' })]),
    chunk('c2', [entity('CBIA', 'Concept', 0)]),
  ], schema, options);
  assert.equal(graph.entities.length, 1);
  assert.deepEqual(graph.entities[0]?.aliases, ['CBIA']);
  assert.equal(graph.merges[0]?.reason, 'acronym');
});

test('case, accents and punctuation variants are one entity', () => {
  const graph = resolveGraph([chunk('c1', [entity('Altaïr', 'Project', 2)]), chunk('c2', [entity('ALTAIR', 'Concept', 0)]), chunk('c3', [entity('altair.', 'Concept', 0)])], schema, options);
  assert.equal(graph.entities.length, 1);
  assert.equal(graph.entities[0]?.type, 'Project');
  assert.equal(graph.entities[0]?.mentionCount, 3);
});

test('relations whose final types do not fit the edge type become RELATED_TO, keeping evidence', () => {
  const relation = { type: 'LEADS', source: 'Lina Ferraz', target: 'Orbilink', evidence: 'Lina Ferraz leads Orbilink.', span: { start: 0, end: 27 }, validFrom: null };
  const graph = resolveGraph([chunk('c1', [entity('Lina Ferraz', 'Person'), entity('Orbilink', 'Product', 5)], [relation])], schema, options);
  assert.equal(graph.relations.length, 1);
  assert.equal(graph.relations[0]?.type, 'RELATED_TO');
  assert.equal(graph.relations[0]?.evidence, 'Lina Ferraz leads Orbilink.');
});

test('a newer edge of a single-current type closes the older one (valid_to), keeping both', () => {
  const lead = (person: string, date: string) => ({ type: 'LEADS', source: person, target: 'Kestrel', evidence: `${person} leads Kestrel.`, span: { start: 0, end: 10 }, validFrom: date });
  const graph = resolveGraph([
    chunk('c1', [entity('Priya Raman', 'Person'), entity('Kestrel', 'Project', 2)], [lead('Priya Raman', '2022-07-20')]),
    chunk('c2', [entity('Owen Castellan', 'Person'), entity('Kestrel', 'Project', 2)], [lead('Owen Castellan', '2024-05-01')]),
  ], schema, options);
  const leads = graph.relations.filter((relation) => relation.type === 'LEADS');
  assert.equal(leads.length, 2);
  const byPerson = new Map(leads.map((relation) => [graph.entities.find((item) => item.id === relation.sourceId)?.name, relation]));
  assert.equal(byPerson.get('Priya Raman')?.validTo, '2024-05-01');
  assert.equal(byPerson.get('Owen Castellan')?.validTo, null);
});

test('mentions count occurrences per chunk and entity', () => {
  const graph = resolveGraph([chunk('c1', [entity('Orbilink', 'Organisation'), entity('Orbilink', 'Organisation')])], schema, options);
  assert.deepEqual(graph.mentions.map((mention) => mention.count), [2]);
});

test('descriptions given for an entity\'s names are merged, each once', () => {
  const graph = resolveGraph([
    chunk('c1', [entity('Orbilink', 'Organisation', 1, { description: 'Supplier of telemetry modems.' })]),
    chunk('c2', [entity('ORBILINK', 'Organisation', 1, { description: 'Runs a plant in Dunmore.' }), entity('Orbilink', 'Organisation', 1, { description: 'Supplier of telemetry modems.' })]),
  ], schema, options);
  assert.equal(graph.entities[0]?.description, 'Supplier of telemetry modems. Runs a plant in Dunmore.');
});

test('a name no cue typed that is a known town, city or country becomes the schema\'s place type; a cue or a person merge wins', () => {
  const graph = resolveGraph([
    chunk('c1', [entity('Vierzon', 'Concept', 0), entity('Allemagne', 'Concept', 0), entity('Glimmerquatch', 'Concept', 0)]),
    chunk('c2', [entity('Florence', 'Organisation', 2), entity('Jonas Berg', 'Person'), entity('Berg', 'Concept', 0)]),
  ], schema, options);
  const typeOf = (name: string) => graph.entities.find((item) => item.name === name)?.type;
  assert.equal(typeOf('Vierzon'), 'Location');
  assert.equal(typeOf('Allemagne'), 'Location', 'countries in every registered language');
  assert.equal(typeOf('Glimmerquatch'), 'Concept');
  assert.equal(typeOf('Florence'), 'Organisation', 'a cue outvotes the gazetteer');
  assert.equal(typeOf('Jonas Berg'), 'Person');
  assert.equal(graph.entities.some((item) => item.name === 'Berg'), false, 'a surname that is also a town still merges into its person');
  const noPlaceType = validateConfig({ schema: { nodeTypes: [{ name: 'Person', cues: { shapes: ['person-name'] } }], edgeTypes: [] } }).schema;
  assert.equal(resolveGraph([chunk('c1', [entity('Vierzon', 'Concept', 0)])], noPlaceType, options).entities[0]?.type, 'Concept', 'no place-name type, no place');
});

test('a country name of two words or more is a place whatever a name\'s shape voted; a one-word country name that is also a given name is not forced', () => {
  const graph = resolveGraph([
    chunk('c1', [entity('United States', 'Organisation', 1), entity('Nouvelle-Zélande', 'Person', 0.25), entity('Jordan', 'Person', 1)]),
  ], schema, options);
  const typeOf = (name: string) => graph.entities.find((item) => item.name === name)?.type;
  assert.equal(typeOf('United States'), 'Location');
  assert.equal(typeOf('Nouvelle-Zélande'), 'Location', 'country names in every registered language');
  assert.equal(typeOf('Jordan'), 'Person');
});

test('a one-word name described by a trade is an organisation; an agent noun the corpus uses for its people types nothing', () => {
  const described = (name: string, type: string, description: string, confidence = 1) => entity(name, type, confidence, { description });
  const graph = resolveGraph([
    chunk('c1', [described('Quorvane', 'Concept', 'hebergeur certifie', 0), described('Brillac', 'Concept', 'directeur', 0), described('Ana Ruiz', 'Person', 'directeur')]),
    chunk('c2', [described('Telmora', 'Concept', 'operator', 0), described('Zintel', 'Concept', 'solution', 0), described('Mira Vale', 'Concept', 'fournisseur', 0)]),
  ], schema, options);
  const typeOf = (name: string) => graph.entities.find((item) => item.name === name)?.type;
  assert.equal(typeOf('Quorvane'), 'Organisation');
  assert.equal(typeOf('Telmora'), 'Organisation');
  assert.equal(typeOf('Brillac'), 'Concept', '"directeur" describes a person of this corpus: a role, not a trade');
  assert.equal(typeOf('Zintel'), 'Concept', 'no agent noun');
  assert.equal(typeOf('Mira Vale'), 'Concept', 'two words: maybe a person, left alone');
});

test("a name's shape counts once however often it is repeated, while cues of context add up", () => {
  const shapeOnly = (index: number) => entity('Harrow Heights', 'Organisation', 1, { votes: [{ type: 'Organisation', cue: 'business-shape', weight: 1 }], span: { start: index, end: index + 14 } });
  const placed = entity('Harrow Heights', 'Location', 2, { votes: [{ type: 'Organisation', cue: 'business-shape', weight: 1 }, { type: 'Location', cue: 'before', phrase: 'station at', weight: 2 }] });
  const graph = resolveGraph([
    chunk('c1', [shapeOnly(0)]),
    chunk('c2', [shapeOnly(0)]),
    chunk('c3', [placed]),
    chunk('c4', [shapeOnly(0)]),
    chunk('c5', [shapeOnly(0)]),
  ], schema, options);
  assert.equal(graph.entities.find((item) => item.name === 'Harrow Heights')?.type, 'Location');
  // Two cues of context for the organisation still outweigh one for the place.
  const context = (phrase: string) => entity('Harrow Heights', 'Organisation', 3, { votes: [{ type: 'Organisation', cue: 'business-shape', weight: 1 }, { type: 'Organisation', cue: 'before', phrase, weight: 2 }] });
  const outvoted = resolveGraph([chunk('c1', [context('supplier')]), chunk('c2', [context('firm')]), chunk('c3', [placed])], schema, options);
  assert.equal(outvoted.entities.find((item) => item.name === 'Harrow Heights')?.type, 'Organisation');
});

test('resolving the same extraction objects again gives the ids fresh objects get, also when an end resolves to another entity', () => {
  const relation = (source: string, target: string, start: number) => ({ type: 'RELATED_TO', source, target, evidence: `${source} met ${target}.`, span: { start, end: start + 20 } });
  const kept = chunk('c1', [entity('Brennick', 'Person'), entity('Tarrow Institute', 'Organisation')], [relation('Brennick', 'Tarrow Institute', 0)]);
  const idsOf = (located: Array<{ extraction: ChunkExtraction; documentId: string }>) => resolveGraph(located, schema, options).relations.map((item) => `${item.id} ${item.sourceId} ${item.targetId}`);
  const fresh = () => structuredClone(kept);
  assert.deepEqual(idsOf([kept]), idsOf([fresh()]));
  assert.deepEqual(idsOf([kept]), idsOf([fresh()]), 'the second resolution of the same objects');
  // Another chunk makes the surname "Brennick" an alias of "Orla Brennick": the end's entity id changes, and so does the relation's id.
  const longer = chunk('c2', [entity('Orla Brennick', 'Person')]);
  assert.deepEqual(idsOf([kept, longer]), idsOf([fresh(), structuredClone(longer)]));
  assert.notDeepEqual(idsOf([kept, longer]), idsOf([kept]));
});

test('a relation resolved again keeps its id, and gets the id of its new parts once one of them changed (the id memo is never stale)', () => {
  const relation = { type: 'SUPPLIES', source: 'Vorrin Systems', target: 'Harbour Board', evidence: 'Vorrin Systems supplies the Harbour Board.', span: { start: 0, end: 42 } };
  const extraction = chunk('c1', [entity('Vorrin Systems', 'Organisation'), entity('Harbour Board', 'Organisation')], [relation]);
  const first = resolveGraph([extraction], schema, options).relations.map((item) => item.id);
  assert.deepEqual(resolveGraph([extraction], schema, options).relations.map((item) => item.id), first);
  relation.span = { start: 7, end: 49 };
  const moved = resolveGraph([extraction], schema, options).relations.map((item) => item.id);
  const fresh = resolveGraph([chunk('c1', extraction.extraction.entities, [{ ...relation }])], schema, options).relations.map((item) => item.id);
  assert.notDeepEqual(moved, first);
  assert.deepEqual(moved, fresh);
});
