import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { embeddingConfigSchema } from '../../src/config/model-config.js';
import { isRhizomeError } from '../../src/errors/rhizome-error.js';
import { createEmbedder } from '../../src/llm/create-embedder.js';
import { UsageMeter } from '../../src/llm/usage-meter.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { locateTestAsset } from '../helpers/test-assets.js';

const minilm = locateTestAsset('minilm');
const skip = minilm.skip;

const cosine = (left: number[], right: number[]) => left.reduce((sum, value, index) => sum + value * (right[index] ?? 0), 0);

test('MiniLM through transformers.js, offline: paraphrases score closer than unrelated sentences', { skip }, async () => {
  const usage = new UsageMeter();
  const workspace = makeTempDir();
  const embedder = await createEmbedder(embeddingConfigSchema.parse({ provider: 'transformers', modelPath: minilm.path, batchSize: 2 }), { workspace, usage });
  try {
    const texts = ['The weather is lovely today.', "It's so sunny outside!", 'He drove to the stadium.', 'Jonas Berg leads the Kite programme.', 'The Kite project is directed by Jonas Berg.', 'Lumen Optics sells camera lenses.'];
    const result = await embedder.embed({ texts, purpose: 'chunks' });
    assert.equal(result.dimensions, 384);
    for (const vector of result.embeddings) assert.ok(Math.abs(Math.hypot(...vector) - 1) < 1e-4, 'L2-normalised');
    const [weather, sunny, stadium, leads, directed, lenses] = result.embeddings as [number[], number[], number[], number[], number[], number[]];
    assert.ok(cosine(weather, sunny) > cosine(weather, stadium) + 0.2, `weather/sunny ${cosine(weather, sunny).toFixed(3)} vs weather/stadium ${cosine(weather, stadium).toFixed(3)}`);
    assert.ok(cosine(leads, directed) > cosine(leads, lenses) + 0.2, `leads/directed ${cosine(leads, directed).toFixed(3)} vs leads/lenses ${cosine(leads, lenses).toFixed(3)}`);
    assert.ok(Math.abs(cosine(weather, sunny) - 0.666) < 0.03, 'close to the fp32 reference of sentence-transformers (0.666)');
    assert.ok(result.usage.inputTokens > texts.length * 5);

    const again = await embedder.embed({ texts: [texts[0] as string, 'A new sentence about harbours.'], purpose: 'chunks' });
    assert.equal(again.cachedCount, 1);
    assert.deepEqual(again.embeddings[0], weather);
    const report = usage.report().byPurpose['embed:chunks'];
    assert.deepEqual([report?.calls, report?.dollars], [2, 0]);
  } finally {
    await embedder.close();
  }
});

test('a model folder without its files fails with an error naming embeddings.modelPath', async () => {
  const folder = path.join(makeTempDir(), 'empty-model');
  mkdirSync(folder);
  await assert.rejects(createEmbedder(embeddingConfigSchema.parse({ provider: 'transformers', modelPath: folder }), { workspace: makeTempDir() }), (error: unknown) => isRhizomeError(error, 'CONFIG_INVALID') && /embeddings\.modelPath/.test(error.message));
  writeFileSync(path.join(folder, 'config.json'), '{}');
  const embedder = await createEmbedder(embeddingConfigSchema.parse({ provider: 'transformers', modelPath: folder }), { workspace: makeTempDir(), cache: false });
  await assert.rejects(embedder.embed({ texts: ['x'], purpose: 'test' }), (error: unknown) => isRhizomeError(error, 'CONFIG_INVALID') && /lacks tokenizer\.json/.test(error.message));
});
