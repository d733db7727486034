import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findCandidateMentions, tokenizeWords } from '../../src/extraction/nlp/find-mentions.js';
import { findDescriptors } from '../../src/extraction/nlp/find-descriptors.js';

// Every expected value below was computed with the extractor before it read the language packs.

test('names are read with the titles, connectors, elisions and joining gaps of before', () => {
  const sentence = "La Dre Claire Vautrin et Me. Paul Roux ont visité Val d'Orsanne avec Lestrade & Morel, le site de Vernon de Transports Aubrac.";
  assert.deepEqual(findCandidateMentions("Les Coursiers Médicaux de l'Ouest (CMO) livrent.", new Set()).map((mention) => [mention.surface, mention.acronymOf ?? null]), [["Coursiers Médicaux de l'Ouest", null], ['CMO', "Coursiers Médicaux de l'Ouest"]]);
  assert.deepEqual(
    findCandidateMentions(sentence, new Set()).map((mention) => [mention.surface, mention.titles]),
    // A title after a capitalised article is read as a title ("La Dre Claire Vautrin"), since names learnt to skip the article first.
    [['Claire Vautrin', ['Dre']], ['Paul Roux', ['Me.']], ["Val d'Orsanne", []], ['Lestrade & Morel', []], ['Vernon', []], ['Transports Aubrac', []]],
  );
  assert.deepEqual(tokenizeWords("Verinta's l'Usine Dr. Smith").map((token) => token.text), ['Verinta', 'Usine', 'Dr.', 'Smith']);
});

test('descriptors are read with the articles and copulas of before', () => {
  assert.deepEqual(findDescriptors('Perfalys est un fabricant de capteurs.', { start: 0, end: 8 }, 'fr'), ['fabricant']);
  assert.deepEqual(findDescriptors('Nimbic is an analytics firm.', { start: 0, end: 6 }, 'en'), ['analytics', 'firm']);
});
