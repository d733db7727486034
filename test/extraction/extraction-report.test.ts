import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import type { Chunk } from '../../src/core/records.js';
import { extractWithNlp } from '../../src/extraction/nlp/extract-with-nlp.js';
import { buildLowercaseVocabulary } from '../../src/extraction/nlp/lowercase-vocabulary.js';
import { explainDocument } from '../../src/extraction/report/explain-document.js';
import { summariseSchemaUsage } from '../../src/extraction/report/summarise-schema-usage.js';
import type { StoredDocument } from '../../src/graph/store.js';

const schema = validateConfig({}).schema;
const TEXT = 'Veyra rollout\n\nOdile Marchetti leads the Veyra project. Brightwell Analytics signed an agreement with Tarnow Hydraulics in May.';
const chunk: Chunk = { id: 'chunk_1', documentId: 'doc_1', index: 0, text: TEXT, start: 0, end: TEXT.length, tokenCount: 20 };
const extraction = extractWithNlp(chunk, { schema, language: 'en', documentDate: null, knownLowercase: buildLowercaseVocabulary([TEXT]), cooccurrence: true, maxEntitiesPerSentence: 12 });

test('each typed mention records the votes behind its type, and their sum is its confidence', () => {
  const supplier = extraction.entities.find((entity) => entity.name === 'Tarnow Hydraulics');
  assert.equal(supplier?.type, 'Organisation');
  assert.ok(supplier.votes?.some((vote) => vote.type === 'Organisation' && vote.cue === 'before' && vote.phrase === 'agreement with'));
  const sum = (supplier.votes ?? []).filter((vote) => vote.type === supplier.type).reduce((total, vote) => total + vote.weight, 0);
  assert.equal(sum, supplier.confidence);
  const untyped = extraction.entities.find((entity) => entity.type === 'Concept');
  assert.equal(untyped?.votes, undefined, 'a fallback-typed mention without votes carries none');
});

test('a pattern relation records its phrase and voice', () => {
  const leads = extraction.relations.find((relation) => relation.type === 'LEADS');
  assert.deepEqual([leads?.source, leads?.target, leads?.basis, leads?.phrase, leads?.voice], ['Odile Marchetti', 'Veyra', 'pattern', 'leads', 'active']);
});

test('schema usage counts cues per node type, phrases per edge type, and the typed pairs no phrase linked', () => {
  const usage = summariseSchemaUsage({ schema, extractions: [extraction, null], entitiesByType: { Person: 1 }, relationsByType: { LEADS: 1 } });
  const person = usage.nodeTypes.find((node) => node.name === 'Person');
  assert.equal(person?.entities, 1);
  assert.deepEqual(person?.cues.find((cue) => cue.cue === 'person-name'), { cue: 'person-name', fired: 2, won: 1 }, 'fired for both two-word names, won one');
  const project = usage.nodeTypes.find((node) => node.name === 'Project');
  assert.deepEqual(project?.cues, [{ cue: 'after', phrase: 'project', fired: 1, won: 1 }]);
  const leads = usage.edgeTypes.find((edge) => edge.name === 'LEADS');
  assert.deepEqual([leads?.relations, leads?.extracted, leads?.phrases], [1, 1, [{ phrase: 'leads', voice: 'active', count: 1 }]]);
  const pair = usage.unlinkedPairs.find((candidate) => candidate.sourceType === 'Organisation' && candidate.targetType === 'Organisation');
  assert.equal(pair?.count, 1);
  assert.deepEqual(pair?.samples.map((sample) => [sample.source, sample.target, sample.sentence]), [['Brightwell Analytics', 'Tarnow Hydraulics', 'Brightwell Analytics signed an agreement with Tarnow Hydraulics in May.']]);
  assert.equal(usage.chunksWithoutProvenance, 0);
});

test('explaining a document lays entities and relations over its sentences, once each across overlapping chunks', () => {
  const document: StoredDocument = { id: 'doc_1', path: '/docs/veyra.txt', format: 'txt', title: 'Veyra rollout', date: null, language: 'en', contentHash: 'hash', byteSize: TEXT.length };
  const stored = { ...chunk, extraction, extractionKey: 'key' };
  const explanation = explainDocument(document, [stored, { ...stored, id: 'chunk_2', index: 1 }]);
  assert.deepEqual(explanation.sentences.map((sentence) => sentence.text), ['Veyra rollout', 'Odile Marchetti leads the Veyra project.', 'Brightwell Analytics signed an agreement with Tarnow Hydraulics in May.']);
  const second = explanation.sentences[1];
  assert.deepEqual(second?.entities.map((entity) => `${entity.name}:${entity.type}`), ['Odile Marchetti:Person', 'Veyra:Project']);
  assert.deepEqual(second?.relations.map((relation) => [relation.type, relation.sourceType, relation.targetType, relation.phrase]), [['LEADS', 'Person', 'Project', 'leads']]);
  const third = explanation.sentences[2];
  assert.ok(third?.relations.some((relation) => relation.basis === 'title' && relation.source === 'Veyra' && relation.sourceType === 'Concept'));
  assert.ok(third?.relations.some((relation) => relation.basis === 'sentence' && relation.sourceType === 'Organisation' && relation.targetType === 'Organisation'));
});
