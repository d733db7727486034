import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asksAboutConcerns, concernLexicon } from '../../src/text/concerns/concern-lexicon.js';
import { concernWeight, readConcerns } from '../../src/text/concerns/sentence-concerns.js';

const lexicon = concernLexicon();
const families = (sentence: string) => Object.fromEntries(readConcerns(sentence, lexicon).families);

test('adverse events are read by family, in English and French, whatever their inflection', () => {
  assert.deepEqual(families('Delivery of the first three pumps has slipped by five weeks.'), { schedule: ['slipped'] });
  assert.deepEqual(families('Inspectors recorded spalling concrete and corrosion of the reinforcement.'), { deterioration: ['spalling', 'corrosion'] });
  assert.deepEqual(families('Une pénurie de chauffeurs a retardé les livraisons après l’inondation de l’entrepôt.'), { supply: ['pénurie'], schedule: ['retardé'], hazard: ['inondation'] });
  assert.deepEqual(families('The audit found one major non-conformity.'), { compliance: ['non-conformity'] });
  assert.deepEqual(families('The board approved the budget and thanked the staff.'), {});
});

test('words are read in their own forms, not through a stem they share with other words', () => {
  assert.deepEqual(families('Two days later a film about coming of age was released and permits were issued.'), {});
  assert.equal(readConcerns('Two days later the permits were issued.', lexicon).markers, 0);
  assert.deepEqual(families('The pumps are delayed and the tanks are flooding; delays keep growing.'), { schedule: ['delayed', 'delays'], hazard: ['flooding'] });
});

test('words inside names are not events, and markers weigh without naming a theme', () => {
  assert.deepEqual(families('Sablewood Security reviewed the Storm Drain project.'), {});
  const critical = readConcerns('The testers found two critical issues.', lexicon);
  assert.deepEqual([critical.families.size, critical.markers], [0, 2]);
  assert.equal(concernWeight(critical), 0.5);
  assert.equal(concernWeight(readConcerns('Nothing to report.', lexicon)), 0);
  assert.ok(concernWeight(readConcerns('A ransomware attack caused a major outage.', lexicon)) > concernWeight(readConcerns('An outage.', lexicon)));
});

test('questions about risks, problems or challenges are recognised; others are not', () => {
  for (const question of ['What are the main risk themes?', 'Which problems keep coming back?', 'Quels sont les principaux risques ?', 'What challenges does the team face?']) {
    assert.ok(asksAboutConcerns(question), question);
  }
  for (const question of ['What are the main themes?', 'Which suppliers does the Authority work with?', 'Which permits were issued?']) assert.ok(!asksAboutConcerns(question), question);
});

test('users extend the lexicon with their own domain words', () => {
  assert.deepEqual(families('Two lots showed hepatotoxicity.'), {});
  assert.deepEqual(Object.fromEntries(readConcerns('Two lots showed hepatotoxicity.', concernLexicon(['hepatotoxicity'])).families), { 'custom:hepatotoxicity': ['hepatotoxicity'] });
});
