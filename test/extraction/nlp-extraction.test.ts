import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import type { Chunk } from '../../src/core/records.js';
import { extractWithNlp } from '../../src/extraction/nlp/extract-with-nlp.js';
import { findCandidateMentions } from '../../src/extraction/nlp/find-mentions.js';
import { findDates } from '../../src/extraction/nlp/find-dates.js';
import { buildLowercaseVocabulary } from '../../src/extraction/nlp/lowercase-vocabulary.js';

const schema = validateConfig({}).schema;

function chunkOf(text: string, start = 0): Chunk {
  return { id: 'chunk_1', documentId: 'doc_1', index: 0, text, start, end: start + text.length, tokenCount: 10 };
}

function extract(text: string, language: 'en' | 'fr' = 'en', start = 0) {
  return extractWithNlp(chunkOf(text, start), {
    schema,
    language,
    documentDate: '2024-01-01',
    knownLowercase: buildLowercaseVocabulary([text]),
    cooccurrence: true,
    maxEntitiesPerSentence: 12,
  });
}

test('names keep initials and drop titles; codes stay whole; amounts are not codes', () => {
  const names = findCandidateMentions('Dr Hannah Okafor met T. Wierzba about the NC-7 cards and a £84m budget in 1990s terms.', new Set()).map((mention) => mention.surface);
  assert.deepEqual(names, ['Hannah Okafor', 'T. Wierzba', 'NC-7']);
});

test('a defined acronym records its long form', () => {
  const mentions = findCandidateMentions('The Calder Bay Infrastructure Authority (CBIA) signed it.', new Set());
  const acronym = mentions.find((mention) => mention.surface === 'CBIA');
  assert.equal(acronym?.acronymOf, 'Calder Bay Infrastructure Authority');
});

test('French elisions and accents are handled', () => {
  const names = findCandidateMentions("Les cartes NC-7 de Nordhaven Composants sont intégrées dans les prototypes de l'Altaïr.", new Set(['les'])).map((mention) => mention.surface);
  assert.deepEqual(names, ['NC-7', 'Nordhaven Composants', 'Altaïr']);
});

test('a capitalised ordinary word at the start of a sentence is not a name', () => {
  const vocabulary = buildLowercaseVocabulary(['the minutes were approved; complaints fell.']);
  const names = findCandidateMentions('Complaints about Orbilink have fallen.', vocabulary).map((mention) => mention.surface);
  assert.deepEqual(names, ['Orbilink']);
});

test('mentions are typed from the schema cues, with spans into the document', () => {
  const text = 'Greyline Haulage Ltd will service the fleet. Dr Lina Ferraz leads the Lynx project.';
  const result = extract(text, 'en', 100);
  const byName = new Map(result.entities.map((entity) => [entity.name, entity]));
  assert.equal(byName.get('Greyline Haulage Ltd')?.type, 'Organisation');
  assert.equal(byName.get('Lina Ferraz')?.type, 'Person');
  assert.equal(byName.get('Lynx')?.type, 'Project');
  const lina = byName.get('Lina Ferraz');
  assert.equal(text.slice((lina?.span.start ?? 0) - 100, (lina?.span.end ?? 0) - 100), 'Lina Ferraz');
});

test('typed relations follow active and passive phrases, with the sentence as evidence', () => {
  const result = extract('Lina Ferraz leads the Lynx project. The Altair project is led by Maelle Ostin.');
  const typed = result.relations.filter((relation) => relation.type !== 'RELATED_TO').map((relation) => `${relation.source} ${relation.type} ${relation.target}`);
  assert.deepEqual(typed.sort(), ['Lina Ferraz LEADS Lynx', 'Maelle Ostin LEADS Altair']);
  for (const relation of result.relations) {
    assert.ok(relation.evidence.length > 0);
    assert.ok(relation.evidence.includes(relation.source) && relation.evidence.includes(relation.target), 'evidence names both ends');
  }
});

test('French patterns produce typed relations', () => {
  const result = extract('Lina Ferraz dirige le projet Lynx depuis 2023.', 'fr');
  assert.ok(result.relations.some((relation) => relation.type === 'LEADS' && relation.source === 'Lina Ferraz' && relation.target === 'Lynx'));
});

test('entities of one sentence are linked by co-occurrence, never across sentences', () => {
  const result = extract('Orbilink supplies Q7 modems to Juniper. Nimbic builds dashboards.');
  const pairs = result.relations.map((relation) => [relation.source, relation.target].sort().join('+'));
  assert.ok(pairs.includes('Juniper+Orbilink') || pairs.includes('Juniper+Q7'));
  assert.ok(!pairs.some((pair) => pair.includes('Nimbic')), 'Nimbic is alone in its sentence');
});

test('a chunk without names yields no entities and no relations', () => {
  const result = extract('the weather was mild and nothing happened.');
  assert.equal(result.entities.length, 0);
  assert.equal(result.relations.length, 0);
});

test('relations take the date of their sentence, else the document date', () => {
  const result = extract('From 1 May 2024 the programme will be led by Owen Castellan, until now Kestrel deputy. Orbilink met Nimbic.');
  const dated = result.relations.find((relation) => relation.source.includes('Owen') || relation.target.includes('Owen'));
  assert.equal(dated?.validFrom, '2024-05-01');
  const undated = result.relations.find((relation) => relation.evidence.startsWith('Orbilink'));
  assert.equal(undated?.validFrom, '2024-01-01');
});

test('dates in English and French are read as ISO prefixes', () => {
  assert.deepEqual(findDates('On 14 March 2023 and in mai 2024, then 2022-10-03 and April 11, 2022.').map((date) => date.iso), ['2023-03-14', '2024-05', '2022-10-03', '2022-04-11']);
});
