import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import { analyzeQuestion } from '../../src/ask/analyze-question.js';
import { answerExtractively } from '../../src/answer/extractive-answer.js';
import type { ChunkWithSource } from '../../src/graph/store.js';
import type { RetrievalContext } from '../../src/core/retrieval-context.js';

const schema = validateConfig({}).schema;
const limits = { maxSentences: 4, maxWords: 60 };

function chunk(id: string, text: string): ChunkWithSource {
  return { id, documentId: `doc_${id}`, index: 0, text, start: 0, end: text.length, tokenCount: Math.ceil(text.length / 4), documentPath: `docs/${id}.txt`, documentTitle: id, documentDate: null };
}

function contextOf(chunks: ChunkWithSource[]): RetrievalContext {
  return { mode: 'naive', chunks: chunks.map((item, index) => ({ chunk: item, score: 1 / (1 + index) })), paths: [], entityScores: new Map(), questionEntities: [], knownEntities: [], tokens: 0, searchedWith: 'test', rankedChunkIds: chunks.map((item) => item.id), communities: [] };
}

const incident = chunk(
  'incident',
  'On 4 May 2023 a fire broke out on the stacker belt at the Ostrow bagging plant, which loads cement onto the dispatch conveyor. ' +
    'The stacker belt feeds the dispatch conveyor from the bagging line and runs at two metres a second through the dispatch hall. ' +
    'The review found that the fire started when an overheated roller ignited dust under the belt. ' +
    'Dispatch resumed on 9 May.',
);
const other = chunk('other', 'The dispatch conveyor at the Ostrow bagging plant was replaced in 2021 because the old frame had corroded.');

test('asked what set off an event, the answer opens with the sentence of its passage that states a cause, though it repeats no word of the question', () => {
  const analysis = analyzeQuestion('Which failed part set off the May 2023 fire on the stacker belt at the bagging plant?', schema);
  assert.equal(analysis.answerType.cause, true);
  const answer = answerExtractively(analysis, contextOf([incident, other]), limits);
  assert.match(answer.answer, /^The review found that the fire started when an overheated roller/, answer.answer);
});

test('a question asking why is a cause question too, in English and French', () => {
  for (const question of ['Why did the stacker belt at the bagging plant stop in May 2023?', "Pourquoi le tapis de la centrale d'ensachage s'est-il arrêté en mai 2023 ?"]) {
    assert.equal(analyzeQuestion(question, schema).answerType.cause, true, question);
  }
  const answer = answerExtractively(analyzeQuestion('Why did the stacker belt at the bagging plant stop in May 2023?', schema), contextOf([incident, other]), limits);
  assert.match(answer.answer, /^The review found that the fire started/, answer.answer);
});

test('a question that does not ask for a cause is answered by the sentences that meet it', () => {
  const analysis = analyzeQuestion('Which conveyor does the stacker belt at the bagging plant feed?', schema);
  assert.equal(analysis.answerType.cause, false);
  const answer = answerExtractively(analysis, contextOf([incident, other]), limits);
  assert.doesNotMatch(answer.answer, /^The review found/, answer.answer);
});

test('a French question asks for a cause with « qu\'est-ce qui » and « à l\'origine », and « provoqué par » states one', () => {
  const passage = chunk(
    'sinistre',
    "Le 12 septembre 2022, un départ de feu s'est produit dans la fosse de réception du centre de tri de Vallières. " +
      "Les pompiers ont maîtrisé le feu en une heure et l'atelier a repris le lendemain. " +
      "L'enquête conclut que le feu a été provoqué par une bouteille de gaz jetée avec les emballages.",
  );
  for (const question of ["Qu'est-ce qui a déclenché le feu survenu en septembre 2022 dans la fosse du centre de tri ?", "Quelle pièce est à l'origine du feu survenu en septembre 2022 dans la fosse du centre de tri ?"]) {
    const analysis = analyzeQuestion(question, schema);
    assert.equal(analysis.answerType.cause, true, question);
    assert.equal(analysis.answerType.types.has('Person'), false, "« qu'est-ce qui » asks what, not who");
    const answer = answerExtractively(analysis, contextOf([passage]), limits);
    assert.match(answer.answer, /^L'enquête conclut que le feu a été provoqué par une bouteille de gaz/, answer.answer);
  }
});

test('a cause phrase in the clause that identifies what the question starts from, or a question for a person or firm, asks for no cause', () => {
  for (const question of [
    'Which manufacturer makes the pump whose seal failure caused the spill?',
    'Who caused the delay on the Ostrow line?',
    'Which company caused the outage at the depot?',
    "Quelle entreprise entretient la machine dont l'arrêt a provoqué les odeurs ?",
    'When did the fire start?',
    'Which project started in 2021?',
    'Which trigger runs the nightly job?',
    'Which team is responsible for the migration?',
    'Quel service est responsable de la maintenance des bennes ?',
  ]) {
    assert.equal(analyzeQuestion(question, schema).answerType.cause, false, question);
  }
  assert.equal(analyzeQuestion('What caused the outage at the depot?', schema).answerType.cause, true);
});
