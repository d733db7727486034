import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import { answerHeadIsPlural, answerHeadStem } from '../../src/ask/expected-answer-type.js';
import { stemWord } from '../../src/core/stem.js';

const schema = validateConfig({}).schema;

test('in English the head of the wh-phrase is its last noun that names a type, before the verb', () => {
  assert.equal(answerHeadStem('Which analytics firm is building the dashboard?', schema, false), stemWord('firm'));
  assert.equal(answerHeadStem('Which external suppliers and contractors does the board work with?', schema, false), stemWord('suppliers'));
  assert.equal(answerHeadStem('Which company provides security support?', schema, false), stemWord('company'));
  // No word of the phrase names a type: the first content word, as before.
  assert.equal(answerHeadStem('Which logger does the server use?', schema, false), stemWord('logger'));
  // A phrase of several words closed by an auxiliary ends with its head; a short part of a name ("js") is skipped.
  assert.equal(answerHeadStem('Which Node.js version does the server require?', schema, false), stemWord('version'));
  assert.equal(answerHeadStem('Which HTTP caching headers does the dev server send?', schema, false), stemWord('headers'));
  assert.equal(answerHeadIsPlural('Which external suppliers does the board use?', schema, false), true);
  assert.equal(answerHeadIsPlural('Which external supplier does the board use?', schema, false), false);
  // The verb after the head is no noun of a type, though it opens like one ("supplied" / "supplier") or stands in a cue phrase ("supplied by").
  assert.equal(answerHeadStem('Which company supplied the chargers that the depot uses?', schema, false), stemWord('company'));
  assert.equal(answerHeadStem('Which supplier company provides the chargers?', schema, false), stemWord('company'));
});

test('a choice word followed by an auxiliary is the object and has no head noun', () => {
  assert.equal(answerHeadStem('What does Irena Moss prefer?', schema, false), null);
  assert.equal(answerHeadStem('Which did the board choose?', schema, false), null);
  assert.equal(answerHeadStem('What coffee does Irena Moss prefer?', schema, false), stemWord('coffee'));
});

test('in head-first languages the head is the first content word after the wh-word', () => {
  assert.equal(answerHeadStem('Quels fournisseurs externes travaillent avec le groupe ?', schema, true), stemWord('fournisseurs'));
  assert.equal(answerHeadStem('Who leads the programme?', schema, false), null);
});

test('a request verb opening a question with no wh-word of its own asks as "which" does', () => {
  assert.equal(answerHeadStem('List the outside companies the board buys goods from.', schema, false), stemWord('companies'));
  assert.equal(answerHeadIsPlural('List the outside companies the board buys goods from.', schema, false), true);
  assert.equal(answerHeadStem('Name the company that provides the GT-12 tags.', schema, false), stemWord('company'));
  // A wh-word further on is a relative pronoun; one right after the verb is the question's own.
  assert.equal(answerHeadStem('Nommez le cabinet qui a vérifié la sécurité du théâtre.', schema, true), stemWord('cabinet'));
  assert.equal(answerHeadStem('Indiquez qui dirige le projet.', schema, true), null);
  // Only as the first word: "name" inside a question is a noun.
  assert.equal(answerHeadStem('The company name of the supplier?', schema, false), null);
});
