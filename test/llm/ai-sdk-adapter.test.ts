import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { embeddingConfigSchema, llmConfigSchema } from '../../src/config/model-config.js';
import { isRhizomeError } from '../../src/errors/rhizome-error.js';
import { extractChunksWithLlm } from '../../src/extraction/llm/extract-chunks-with-llm.js';
import { createChatModel } from '../../src/llm/create-chat-model.js';
import { createEmbedder } from '../../src/llm/create-embedder.js';
import { generateObject } from '../../src/llm/generate-object.js';
import { ModelCallError } from '../../src/llm/model-errors.js';
import { UsageMeter } from '../../src/llm/usage-meter.js';
import { answerReplySchema } from '../../src/prompts/answer-question-prompt.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { FIXTURE_CHUNKS, FIXTURE_PLAIN_REQUEST, FIXTURE_REPLY_LIMITS, FIXTURE_SCHEMA } from './fixture-requests.js';
import { createReplayModel, REPLAY_KEY } from './replay-model.js';
import { loadRecordedEmbeddings, loadRecordedReplies, startReplayServer, type ReplayServer } from './replay-server.js';

let server: ReplayServer;
const recorded = loadRecordedReplies();
const plainReply = recorded.find((reply) => reply.messages[0]?.content === FIXTURE_PLAIN_REQUEST.messages[0]?.content);

before(async () => {
  server = await startReplayServer({ apiKey: REPLAY_KEY, embeddings: loadRecordedEmbeddings() });
});
after(() => server.close());

test('the AI SDK adapter sends the model, key and system prompt, and returns the recorded reply with its usage', async () => {
  const { model, usage } = await createReplayModel(server, {}, { cache: false });
  const seen = server.requests.length;
  const response = await model.generate(FIXTURE_PLAIN_REQUEST);
  assert.equal(response.text, plainReply?.text);
  assert.deepEqual(response.usage, plainReply?.usage);
  assert.equal(response.finishReason, 'stop');
  const request = server.requests[seen];
  assert.equal(request?.authorization, `Bearer ${REPLAY_KEY}`);
  assert.equal(request?.body.model, 'smollm2-replay');
  assert.equal(request?.body.max_tokens, 40);
  assert.deepEqual((request?.body.messages as Array<{ role: string }>).map((message) => message.role), ['system', 'user']);
  assert.deepEqual(usage.report().total, { ...usage.report().total, calls: 1, inputTokens: plainReply?.usage.inputTokens, outputTokens: plainReply?.usage.outputTokens, retries: 0 });
});

test('a JSON request sends the schema as json_schema, without the size bounds meant for local grammars', async () => {
  const { model } = await createReplayModel(server, {}, { cache: false });
  server.inject({ kind: 'content', text: '{"answer": "Kite", "found": true}' });
  const seen = server.requests.length;
  const result = await generateObject(model, { ...FIXTURE_PLAIN_REQUEST, schema: answerReplySchema, schemaName: 'cited_answer', jsonSchema: { type: 'object', properties: { answer: { type: 'string', maxLength: 50 }, found: { type: 'boolean' } }, required: ['answer', 'found'], additionalProperties: false } });
  assert.deepEqual(result.object, { answer: 'Kite', found: true });
  const format = server.requests[seen]?.body.response_format as { type: string; json_schema: { name: string; schema: { properties: { answer: Record<string, unknown> } } } };
  assert.equal(format.type, 'json_schema');
  assert.equal(format.json_schema.name, 'cited_answer');
  assert.deepEqual(format.json_schema.schema.properties.answer, { type: 'string' });
});

test('a missing API key fails before any request, naming the option and the variable', async () => {
  const config = llmConfigSchema.parse({ provider: 'openai-compatible', model: 'm', baseUrl: server.baseUrl, apiKeyEnv: 'RHIZOME_TEST_UNSET_KEY' });
  delete process.env.RHIZOME_TEST_UNSET_KEY;
  const model = await createChatModel(config, { workspace: makeTempDir(), cache: false });
  const seen = server.requests.length;
  await assert.rejects(model.generate(FIXTURE_PLAIN_REQUEST), (error: unknown) => isRhizomeError(error, 'CONFIG_INVALID') && /llm\.apiKeyEnv/.test(error.message) && /RHIZOME_TEST_UNSET_KEY/.test(error.message));
  const openai = await createChatModel(llmConfigSchema.parse({ provider: 'openai', model: 'gpt-4o-mini', apiKeyEnv: 'RHIZOME_TEST_UNSET_KEY' }), { workspace: makeTempDir(), cache: false });
  await assert.rejects(openai.generate(FIXTURE_PLAIN_REQUEST), /RHIZOME_TEST_UNSET_KEY/);
  assert.equal(server.requests.length, seen);
});

test('429 with Retry-After, 500, a timeout and a garbage body are each retried; the retries are counted', async () => {
  const usage = new UsageMeter();
  const { model } = await createReplayModel(server, { timeoutMs: 400, maxRetries: 4 }, { cache: false, usage });
  server.inject({ kind: 'status', status: 429, headers: { 'retry-after': '1' } }, { kind: 'status', status: 500 }, { kind: 'hang' }, { kind: 'garbage-body' });
  const seen = server.requests.length;
  const started = performance.now();
  const response = await model.generate(FIXTURE_PLAIN_REQUEST);
  const seconds = (performance.now() - started) / 1000;
  assert.equal(response.text, plainReply?.text);
  assert.deepEqual(server.requests.slice(seen).map((request) => request.servedWith), ['status', 'status', 'hang', 'garbage-body', 'recorded']);
  assert.ok(seconds >= 1.3, `waited for Retry-After (1 s) and the timeout (0.4 s): ${seconds.toFixed(2)} s`);
  assert.deepEqual([usage.report().total.calls, usage.report().total.retries, usage.report().total.failedCalls], [1, 4, 0]);
});

test('retries stop at llm.maxRetries and the typed error says why; 401 is not retried', async () => {
  const usage = new UsageMeter();
  const { model } = await createReplayModel(server, { maxRetries: 2 }, { cache: false, usage });
  server.inject({ kind: 'status', status: 503 }, { kind: 'status', status: 503 }, { kind: 'status', status: 503 });
  let seen = server.requests.length;
  await assert.rejects(model.generate(FIXTURE_PLAIN_REQUEST), (error: unknown) => error instanceof ModelCallError && error.kind === 'server' && error.status === 503 && error.retryable);
  assert.equal(server.requests.length - seen, 3);
  server.inject({ kind: 'status', status: 401 });
  seen = server.requests.length;
  await assert.rejects(model.generate(FIXTURE_PLAIN_REQUEST), (error: unknown) => error instanceof ModelCallError && error.kind === 'auth' && error.fatal);
  assert.equal(server.requests.length - seen, 1);
  assert.equal(usage.report().total.failedCalls, 2);
});

test('garbage replies are repaired when JSON can be dug out, else corrected once, then dead-lettered with the chunk id', async () => {
  const { model } = await createReplayModel(server, {}, { cache: false });
  const first = recorded[0] as (typeof recorded)[number];
  const source = FIXTURE_CHUNKS[0] as (typeof FIXTURE_CHUNKS)[number];
  server.inject({ kind: 'content', text: `Sure! Here is the graph:\n\`\`\`json\n${first.text}\n\`\`\`` });
  const repaired = await extractChunksWithLlm([source], { model, schema: FIXTURE_SCHEMA, gleaning: 0, replyLimits: FIXTURE_REPLY_LIMITS }, { concurrency: 1 });
  assert.equal(repaired.counts.repairedReplies, 1);
  assert.ok(repaired.outcomes[0]?.extraction && repaired.outcomes[0].extraction.entities.length > 0);
  server.inject({ kind: 'content', text: 'I am sorry, I cannot help with that.' }, { kind: 'content', text: '{"nodes": "none"}' });
  const seen = server.requests.length;
  const dead = await extractChunksWithLlm([source], { model, schema: FIXTURE_SCHEMA, gleaning: 0, replyLimits: FIXTURE_REPLY_LIMITS }, { concurrency: 1 });
  assert.equal(server.requests.length - seen, 2, 'one correction request, then give up');
  const correction = (server.requests[seen + 1]?.body.messages as Array<{ role: string; content: string }>).at(-1)?.content ?? '';
  assert.match(correction, /could not be read as JSON/);
  assert.deepEqual(dead.deadLetters.map((letter) => [letter.chunkId, letter.reason]), [[source.chunk.id, 'schema-mismatch']]);
  assert.equal(dead.outcomes[0]?.extraction, null, 'never turned into an empty extraction');
});

test('extraction over the recorded replies: schema-valid records or dead letters, and a second run makes zero calls', async () => {
  const cacheDirectory = makeTempDir('rhizome-llm-cache-');
  const { model, usage } = await createReplayModel(server, {}, { cacheDirectory });
  const seen = server.requests.length;
  const run = await extractChunksWithLlm(FIXTURE_CHUNKS, { model, schema: FIXTURE_SCHEMA, gleaning: 1, replyLimits: FIXTURE_REPLY_LIMITS }, { concurrency: 2 });
  assert.equal(run.outcomes.length, FIXTURE_CHUNKS.length);
  for (const outcome of run.outcomes) assert.ok((outcome.extraction === null) !== (outcome.deadLetter === null), `${outcome.chunkId}: exactly one of extraction or dead letter`);
  assert.deepEqual(run.deadLetters.map((letter) => letter.reason), ['truncated', 'truncated'], 'SmolLM2 loops on chunks 2 and 3 until the output limit');
  assert.equal(server.requests.length - seen, 6);
  assert.equal(usage.report().total.calls, 6);
  const again = await createReplayModel(server, {}, { cacheDirectory });
  const before = server.requests.length;
  const rerun = await extractChunksWithLlm(FIXTURE_CHUNKS, { model: again.model, schema: FIXTURE_SCHEMA, gleaning: 1, replyLimits: FIXTURE_REPLY_LIMITS }, { concurrency: 2 });
  assert.equal(server.requests.length, before, 'the second run is served from the cache');
  assert.deepEqual([again.usage.report().total.calls, again.usage.report().total.cachedCalls], [0, 6]);
  assert.deepEqual(rerun.outcomes, run.outcomes.map((outcome) => ({ ...outcome, counts: { ...outcome.counts, cachedRequests: outcome.counts.modelCalls + outcome.counts.cachedRequests, modelCalls: 0 } })));
});

test('a new prompt version misses the cache', async () => {
  const { model } = await createReplayModel(server);
  const seen = server.requests.length;
  await model.generate(FIXTURE_PLAIN_REQUEST);
  await model.generate(FIXTURE_PLAIN_REQUEST);
  await model.generate({ ...FIXTURE_PLAIN_REQUEST, promptVersion: 'fixture-plain-2' });
  assert.equal(server.requests.length - seen, 2);
});

test('the concurrency limit holds requests back, and the rate limit spaces their starts', async () => {
  const slow = await startReplayServer({ apiKey: REPLAY_KEY, delayMs: 150 });
  try {
    const { model } = await createReplayModel(slow, { concurrency: 2 }, { cache: false });
    await Promise.all(Array.from({ length: 6 }, () => model.generate(FIXTURE_PLAIN_REQUEST)));
    assert.equal(slow.maxConcurrent, 2);
    const limited = await createReplayModel(server, { requestsPerMinute: 600 }, { cache: false });
    const started = performance.now();
    await Promise.all(Array.from({ length: 4 }, () => limited.model.generate(FIXTURE_PLAIN_REQUEST)));
    assert.ok(performance.now() - started >= 290, '4 starts at 100 ms spacing take at least 300 ms');
  } finally {
    await slow.close();
  }
});

test('ollama goes through the same adapter at its base URL, without a key', async () => {
  const open = await startReplayServer();
  try {
    const model = await createChatModel(llmConfigSchema.parse({ provider: 'ollama', model: 'llama3.1', baseUrl: open.baseUrl }), { workspace: makeTempDir(), cache: false });
    assert.equal((await model.generate(FIXTURE_PLAIN_REQUEST)).text, plainReply?.text);
    assert.equal(open.requests[0]?.body.model, 'llama3.1');
  } finally {
    await open.close();
  }
});

test('AI SDK embeddings replay the recorded MiniLM vectors, and cached texts are not sent again', async () => {
  const embeddings = loadRecordedEmbeddings();
  const config = embeddingConfigSchema.parse({ provider: 'openai-compatible', model: 'minilm-replay', baseUrl: server.baseUrl, apiKeyEnv: 'RHIZOME_TEST_REPLAY_API_KEY' });
  const embedder = await createEmbedder(config, { workspace: makeTempDir() });
  const seen = server.requests.length;
  const first = await embedder.embed({ texts: embeddings.texts.slice(0, 2), purpose: 'chunks' });
  assert.deepEqual(first.embeddings, embeddings.embeddings.slice(0, 2));
  const second = await embedder.embed({ texts: embeddings.texts, purpose: 'chunks' });
  assert.deepEqual(second.embeddings, embeddings.embeddings);
  assert.equal(second.cachedCount, 2);
  assert.deepEqual(server.requests.slice(seen).map((request) => request.body.input), [embeddings.texts.slice(0, 2), embeddings.texts.slice(2)]);
});

test('anthropic and google load their own provider packages and call their APIs under llm.baseUrl with the key', async () => {
  process.env.RHIZOME_TEST_VENDOR_KEY = 'vendor-key';
  const open = await startReplayServer();
  try {
    for (const provider of ['anthropic', 'google'] as const) {
      const model = await createChatModel(llmConfigSchema.parse({ provider, model: 'vendor-model', baseUrl: open.baseUrl, apiKeyEnv: 'RHIZOME_TEST_VENDOR_KEY', maxRetries: 0 }), { workspace: makeTempDir(), cache: false });
      const seen = open.requests.length;
      await assert.rejects(model.generate(FIXTURE_PLAIN_REQUEST), (error: unknown) => error instanceof ModelCallError && error.kind === 'not-found' && error.fatal);
      const request = open.requests[seen];
      assert.match(request?.path ?? '', provider === 'anthropic' ? /\/messages$/ : /vendor-model:generateContent$/);
      assert.equal(request?.headers[provider === 'anthropic' ? 'x-api-key' : 'x-goog-api-key'], 'vendor-key');
    }
  } finally {
    await open.close();
  }
});

test('identical requests in flight together share one call', async () => {
  const { model, usage } = await createReplayModel(server);
  const seen = server.requests.length;
  const replies = await Promise.all([model.generate(FIXTURE_PLAIN_REQUEST), model.generate(FIXTURE_PLAIN_REQUEST), model.generate(FIXTURE_PLAIN_REQUEST)]);
  assert.equal(server.requests.length - seen, 1);
  assert.deepEqual(replies.map((reply) => reply.cached), [false, true, true]);
  assert.deepEqual([usage.report().total.calls, usage.report().total.cachedCalls], [1, 2]);
});
