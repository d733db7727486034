import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRhizome } from '../src/index.js';
import { locateTestAsset } from '../test/helpers/test-assets.js';
import { loadBenchCorpus, writePassages } from './corpus.js';

const SLICE = 4;

/**
 * LLM extraction economics: the dry-run estimate for the whole bench corpus with a hosted model's
 * prices (nothing spent), then a real run of the small local model (SmolLM2-135M via llama.cpp)
 * over a slice, and a re-index of the same slice that must make no call.
 */
export async function benchLlmExtraction(): Promise<string[]> {
  const lines: string[] = [];
  const corpus = loadBenchCorpus();
  const base = mkdtempSync(path.join(os.tmpdir(), 'rhizome-bench-llm-'));
  try {
    const folder = path.join(base, 'docs');
    writePassages(corpus, folder, 1);
    const planner = createRhizome({ workspace: path.join(base, 'plan'), llm: { provider: 'openai', model: 'gpt-4o-mini' } });
    const plan = await planner.planIndex(folder);
    await planner.close();
    const estimate = plan.estimate;
    if (estimate) {
      lines.push(`  dry run, ${plan.chunks.toExtract} chunks with gpt-4o-mini prices: ${(estimate.calls / Math.max(1, plan.chunks.toExtract)).toFixed(2)} calls per chunk, ${estimate.inputTokensPerCorpusToken.toFixed(2)} input tokens per corpus token, about $${estimate.dollars.toFixed(3)} (at most $${estimate.maxDollars.toFixed(3)}), nothing spent`);
    }
    const smollm2 = locateTestAsset('smollm2');
    if (smollm2.skip) {
      lines.push(`  local model run skipped: ${smollm2.skip}`);
      return lines;
    }
    const slice = { ...corpus, passages: corpus.passages.slice(0, SLICE) };
    const sliceFolder = path.join(base, 'slice');
    writePassages(slice, sliceFolder, 1);
    const rhizome = createRhizome({ workspace: path.join(base, 'local'), llm: { provider: 'llama-cpp', modelPath: smollm2.path, threads: 1, contextSize: 2048, maxOutputTokens: 300, concurrency: 1 } });
    try {
      const first = await rhizome.index(sliceFolder);
      const total = first.usage?.total;
      const corpusTokens = first.llmExtraction ? slice.passages.reduce((sum, passage) => sum + Math.ceil((passage.title.length + passage.text.length) / 4), 0) : 0;
      lines.push(`  SmolLM2-135M over ${first.chunks.total} chunks: ${((total?.calls ?? 0) / Math.max(1, first.chunks.total)).toFixed(2)} calls per chunk (corrections of unusable replies included), ${((total?.inputTokens ?? 0) / Math.max(1, corpusTokens)).toFixed(1)} input tokens per corpus token, ${first.extractionFailures.length} dead-lettered, ${first.seconds.toFixed(1)} s`);
      const again = await rhizome.index(sliceFolder);
      lines.push(`  re-index of the same slice: ${again.usage?.total.calls ?? 0} model calls (${again.usage?.total.cachedCalls ?? 0} answered from the cache)`);
    } finally {
      await rhizome.close();
    }
    return lines;
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
