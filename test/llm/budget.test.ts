import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { estimateExtractionCost } from '../../src/extraction/llm/estimate-extraction-cost.js';
import { buildExtractionRequest } from '../../src/extraction/llm/extract-with-llm.js';
import { extractChunksWithLlm } from '../../src/extraction/llm/extract-chunks-with-llm.js';
import { Budget, parseBudget } from '../../src/llm/budget.js';
import { estimateInputTokens } from '../../src/llm/middleware/with-budget-guard.js';
import { BudgetExceededError } from '../../src/llm/model-errors.js';
import { costOf } from '../../src/llm/model-prices.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { FIXTURE_CHUNKS, FIXTURE_REPLY_LIMITS, FIXTURE_SCHEMA } from './fixture-requests.js';
import { createReplayModel, REPLAY_KEY, replayConfig } from './replay-model.js';
import { startReplayServer, type ReplayServer } from './replay-server.js';

let server: ReplayServer;
before(async () => {
  server = await startReplayServer({ apiKey: REPLAY_KEY });
});
after(() => server.close());

const prices = { inputPerMillion: 1000, outputPerMillion: 2000 };
const maxOutputTokens = 400;
const context = { schema: FIXTURE_SCHEMA, gleaning: 0, replyLimits: FIXTURE_REPLY_LIMITS };

/** The worst case the guard reserves for the first chunk's first request. */
function firstChunkWorstCase(): { tokens: number; dollars: number } {
  const { schema: _schema, schemaName, jsonSchema, ...chat } = buildExtractionRequest(FIXTURE_CHUNKS[0] as (typeof FIXTURE_CHUNKS)[number], FIXTURE_SCHEMA, FIXTURE_REPLY_LIMITS);
  const inputTokens = estimateInputTokens({ ...chat, responseFormat: { type: 'json', name: schemaName, schema: jsonSchema ?? {} } });
  return { tokens: inputTokens + maxOutputTokens, dollars: costOf({ inputTokens, outputTokens: maxOutputTokens }, prices) };
}

test('--budget values read as dollars or tokens', () => {
  assert.deepEqual(parseBudget('$2'), { maxDollars: 2 });
  assert.deepEqual(parseBudget('0.50'), { maxDollars: 0.5 });
  assert.deepEqual(parseBudget('3 usd'), { maxDollars: 3 });
  assert.deepEqual(parseBudget('200k tokens'), { maxTokens: 200_000 });
  assert.deepEqual(parseBudget('1.5m'), { maxTokens: 1_500_000 });
  assert.deepEqual(parseBudget('150000 tokens'), { maxTokens: 150_000 });
  assert.throws(() => parseBudget('lots'), /--budget "lots"/);
});

test('the budget guard stops before the call that could pass a dollar cap; a rerun resumes without repeating a call', async () => {
  const cacheDirectory = makeTempDir('rhizome-llm-cache-');
  const cap = firstChunkWorstCase().dollars * 1.05;
  const budget = new Budget({ maxDollars: cap });
  const { model, usage } = await createReplayModel(server, { prices, maxOutputTokens }, { cacheDirectory, budget });
  const seen = server.requests.length;
  const run = await extractChunksWithLlm(FIXTURE_CHUNKS, { model, ...context }, { concurrency: 2 });
  assert.ok(run.stoppedBy instanceof BudgetExceededError);
  assert.equal(run.stoppedBy.code, 'PARTIAL_RUN');
  assert.deepEqual(run.outcomes.map((outcome) => outcome.chunkId), [FIXTURE_CHUNKS[0]?.chunk.id]);
  assert.deepEqual(run.pendingChunkIds, FIXTURE_CHUNKS.slice(1).map((source) => source.chunk.id));
  assert.equal(server.requests.length - seen, 1, 'the second chunk was refused while the first was in flight');
  assert.ok(budget.state().spentDollars <= cap, `spent $${budget.state().spentDollars} within the cap $${cap}`);
  assert.ok(Math.abs(usage.report().total.dollars - budget.state().spentDollars) < 1e-12, 'usage accounting and the budget agree');
  assert.equal(usage.report().total.failedCalls, 0, 'a refused call is not a failed call');

  const estimate = await estimateExtractionCost(FIXTURE_CHUNKS, FIXTURE_SCHEMA, { ...(await createReplayModel(server, { prices, maxOutputTokens })).config }, { cacheDirectory, replyLimits: FIXTURE_REPLY_LIMITS });
  assert.deepEqual([estimate.cachedChunks, estimate.calls, estimate.priceSource], [1, 2, 'config'], 'the dry run sees the checkpoint');

  const resumed = await createReplayModel(server, { prices, maxOutputTokens }, { cacheDirectory, budget: new Budget({ maxDollars: 100 }) });
  const before = server.requests.length;
  const rerun = await extractChunksWithLlm(FIXTURE_CHUNKS, { model: resumed.model, ...context }, { concurrency: 2 });
  assert.equal(rerun.stoppedBy, null);
  assert.equal(rerun.pendingChunkIds.length, 0);
  assert.deepEqual(rerun.outcomes[0]?.extraction, run.outcomes[0]?.extraction);
  assert.equal(server.requests.length - before, 4, 'chunks 2 and 3 only: a first request and a correction each');
  const bodies = server.requests.slice(seen).map((request) => JSON.stringify(request.body.messages));
  assert.equal(new Set(bodies).size, bodies.length, 'no request was made twice across the two runs');
});

test('a token cap counts input and output tokens of every model', async () => {
  const cap = firstChunkWorstCase().tokens + 50;
  const budget = new Budget({ maxTokens: cap });
  const { model } = await createReplayModel(server, { maxOutputTokens }, { cache: false, budget });
  const run = await extractChunksWithLlm(FIXTURE_CHUNKS, { model, ...context }, { concurrency: 1 });
  assert.equal(run.outcomes.length, 1);
  assert.ok(run.stoppedBy && run.stoppedBy.budget.spentTokens > 0 && run.stoppedBy.budget.spentTokens <= cap);
  assert.match(run.stoppedBy.message, /budget of \d+ tokens reached/);
});

test('the dry run counts the real prompts, prices them and spends nothing', async () => {
  const { config } = await createReplayModel(server, { prices, maxOutputTokens, gleaning: 1 });
  const seen = server.requests.length;
  const estimate = await estimateExtractionCost(FIXTURE_CHUNKS, FIXTURE_SCHEMA, config, { replyLimits: FIXTURE_REPLY_LIMITS });
  assert.equal(server.requests.length, seen);
  assert.equal(estimate.calls, 6, 'one call per chunk plus one gleaning pass each');
  assert.ok(estimate.inputTokens > 3 * (firstChunkWorstCase().tokens - maxOutputTokens), 'gleaning re-sends the conversation');
  assert.ok(estimate.maxDollars >= estimate.dollars && estimate.dollars > 0);
  assert.ok(estimate.inputTokensPerCorpusToken > 1, 'the rules dominate three short chunks');
});

test('a dry run for OpenAI needs no API key and prices from the built-in table', async () => {
  delete process.env.RHIZOME_TEST_UNSET_KEY;
  const config = replayConfig(server, { provider: 'openai', model: 'gpt-4o-mini', baseUrl: undefined, apiKeyEnv: 'RHIZOME_TEST_UNSET_KEY' });
  const estimate = await estimateExtractionCost(FIXTURE_CHUNKS, FIXTURE_SCHEMA, config);
  assert.deepEqual([estimate.model, estimate.priceSource, estimate.calls], ['gpt-4o-mini', 'built-in table', 3]);
  assert.ok(Math.abs(estimate.dollars - costOf({ inputTokens: estimate.inputTokens, outputTokens: estimate.expectedOutputTokens }, { inputPerMillion: 0.15, outputPerMillion: 0.6 })) < 1e-12);
});
