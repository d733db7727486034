import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findCandidateMentions } from '../../src/extraction/nlp/find-mentions.js';
import { findDescriptors } from '../../src/extraction/nlp/find-descriptors.js';

const describe = (sentence: string, language: 'en' | 'fr') =>
  findCandidateMentions(sentence, new Set(), { language }).map((mention) => [mention.surface, findDescriptors(sentence, mention, language)]);

test('a title before a name describes the person as a noun would, in the language of the sentence', () => {
  assert.deepEqual(describe('Le Dr Yann Quéméner, pneumologue, coordonne le registre.', 'fr'), [['Yann Quéméner', ['medecin', 'docteur', 'pneumologue']]]);
  assert.deepEqual(describe('La Dre Maëlle Tanguy dirige le service.', 'fr'), [['Maëlle Tanguy', ['medecin', 'docteure']]]);
  assert.deepEqual(describe('Dr. Ines Vallo leads the trial.', 'en'), [['Ines Vallo', ['doctor']]]);
  // A title that says nothing of a trade adds nothing.
  assert.deepEqual(describe('Mme Odile Faure signe le contrat.', 'fr'), [['Odile Faure', []]]);
});

test('a possessor is not a descriptor: "X is the company\'s tracked robot" describes X as a tracked robot', () => {
  assert.deepEqual(findDescriptors("Vole is the company's tracked robot for tunnel surveys.", { start: 0, end: 4 }, 'en'), ['tracked', 'robot']);
  assert.deepEqual(findDescriptors("Vole, the firm's survey drone, flies today.", { start: 0, end: 4 }, 'en'), ['survey', 'drone']);
});

test('an English apposition without an article closes where its nouns end; one that runs on into the sentence describes nothing', () => {
  assert.deepEqual(findDescriptors('Corvel Marsh, head of rolling stock, said the fleet was ready.', { start: 0, end: 12 }, 'en'), ['head']);
  assert.deepEqual(findDescriptors('At Velbrook Cross, tenders for masts have been evaluated.', { start: 3, end: 17 }, 'en'), []);
  assert.deepEqual(findDescriptors('A tram towards Orrin Vale, departed Corvel with a door open.', { start: 15, end: 25 }, 'en'), []);
  // Head-first languages go on after the head: the French apposition keeps its noun.
  assert.deepEqual(findDescriptors('Velbrook, prestataire retenu pour trois ans, assure la maintenance.', { start: 0, end: 8 }, 'fr').slice(0, 1), ['prestataire']);
});
