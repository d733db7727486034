/**
 * Re-records the replay fixtures from the real models (run by hand, not by `npm test`):
 *
 *   scripts/fetch-test-assets.sh && NODE_LLAMA_CPP_SKIP_DOWNLOAD=true node --import tsx test/llm/record-fixtures.ts
 *
 * It runs the fixture requests through SmolLM2-135M-Instruct (node-llama-cpp, CPU, one thread)
 * and MiniLM (transformers.js), and writes what each request got to test/llm/fixtures/. The
 * replay server serves these replies to the AI SDK adapter in the tests.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answerWithLlm } from '../../src/answer/llm-answer.js';
import { embeddingConfigSchema, llmConfigSchema } from '../../src/config/model-config.js';
import { extractChunksWithLlm } from '../../src/extraction/llm/extract-chunks-with-llm.js';
import type { ChatModel } from '../../src/llm/chat-model.js';
import { createChatModel } from '../../src/llm/create-chat-model.js';
import { createEmbedder } from '../../src/llm/create-embedder.js';
import { locateTestAsset } from '../helpers/test-assets.js';
import { FIXTURE_CHUNKS, FIXTURE_EMBEDDING_TEXTS, FIXTURE_PLAIN_REQUEST, FIXTURE_QUESTION, FIXTURE_REPLY_LIMITS, FIXTURE_SCHEMA, fixtureAnswerContext } from './fixture-requests.js';
import type { RecordedReply } from './replay-server.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const smollm2 = locateTestAsset('smollm2');
const minilm = locateTestAsset('minilm');
if (smollm2.skip || minilm.skip) throw new Error(String(smollm2.skip || minilm.skip));

const recorded: RecordedReply[] = [];
const base = await createChatModel(llmConfigSchema.parse({ provider: 'llama-cpp', modelPath: smollm2.path, threads: 1, maxOutputTokens: 400 }), { workspace: '/tmp', cache: false });
const recorder: ChatModel = {
  ...base,
  async generate(request) {
    const response = await base.generate(request);
    recorded.push({ system: request.system ?? '', messages: request.messages, text: response.text, usage: response.usage, finishReason: response.finishReason });
    return response;
  },
};
await extractChunksWithLlm(FIXTURE_CHUNKS, { model: recorder, schema: FIXTURE_SCHEMA, gleaning: 1, replyLimits: FIXTURE_REPLY_LIMITS }, { concurrency: 1 });
await answerWithLlm(FIXTURE_QUESTION, fixtureAnswerContext(), { model: recorder });
await recorder.generate(FIXTURE_PLAIN_REQUEST);
await base.close();
writeFileSync(path.join(fixtures, 'smollm2-replies.json'), `${JSON.stringify({ recordedWith: 'SmolLM2-135M-Instruct.Q4_1.gguf, node-llama-cpp 3.21.1, CPU, temperature 0', replies: recorded }, null, 1)}\n`);

const embedder = await createEmbedder(embeddingConfigSchema.parse({ provider: 'transformers', modelPath: minilm.path }), { workspace: '/tmp', cache: false });
const embedded = await embedder.embed({ texts: FIXTURE_EMBEDDING_TEXTS, purpose: 'fixture' });
await embedder.close();
const rounded = embedded.embeddings.map((vector) => vector.map((value) => Number(value.toFixed(6))));
writeFileSync(path.join(fixtures, 'minilm-embeddings.json'), `${JSON.stringify({ recordedWith: 'all-MiniLM-L6-v2 int8 (transformers.js 4.3.2, mean pooling, L2-normalised)', texts: FIXTURE_EMBEDDING_TEXTS, embeddings: rounded, inputTokens: embedded.usage.inputTokens })}\n`);
console.log(`recorded ${recorded.length} chat replies and ${rounded.length} embeddings into ${fixtures}`);
