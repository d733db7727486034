import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyzeQuestion } from '../../src/ask/analyze-question.js';
import { unwrapRequest } from '../../src/ask/unwrap-request.js';
import { graphSchemaSchema } from '../../src/config/graph-schema.js';
import { defaultGraphSchema } from '../../src/config/default-schema.js';

const schema = graphSchemaSchema.parse(defaultGraphSchema);

/** What retrieval and answering read from a question: the same for a question and the request that wraps it. */
function reading(question: string) {
  const analysis = analyzeQuestion(question, schema);
  return { stems: analysis.stems, types: [...analysis.answerType.types], head: analysis.answerType.headStem, plural: analysis.answerType.headPlural, temporal: analysis.temporal, signals: analysis.signals };
}

test('a question wrapped in a request is read as the question itself', () => {
  const pairs: Array<[string, string]> = [
    ['Tell me which company supplies the KV-40 gateways.', 'Which company supplies the KV-40 gateways?'],
    ['Can you tell me who currently leads the Tarrow programme?', 'Who currently leads the Tarrow programme?'],
    ["I'd like to know which firm audited Brennock Weir in 2024.", 'Which firm audited Brennock Weir in 2024?'],
    ['Dites-moi quelle entreprise fournit les bornes.', 'Quelle entreprise fournit les bornes ?'],
    ['Pouvez-vous me dire qui dirige aujourd’hui le projet Velquist ?', 'Qui dirige aujourd’hui le projet Velquist ?'],
  ];
  for (const [wrapped, plain] of pairs) assert.deepEqual(reading(wrapped), reading(plain), wrapped);
});

test('an opening request verb and "the name of" add no words to search: the thing named is what is asked', () => {
  assert.deepEqual(reading('Give me the name of the company that supplies the tags.').stems, reading('Which company supplies the tags?').stems);
  assert.deepEqual(reading('Give me the name of the company that supplies the tags.').types, [['Organisation', 1]]);
  assert.deepEqual(reading('Donnez le nom de la personne qui dirige le projet Velquist.').types, [['Person', 1]]);
  assert.equal(analyzeQuestion('List the suppliers the Trust works with.', schema).searchText, 'the suppliers the Trust works with.');
  // The question as asked is kept for display; names keep their capitals for linking.
  const analysis = analyzeQuestion('Tell me who leads Corvel.', schema);
  assert.equal(analysis.text, 'Tell me who leads Corvel.');
  assert.equal(analysis.searchText, 'who leads Corvel.');
});

test('"whose" asks for a person; a question with no request wording is left as it is', () => {
  assert.deepEqual(reading('Whose team built the Alder bridge?').types, [['Person', 1], ['Organisation', 0.5]]);
  for (const question of ['Which programme does Please Holdings fund?', 'Who is the name-giver of the Tell Me project?', 'Quel mécène finance OPALINE ?']) assert.equal(unwrapRequest(question), question);
});

test('a contracted question word is read written out: "What\'s the company that …" asks for a company', () => {
  assert.deepEqual(reading("What's the company that supplies the KV-40 gateways?"), reading('What is the company that supplies the KV-40 gateways?'));
  assert.deepEqual(reading("What's the company that supplies the KV-40 gateways?").types, [['Organisation', 1]]);
});
