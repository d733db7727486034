import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { answerWithLlm } from '../../src/answer/llm-answer.js';
import { collectEvidence } from '../../src/answer/llm/collect-evidence.js';
import { ModelOutputError } from '../../src/llm/model-errors.js';
import { FIXTURE_CHUNKS, FIXTURE_QUESTION, fixtureAnswerContext } from './fixture-requests.js';
import { createReplayModel, REPLAY_KEY } from './replay-model.js';
import { startReplayServer, type ReplayServer } from './replay-server.js';

let server: ReplayServer;
before(async () => {
  server = await startReplayServer({ apiKey: REPLAY_KEY });
});
after(() => server.close());

test('the evidence lists chunks, relations, entities and documents under short ids', () => {
  const evidence = collectEvidence(fixtureAnswerContext());
  assert.deepEqual(evidence.map((item) => item.id), ['C1', 'C2', 'R1', 'R2', 'E1', 'E2', 'E3', 'D1']);
  assert.match(evidence.find((item) => item.id === 'R2')?.text ?? '', /^Kite —USES→ VX-9: "Kite uses the VX-9 sensor module\."/);
  assert.match(evidence.find((item) => item.id === 'E1')?.text ?? '', /Jonas Berg \(Person\): Leads the Kite programme\./);
});

test('evidence ids become numbered citations; invented ids are dropped; documents of cited chunks are added', async () => {
  const { model } = await createReplayModel(server, {}, { cache: false });
  server.inject({ kind: 'content', text: '{"answer": "The Kite programme uses the VX-9 sensor module [R2, C1]. Jonas Berg leads it [R1][X9]. It is funded by Atlas [Z3].", "found": true}' });
  const answer = await answerWithLlm(FIXTURE_QUESTION, fixtureAnswerContext(), { model, maxSentences: 3 });
  assert.equal(answer.found, true);
  assert.equal(answer.answer, 'The Kite programme uses the VX-9 sensor module [1, 2]. Jonas Berg leads it [3]. It is funded by Atlas.');
  assert.deepEqual(answer.citations.map((citation) => [citation.kind, citation.id]), [['relation', 'rel_uses'], ['chunk', 'chunk_fixture_0'], ['relation', 'rel_leads'], ['document', 'doc_fixture']]);
  assert.deepEqual(answer.citations[1]?.span, { start: 0, end: FIXTURE_CHUNKS[0]?.chunk.end });
  assert.deepEqual(answer.modelNotes, ['dropped ids not in the context: X9, Z3']);
  assert.equal(answer.metadata.answerer, 'llm (smollm2-replay, prompt answer-question-1)');
  assert.deepEqual(answer.paths, ['Jonas Berg —LEADS→ Kite —USES→ VX-9']);
});

test('answers are cut to two sentences; a missing answer is said plainly; an uncited claim is withheld', async () => {
  const { model } = await createReplayModel(server, {}, { cache: false });
  server.inject({ kind: 'content', text: '{"answer": "Kite uses VX-9 [C1]. Jonas Berg leads Kite [R1]. Lumen Optics supplies VX-9 [C2].", "found": true}' });
  const cut = await answerWithLlm(FIXTURE_QUESTION, fixtureAnswerContext(), { model });
  assert.equal(cut.answer, 'Kite uses VX-9 [1]. Jonas Berg leads Kite [2].');
  server.inject({ kind: 'content', text: '{"answer": "The documents do not say which supplier delivers the NC-7 boards.", "found": false}' });
  const missing = await answerWithLlm('Who supplies the NC-7 boards?', fixtureAnswerContext(), { model });
  assert.deepEqual([missing.found, missing.answer, missing.citations], [false, 'The documents do not say which supplier delivers the NC-7 boards.', []]);
  const recorded = await answerWithLlm(FIXTURE_QUESTION, fixtureAnswerContext(), { model });
  assert.equal(recorded.found, false, 'SmolLM2 answered "Kite" with no citation: withheld');
  assert.match(recorded.modelNotes.join(' '), /withheld/);
});

test('an unusable answer reply is corrected once, then raised', async () => {
  const { model } = await createReplayModel(server, {}, { cache: false });
  server.inject({ kind: 'content', text: 'Kite.' }, { kind: 'content', text: '{"answer": "Kite"}' });
  await assert.rejects(answerWithLlm(FIXTURE_QUESTION, fixtureAnswerContext(), { model }), (error: unknown) => error instanceof ModelOutputError && error.reason === 'schema-mismatch' && error.attempts === 2);
});
