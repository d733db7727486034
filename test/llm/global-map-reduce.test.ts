import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { answerGlobalWithLlm } from '../../src/answer/llm-global-answer.js';
import type { MapPoint } from '../../src/answer/llm/global-map.js';
import { selectReducePoints } from '../../src/answer/llm/global-reduce.js';
import { NOT_FOUND_ANSWER } from '../../src/answer/llm/settle-answer.js';
import { countTokens } from '../../src/chunking/tokens.js';
import { isRhizomeError } from '../../src/errors/rhizome-error.js';
import { createRhizome } from '../../src/index.js';
import { Budget } from '../../src/llm/budget.js';
import { BudgetExceededError } from '../../src/llm/model-errors.js';
import { locateTestAsset } from '../helpers/test-assets.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { AUDIT, finding, globalContext, KESTREL, mapReply, pointLines, promptsSince, RISK_QUESTION, scoredCommunity, TIDEWATER } from './global-fixtures.js';
import { createReplayModel, REPLAY_KEY } from './replay-model.js';
import { startReplayServer, type ReplayServer } from './replay-server.js';

let server: ReplayServer;
before(async () => {
  server = await startReplayServer({ apiKey: REPLAY_KEY });
});
after(() => server.close());

/** The replay stack (AI SDK adapter and every middleware) with injected replies; one map call at a time, so replies meet reports in rank order. */
async function replayAnswer(communities = [KESTREL, TIDEWATER, AUDIT], options: { maxSentences?: number; reduceTokens?: number; mapPromptTokens?: number; maxCommunities?: number } = {}) {
  const { model } = await createReplayModel(server, {}, { cache: false });
  const from = server.requests.length;
  const answer = await answerGlobalWithLlm(RISK_QUESTION, globalContext(communities), { model, concurrency: 1, maxSentences: 3, ...options });
  return { answer, prompts: promptsSince(server, from), requests: server.requests.length - from };
}

describe('global map-reduce with injected replies (deterministic)', () => {
  test('a map reply that is garbage is skipped and noted; the other reports still produce a cited answer', async () => {
    server.inject(
      { kind: 'content', text: 'Risks: delays, I think.' },
      { kind: 'content', text: mapReply([{ description: 'Flooding around Harlow is the water risk.', score: 80, evidence: ['F1'] }]) },
      { kind: 'content', text: mapReply([{ description: 'An audit covered Harlow Pumping Station.', score: 40, evidence: ['F1'] }]) },
      { kind: 'content', text: '{"answer": "The main risk is flooding around Harlow [P1]. Harlow was audited [P2].", "found": true}' },
    );
    const { answer, prompts, requests } = await replayAnswer();
    assert.equal(requests, 4, 'three map calls (no correction round) and one reduce');
    assert.deepEqual(answer.mapReduce.failedMaps, [{ communityId: 'c_kestrel', title: 'Kestrel rail programme', reason: 'invalid-json' }]);
    assert.ok(answer.modelNotes.includes('map skipped 1 unusable replies: "Kestrel rail programme" (invalid-json)'), answer.modelNotes.join(' | '));
    assert.deepEqual([answer.mapReduce.communitiesMapped, answer.mapReduce.pointsFound, answer.mapReduce.pointsKept, answer.mapReduce.reduceRequests], [3, 2, 2, 1]);
    assert.equal(answer.found, true);
    assert.equal(answer.answer, 'The main risk is flooding around Harlow [1]. Harlow was audited [2].');
    assert.deepEqual(answer.citations.map((citation) => [citation.kind, citation.id, citation.span?.start, citation.label]), [
      ['chunk', 'chunk_tidewater', 0, 'Tidewater water programme'],
      ['chunk', 'chunk_audit', 0, 'Harlow pump audit'],
    ]);
    assert.match(answer.metadata.answerer, /^llm map-reduce \(smollm2-replay, prompts global-map-1 \+ global-reduce-1\)$/);
    assert.equal(prompts.maps.length, 3);
    assert.match(prompts.maps[0] ?? '', /^Report: Kestrel rail programme\n[\s\S]*\[F1\] Kestrel testing is three weeks late[\s\S]*\[F2\] Castra Rail Signalling[\s\S]*Question: What are the main risks/);
  });

  test('invented evidence ids and points scored 0 are dropped; a point citing several findings cites them all', async () => {
    server.inject(
      {
        kind: 'content',
        text: mapReply([
          { description: 'Interlocking faults were invented here.', score: 90, evidence: ['F9'] },
          { description: 'Castra supplies the interlocking.', score: 0, evidence: ['F2'] },
          { description: 'Kestrel testing is late because of interlocking faults.', score: 70, evidence: ['F1', 'F2', 'F7'] },
          { description: 'The interlocking comes from Castra.', score: 50, evidence: ['[f2]'] },
        ]),
      },
      { kind: 'content', text: '{"answer": "Kestrel is late because of interlocking faults [P1]. The interlocking comes from Castra [P2]. Funding is at risk [P5].", "found": true}' },
    );
    const { answer, prompts } = await replayAnswer([KESTREL]);
    const lines = pointLines(prompts.reduces[0] ?? '');
    assert.deepEqual(lines, [
      '[P1] (importance 70, from "Kestrel rail programme") Kestrel testing is late because of interlocking faults.',
      '[P2] (importance 50, from "Kestrel rail programme") The interlocking comes from Castra.',
    ]);
    assert.ok(answer.modelNotes.includes('map dropped points: 1 citing no listed finding, 1 scored 0'), answer.modelNotes.join(' | '));
    assert.ok(answer.modelNotes.includes('dropped finding ids not in the reports: F9, F7'));
    assert.ok(answer.modelNotes.includes('dropped ids not in the context: P5'));
    assert.equal(answer.answer, 'Kestrel is late because of interlocking faults [1, 2]. The interlocking comes from Castra [2]. Funding is at risk.');
    assert.deepEqual(answer.citations.map((citation) => `${citation.id}@${citation.span?.start}`), ['chunk_kestrel@0', 'chunk_kestrel@70']);
  });

  test('when no point survives the map the answer is "not found" and no reduce call is made', async () => {
    server.inject(
      { kind: 'content', text: mapReply([]) },
      { kind: 'content', text: mapReply([{ description: 'Nothing about risks here.', score: 0, evidence: ['F1'] }]) },
    );
    const { answer, prompts, requests } = await replayAnswer([KESTREL, TIDEWATER]);
    assert.equal(requests, 2);
    assert.equal(prompts.reduces.length, 0);
    assert.deepEqual([answer.found, answer.answer, answer.citations], [false, NOT_FOUND_ANSWER, []]);
    assert.equal(answer.mapReduce.reduceRequests, 0);
    assert.ok(answer.modelNotes.includes('no point survived the map: no reduce call'));
  });

  test('a synthesis that claims an answer but cites nothing is withheld', async () => {
    server.inject(
      { kind: 'content', text: mapReply([{ description: 'Kestrel testing is late.', score: 90, evidence: ['F1'] }]) },
      { kind: 'content', text: '{"answer": "The main risk is a delay.", "found": true}' },
    );
    const { answer } = await replayAnswer([KESTREL]);
    assert.deepEqual([answer.found, answer.answer, answer.citations], [false, NOT_FOUND_ANSWER, []]);
    assert.ok(answer.modelNotes.includes('withheld: the model claimed an answer but cited no evidence from the context'));
  });

  test('the reduce receives the points in score order and only as many as its token budget holds', async () => {
    const first = [
      { description: 'Kestrel testing is three weeks late.', score: 30, evidence: ['F1'] },
      { description: 'Interlocking faults delay the Harbour Line opening.', score: 90, evidence: ['F1', 'F2'] },
      { description: 'Castra Rail Signalling is the single interlocking supplier.', score: 60, evidence: ['F2'] },
    ];
    const second = [{ description: 'Flooding around Harlow is the water risk.', score: 75, evidence: ['F1'] }];
    server.inject({ kind: 'content', text: mapReply(first) }, { kind: 'content', text: mapReply(second) }, { kind: 'content', text: '{"answer": "Delays [P1] and flooding [P2].", "found": true}' });
    const all = await replayAnswer([KESTREL, TIDEWATER]);
    const scores = pointLines(all.prompts.reduces[0] ?? '').map((line) => Number(/importance (\d+)/.exec(line)?.[1]));
    assert.deepEqual(scores, [90, 75, 60, 30]);

    const budget = pointLines(all.prompts.reduces[0] ?? '').slice(0, 2).reduce((sum, line) => sum + countTokens(`${line}\n`), 0);
    server.inject({ kind: 'content', text: mapReply(first) }, { kind: 'content', text: mapReply(second) }, { kind: 'content', text: '{"answer": "Delays [P1] and flooding [P2].", "found": true}' });
    const tight = await replayAnswer([KESTREL, TIDEWATER], { reduceTokens: budget });
    const kept = pointLines(tight.prompts.reduces[0] ?? '');
    assert.deepEqual(kept.map((line) => Number(/importance (\d+)/.exec(line)?.[1])), [90, 75]);
    assert.ok(kept.reduce((sum, line) => sum + countTokens(`${line}\n`), 0) <= budget);
    assert.deepEqual([tight.answer.mapReduce.pointsFound, tight.answer.mapReduce.pointsKept], [4, 2]);
    assert.ok(tight.answer.modelNotes.includes(`reduce: 2 of 4 points within ${budget} tokens`));
  });

  test('a point too long for the remaining budget is skipped, and a shorter lower-scored one still fits', () => {
    const point = (description: string, score: number): MapPoint => ({ description, score, communityRank: 0, source: 'Report', findings: [{ id: 'F1', text: 'x', citation: { kind: 'chunk', id: 'chunk_x', label: 'Report' } }] });
    const long = 'Delay '.repeat(80).trim();
    const selection = selectReducePoints([point('Flooding.', 90), point(long, 80), point('Audit.', 10)], 40);
    assert.deepEqual(selection.lines.map((line) => [line.id, line.score]), [['P1', 90], ['P2', 10]]);
    assert.ok(selection.tokens <= 40);
    assert.deepEqual(selectReducePoints([point(long, 80)], 40).lines, []);
  });

  test('map prompts stay within their token budget and at most maxCommunities reports are mapped', async () => {
    const many = Array.from({ length: 12 }, (_unused, index) => finding('chunk_long', `Finding ${index + 1} says the Kestrel interlocking delay affects milestone ${index + 1} of the Harbour Line works.`, index * 100));
    const crowded = scoredCommunity('c_crowded', 'Crowded report', many);
    server.inject({ kind: 'content', text: mapReply([]) }, { kind: 'content', text: mapReply([]) });
    const { prompts, answer } = await replayAnswer([crowded, KESTREL, TIDEWATER], { mapPromptTokens: 150, maxCommunities: 2 });
    assert.equal(prompts.maps.length, 2);
    assert.deepEqual([answer.mapReduce.communitiesOffered, answer.mapReduce.communitiesMapped], [3, 2]);
    assert.ok(answer.modelNotes.includes('map: 2 of 3 communities mapped, 0 points'));
    const crowdedPrompt = prompts.maps[0] ?? '';
    const listed = crowdedPrompt.split('\n').filter((line) => /^\[F\d+\]/.test(line)).length;
    assert.ok(listed >= 1 && listed < 12, `${listed} of 12 findings listed`);
    assert.ok(countTokens(crowdedPrompt) <= 150, `${countTokens(crowdedPrompt)} tokens`);
  });

  test('map calls run concurrently up to the limit', async () => {
    const slow = await startReplayServer({ apiKey: REPLAY_KEY, delayMs: 40 });
    try {
      const { model } = await createReplayModel(slow, {}, { cache: false });
      for (let index = 0; index < 4; index += 1) slow.inject({ kind: 'content', text: mapReply([]) });
      const four = [KESTREL, TIDEWATER, AUDIT, scoredCommunity('c_fourth', 'Fourth', [finding('chunk_fourth', 'A fourth report.')])];
      const answer = await answerGlobalWithLlm(RISK_QUESTION, globalContext(four), { model, concurrency: 2 });
      assert.equal(slow.requests.length, 4);
      assert.equal(slow.maxConcurrent, 2);
      assert.equal(answer.mapReduce.communitiesMapped, 4);
    } finally {
      await slow.close();
    }
  });

  test('budget, cancellation and model-call errors are not skipped: they stop the answer', async () => {
    const { model: capped } = await createReplayModel(server, {}, { cache: false, budget: new Budget({ maxTokens: 50 }) });
    const before = server.requests.length;
    await assert.rejects(answerGlobalWithLlm(RISK_QUESTION, globalContext([KESTREL, TIDEWATER]), { model: capped }), (error: unknown) => error instanceof BudgetExceededError);
    assert.equal(server.requests.length, before, 'no call passed the budget');

    const { model } = await createReplayModel(server, { maxRetries: 0 }, { cache: false });
    server.inject({ kind: 'hang' }, { kind: 'hang' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(answerGlobalWithLlm(RISK_QUESTION, globalContext([KESTREL, TIDEWATER, AUDIT]), { model, concurrency: 2, signal: controller.signal }), (error: unknown) => isRhizomeError(error, 'ABORTED'));
    assert.equal(server.requests.length - before, 2, 'the third report was never mapped');

    server.inject({ kind: 'status', status: 401 });
    await assert.rejects(answerGlobalWithLlm(RISK_QUESTION, globalContext([KESTREL]), { model }), (error: unknown) => isRhizomeError(error, 'CONFIG_INVALID'));
  });
});

const smollm2 = locateTestAsset('smollm2');

describe('global map-reduce with the real SmolLM2-135M (llama.cpp) over a real index', { skip: smollm2.skip }, () => {
  const base = makeTempDir();
  const workspace = path.join(base, 'workspace');
  const DOCUMENTS: Record<string, string> = {
    'rail-1.txt': 'Signalling contract\n\nCastra Rail Signalling supplies the interlocking for the Kestrel programme. Priya Raman leads the Kestrel programme.',
    'rail-2.txt': 'Kestrel delay\n\nKestrel testing on the Harbour Line is three weeks late after faults in the Castra Rail Signalling interlocking. The main risk is a delay to the Harbour Line opening.',
    'water-1.txt': 'Tidewater works\n\nHalden Pumps supplies the pumps for the Tidewater programme at Harlow Pumping Station. Marcus Lindqvist manages the Tidewater programme.',
    'water-2.txt': 'Tidewater flooding\n\nTidewater reduces the risk of flooding around Harlow Pumping Station. Morrow Industries replaced Halden Pumps as pump supplier for Tidewater.',
  };

  before(async () => {
    const root = path.join(base, 'docs');
    mkdirSync(root, { recursive: true });
    for (const [name, text] of Object.entries(DOCUMENTS)) writeFileSync(path.join(root, name), text);
    const offline = createRhizome({ workspace });
    await offline.index(root);
    await offline.close();
  });

  test('global questions are map-reduced end to end: one call per mapped community, at most one reduce, and only existing chunks cited', async () => {
    const rhizome = createRhizome({ workspace, llm: { provider: 'llama-cpp', modelPath: smollm2.path, threads: 1, contextSize: 4096, maxOutputTokens: 300, concurrency: 1 } });
    try {
      for (const question of [RISK_QUESTION, 'Which suppliers work with the programmes across all the documents?']) {
        const context = await rhizome.retrieve(question, { mode: 'global' });
        assert.ok(context.communities.length >= 1, 'the index has community reports to map');
        const usageBefore = rhizome.queryUsage().report().byPurpose;
        const answer = await rhizome.query(question, { mode: 'global' });
        const usage = rhizome.queryUsage().report().byPurpose;
        const requests = (purpose: string) => {
          const now = usage[purpose];
          const then = usageBefore[purpose];
          return (now ? now.calls + now.cachedCalls + now.failedCalls : 0) - (then ? then.calls + then.cachedCalls + then.failedCalls : 0);
        };
        assert.equal(answer.mode, 'global');
        assert.match(answer.metadata.answerer, /^llm map-reduce \(llama-cpp:SmolLM2-135M-Instruct\.Q4_1\.gguf/);
        assert.equal(requests('answer'), 0, 'the single-call answerer is not used');
        assert.equal(requests('global-map'), Math.min(8, context.communities.length), 'one map call per mapped community');
        const reduced = /no point survived the map/.test(answer.metadata.reason) ? 0 : 1;
        assert.equal(requests('global-reduce'), reduced, answer.metadata.reason);
        assert.match(answer.metadata.reason, new RegExp(`map: ${Math.min(8, context.communities.length)} of ${context.communities.length} communities mapped`));

        if (!answer.found) assert.deepEqual(answer.citations, [], `a not-found answer cites nothing: ${answer.answer}`);
        else assert.ok(answer.citations.length > 0);
        const chunkIds = answer.citations.filter((citation) => citation.kind === 'chunk').map((citation) => citation.id);
        assert.equal(chunkIds.length, answer.citations.length, 'global answers cite chunks');
        const sources = await rhizome.chunkSources(chunkIds);
        for (const id of chunkIds) assert.ok(sources.has(id), `cited chunk ${id} exists`);
        for (const marker of answer.answer.matchAll(/\[(\d+(?:, \d+)*)\]/g)) {
          for (const number of (marker[1] ?? '').split(', ').map(Number)) assert.ok(number >= 1 && number <= answer.citations.length, `marker [${number}] points into the citations`);
        }
      }
    } finally {
      await rhizome.close();
    }
  });
});
