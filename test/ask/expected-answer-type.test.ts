import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import { analyzeQuestion } from '../../src/ask/analyze-question.js';

const schema = validateConfig({}).schema;

test('the nouns of who funds ask for an organisation, in English and in French', () => {
  for (const question of ['Which funder supports the Corvel trial?', 'Which sponsor pays for the festival?', "Quel mécène finance l'essai Orvane ?"]) {
    assert.deepEqual([...analyzeQuestion(question, schema).answerType.types.keys()], ['Organisation'], question);
  }
});

test('"who" followed by what an edge type says asks first for the types the schema makes its subject', () => {
  const weights = (question: string) => Object.fromEntries(analyzeQuestion(question, schema).answerType.types);
  // MAKES, SUPPLIES and FUNDS have organisations as their source; LEADS and MANAGES people.
  for (const question of ['Who made the borescope used in the inspection?', 'Who supplies the Corvel sensors?', "Qui fabrique les bornes de l'entrée ?", 'Who funds the Orvane trial?']) {
    assert.deepEqual(weights(question), { Person: 0.5, Organisation: 1 }, question);
  }
  for (const question of ['Who leads the Orvane project?', 'Who runs the Corvel depot?', 'Who is the sponsor of the trial?']) {
    assert.deepEqual(weights(question), { Person: 1, Organisation: 0.5 }, question);
  }
});
