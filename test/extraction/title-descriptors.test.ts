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
