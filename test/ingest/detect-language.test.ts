import assert from 'node:assert/strict';
import { test } from 'node:test';
import { detectLanguage } from '../../src/ingest/detect-language.js';

test('detects English prose', () => {
  const english =
    'The authority has awarded a three-year contract for fleet maintenance at the yard. The contractor will service ' +
    'all of the road vehicles, and performance will be measured every month against vehicle availability.';
  assert.equal(detectLanguage(english), 'en');
});

test('detects French prose', () => {
  const french =
    "L'autorité a attribué un contrat de trois ans pour l'entretien de la flotte au dépôt. Le prestataire assurera " +
    "l'entretien des véhicules routiers et sa performance sera mesurée chaque mois selon la disponibilité des véhicules.";
  assert.equal(detectLanguage(french), 'fr');
});

test('detects French in a short title-like text through accents, and defaults to English', () => {
  assert.equal(detectLanguage('Réunion: sécurité, qualité, éclairage'), 'fr');
  assert.equal(detectLanguage('Kestrel Q7 telemetry'), 'en');
  assert.equal(detectLanguage(''), 'en');
});

test('an English text quoting a French name stays English', () => {
  assert.equal(detectLanguage('The report by Hélène Lefèvre was published by the board of the authority in 2022.'), 'en');
});
