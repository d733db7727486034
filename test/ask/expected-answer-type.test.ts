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
