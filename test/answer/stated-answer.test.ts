import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import { analyzeQuestion } from '../../src/ask/analyze-question.js';
import { answerExtractively } from '../../src/answer/extractive-answer.js';
import type { ChunkWithSource } from '../../src/graph/store.js';
import type { Entity } from '../../src/core/records.js';
import type { RetrievalContext } from '../../src/core/retrieval-context.js';

const config = validateConfig({});
const limits = { maxSentences: 2, maxWords: 60 };

function chunk(id: string, text: string): ChunkWithSource {
  return { id, documentId: `doc_${id}`, index: 0, text, start: 0, end: text.length, tokenCount: Math.ceil(text.length / 4), documentPath: `docs/${id}.txt`, documentTitle: id, documentDate: null };
}

const entity = (name: string, type: string): Entity => ({ id: name.toLowerCase().replace(/\s+/g, '-'), type, name, aliases: [], description: '', mentionCount: 1 }) as Entity;
const tester = entity('Quorn Audit', 'Organisation');
const works = entity('Dalby Works', 'Location');
const hauler = entity('Brisk Haulage', 'Organisation');
const test1 = chunk('assessment', 'Quorn Audit, a specialist in control systems, spent three weeks testing the control network at Dalby Works with a simulated ransomware attack.');
const haulage = chunk('haulage', 'Brisk Haulage moves the ore from Dalby Works to the port.');

/** Hybrid retrieval's context: passages found by their words, and a path from what the first one names to another firm. */
function hybridContext(): RetrievalContext {
  const relation = { id: 'r1', type: 'RELATED_TO', sourceId: works.id, targetId: hauler.id, chunkId: haulage.id, documentId: haulage.documentId, start: 0, end: haulage.text.length, evidence: haulage.text, weight: 0.5 };
  return {
    mode: 'hybrid',
    chunks: [test1, haulage].map((item, index) => ({ chunk: item, score: 1 / (1 + index) })),
    paths: [{ entities: [works, hauler], relations: [relation], score: 0.9 }] as unknown as RetrievalContext['paths'],
    entityScores: new Map([[works.id, 0.5], [hauler.id, 0.4], [tester.id, 0.3]]),
    questionEntities: [],
    knownEntities: [tester, works, hauler],
    tokens: 0,
    searchedWith: 'test',
    rankedChunkIds: [test1.id, haulage.id],
    communities: [],
  };
}

test('a one-clause question naming no entity is answered by the entity of its kind in the sentence that states it, not by a path from the passage', () => {
  const analysis = analyzeQuestion('Name the firm that tested the control network with a simulated ransomware attack.', config.schema);
  const answer = answerExtractively(analysis, hybridContext(), limits);
  assert.match(answer.answer, /^Quorn Audit — Quorn Audit, a specialist/, answer.answer);
  const never = answerExtractively(analysis, hybridContext(), { ...limits, ranking: { ...config.query.ranking.sentences, statedAnswerShare: 2 } });
  assert.match(never.answer, /^Brisk Haulage —/, 'with statedAnswerShare above 1 the path answers');
});

test('a question with a clause that identifies its start follows the path: the sentence states the start, not the answer', () => {
  const analysis = analyzeQuestion('Which firm moves the ore from the site where a simulated ransomware attack tested the control network?', config.schema);
  assert.ok(analysis.mainClauseStems.size > 0);
  const answer = answerExtractively(analysis, hybridContext(), limits);
  assert.match(answer.answer, /^Brisk Haulage —/, answer.answer);
});
