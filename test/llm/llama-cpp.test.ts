import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { z } from 'zod';
import { countTokens } from '../../src/chunking/tokens.js';
import { answerWithLlm } from '../../src/answer/llm-answer.js';
import { collectEvidence } from '../../src/answer/llm/collect-evidence.js';
import { nodeTypeNames } from '../../src/config/graph-schema.js';
import { embeddingConfigSchema, llmConfigSchema } from '../../src/config/model-config.js';
import { chunkExtractionSchema } from '../../src/core/records.js';
import { extractChunksWithLlm } from '../../src/extraction/llm/extract-chunks-with-llm.js';
import type { ChatModel } from '../../src/llm/chat-model.js';
import { createChatModel } from '../../src/llm/create-chat-model.js';
import { createEmbedder } from '../../src/llm/create-embedder.js';
import { generateObject } from '../../src/llm/generate-object.js';
import { costOf } from '../../src/llm/model-prices.js';
import { UsageMeter } from '../../src/llm/usage-meter.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { locateTestAsset } from '../helpers/test-assets.js';
import { FIXTURE_CHUNKS, FIXTURE_QUESTION, FIXTURE_REPLY_LIMITS, FIXTURE_SCHEMA, fixtureAnswerContext } from './fixture-requests.js';

process.env.NODE_LLAMA_CPP_SKIP_DOWNLOAD = 'true';
const smollm2 = locateTestAsset('smollm2');
const skip = smollm2.skip;
const prices = { inputPerMillion: 1, outputPerMillion: 2 };
const config = llmConfigSchema.parse({ provider: 'llama-cpp', modelPath: smollm2.path, threads: 1, contextSize: 2048, maxOutputTokens: 400, prices });
const opened: ChatModel[] = [];
after(async () => {
  for (const model of opened) await model.close();
});

async function openModel(cacheDirectory: string, usage: UsageMeter): Promise<ChatModel> {
  const model = await createChatModel(config, { workspace: cacheDirectory, cacheDirectory, usage });
  opened.push(model);
  return model;
}

test('structured output from SmolLM2 is valid JSON for the schema every time (grammar-constrained)', { skip }, async () => {
  const model = await openModel(makeTempDir(), new UsageMeter());
  const schema = z.object({ city: z.string(), country: z.string(), facts: z.array(z.string()) });
  const jsonSchema = { type: 'object', properties: { city: { type: 'string', maxLength: 30 }, country: { type: 'string', maxLength: 30 }, facts: { type: 'array', maxItems: 3, items: { type: 'string', maxLength: 60 } } }, required: ['city', 'country', 'facts'], additionalProperties: false };
  for (const sentence of ['Paris is the capital of France.', 'Lisbon lies on the Tagus in Portugal.', 'Malmö is a Swedish port city facing Copenhagen.']) {
    const result = await generateObject(model, { system: 'You describe the city a sentence mentions, as JSON.', messages: [{ role: 'user', content: sentence }], promptVersion: 'city-1', purpose: 'test', schema, schemaName: 'city', jsonSchema, maxCorrections: 0, maxOutputTokens: 200 });
    assert.equal(typeof result.object.city, 'string');
    assert.ok(result.object.facts.length <= 3);
    assert.equal(result.repaired, false, `plain JSON, no repair needed: ${result.text}`);
  }
});

test('LLM extraction with SmolLM2: every chunk yields schema-valid records or a dead letter; a second run makes zero calls', { skip }, async (context) => {
  const cacheDirectory = makeTempDir('rhizome-llama-cache-');
  const usage = new UsageMeter();
  const model = await openModel(cacheDirectory, usage);
  const started = performance.now();
  const run = await extractChunksWithLlm(FIXTURE_CHUNKS, { model, schema: FIXTURE_SCHEMA, gleaning: 0, replyLimits: FIXTURE_REPLY_LIMITS }, { concurrency: 1 });
  const seconds = (performance.now() - started) / 1000;
  assert.equal(run.outcomes.length, FIXTURE_CHUNKS.length);
  const allowedTypes = new Set(nodeTypeNames(FIXTURE_SCHEMA));
  for (const outcome of run.outcomes) {
    if (outcome.extraction) {
      assert.equal(outcome.deadLetter, null);
      const extraction = chunkExtractionSchema.parse(outcome.extraction);
      const source = FIXTURE_CHUNKS.find((item) => item.chunk.id === outcome.chunkId);
      for (const entity of extraction.entities) {
        assert.ok(allowedTypes.has(entity.type), `declared type: ${entity.type}`);
        assert.ok(source && entity.span.start >= source.chunk.start && entity.span.end <= source.chunk.end, 'span inside the chunk');
      }
      for (const relation of extraction.relations) {
        const offset = relation.span.start - (source?.chunk.start ?? 0);
        assert.equal(source?.chunk.text.slice(offset, offset + relation.evidence.length), relation.evidence, 'evidence is the chunk text at its span');
      }
    } else {
      assert.ok(outcome.deadLetter && ['truncated', 'invalid-json', 'schema-mismatch', 'model-call-failed'].includes(outcome.deadLetter.reason));
      assert.equal(outcome.deadLetter.chunkId, outcome.chunkId);
      assert.ok(outcome.deadLetter.detail.length > 0);
    }
  }
  const total = usage.report().total;
  assert.equal(total.calls, run.counts.modelCalls);
  assert.ok(total.calls >= FIXTURE_CHUNKS.length && total.inputTokens > 0 && total.outputTokens > 0);
  assert.ok(Math.abs(total.dollars - costOf(total, prices)) < 1e-12, 'cost from the configured price table');
  const corpusTokens = FIXTURE_CHUNKS.reduce((sum, source) => sum + countTokens(source.chunk.text), 0);
  context.diagnostic(`SmolLM2 extraction: ${total.calls} calls for ${FIXTURE_CHUNKS.length} chunks (${(total.calls / FIXTURE_CHUNKS.length).toFixed(2)}/chunk), ${total.inputTokens} input + ${total.outputTokens} output tokens, ${run.deadLetters.length} dead letters (${run.deadLetters.map((letter) => letter.reason).join(', ')}), ${seconds.toFixed(1)} s; ${(total.inputTokens / corpusTokens).toFixed(1)} input tokens per corpus token (o200k count of ${corpusTokens} chunk tokens)`);

  const rerunUsage = new UsageMeter();
  const rerunModel = await openModel(cacheDirectory, rerunUsage);
  const rerun = await extractChunksWithLlm(FIXTURE_CHUNKS, { model: rerunModel, schema: FIXTURE_SCHEMA, gleaning: 0, replyLimits: FIXTURE_REPLY_LIMITS }, { concurrency: 1 });
  assert.equal(rerunUsage.report().total.calls, 0, 'zero model calls on unchanged input');
  assert.equal(rerunUsage.report().total.cachedCalls, total.calls);
  assert.deepEqual(rerun.outcomes.map((outcome) => [outcome.extraction, outcome.deadLetter]), run.outcomes.map((outcome) => [outcome.extraction, outcome.deadLetter]));
});

test('an answer from SmolLM2 keeps the Answer shape and cites only evidence from the context', { skip }, async () => {
  const model = await openModel(makeTempDir(), new UsageMeter());
  const context = fixtureAnswerContext();
  const answer = await answerWithLlm(FIXTURE_QUESTION, context, { model });
  const known = new Set(collectEvidence(context).map((item) => `${item.citation.kind}:${item.citation.id}`));
  assert.equal(typeof answer.answer, 'string');
  assert.ok(answer.answer.length > 0);
  for (const citation of answer.citations) assert.ok(known.has(`${citation.kind}:${citation.id}`), `cited ${citation.kind}:${citation.id} is in the context`);
  if (answer.found) assert.ok(answer.citations.length > 0);
});

test('llama-cpp embeddings from the same GGUF are unit vectors of one size', { skip }, async () => {
  const embedder = await createEmbedder(embeddingConfigSchema.parse({ provider: 'llama-cpp', modelPath: smollm2.path }), { workspace: makeTempDir(), threads: 1 });
  try {
    const result = await embedder.embed({ texts: ['Kite uses the VX-9 module.', 'Lumen Optics supplies sensors.'], purpose: 'test' });
    assert.equal(result.embeddings.length, 2);
    assert.ok(result.dimensions > 0 && result.embeddings.every((vector) => vector.length === result.dimensions));
    for (const vector of result.embeddings) assert.ok(Math.abs(Math.hypot(...vector) - 1) < 1e-6);
    assert.ok(result.usage.inputTokens > 0);
  } finally {
    await embedder.close();
  }
});
