import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { createRhizome } from '../../src/index.js';
import { locateTestAsset } from '../helpers/test-assets.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const smollm2 = locateTestAsset('smollm2');
const minilm = locateTestAsset('minilm');
const base = makeTempDir();
const root = path.join(base, 'docs');
mkdirSync(root, { recursive: true });
writeFileSync(path.join(root, 'a.txt'), 'Lynx kickoff\n\nLina Ferraz leads the Lynx project in Brest.');
writeFileSync(path.join(root, 'b.txt'), 'Boards\n\nNordhaven Composants supplies the NC-7 boards to the Lynx project.');

/** The real SmolLM2-135M through node-llama-cpp: one thread, small replies, priced so budgets bite. */
function llmConfig(workspace: string) {
  return {
    workspace,
    llm: { provider: 'llama-cpp' as const, modelPath: smollm2.path, threads: 1, contextSize: 2048, maxOutputTokens: 300, concurrency: 1, prices: { inputPerMillion: 1000, outputPerMillion: 1000 } },
    embeddings: { provider: 'transformers' as const, modelPath: minilm.path },
  };
}

describe('the pipeline with a real small model (SmolLM2-135M, llama.cpp) and a real embedder (MiniLM ONNX)', { skip: smollm2.skip || minilm.skip }, () => {
  const workspace = path.join(base, 'workspace');

  test('--dry-run estimates calls and cost and spends nothing', async () => {
    const rhizome = createRhizome(llmConfig(workspace));
    try {
      const plan = await rhizome.planIndex(root);
      assert.equal(plan.chunks.toExtract, 2);
      assert.ok(plan.estimate && plan.estimate.calls === 2 && plan.estimate.inputTokens > 0 && plan.estimate.dollars > 0);
      assert.equal(rhizome.queryUsage().report().total.calls, 0);
      assert.equal((await rhizome.stats()).documents, 0, 'nothing was written');
    } finally {
      await rhizome.close();
    }
  });

  test('a budget stops extraction cleanly, the rerun resumes without repeating calls, and a third run makes none', async () => {
    const rhizome = createRhizome(llmConfig(workspace));
    try {
      const first = await rhizome.index(root, { budget: '$2.5' });
      assert.equal(first.budgetReached, true);
      assert.equal(first.partial, true);
      assert.ok(first.chunks.pending >= 1, 'some chunks are left for the next run');
      const firstCalls = first.usage?.total.calls ?? 0;
      assert.ok(firstCalls >= 1);

      const second = await rhizome.index(root);
      assert.equal(second.chunks.pending, 0);
      assert.equal(second.chunks.extracted + second.extractionFailures.length, first.chunks.pending, 'only the pending chunks are processed');
      for (const failure of second.extractionFailures) assert.match(failure.reason, /truncated|invalid-json|schema-mismatch|model-call-failed/);

      const reports = second.communityReports;
      assert.ok(reports, 'community reports are accounted');
      assert.equal(reports.written + reports.fallbacks + reports.reused, second.communities, 'every community has a report, by the model or extractive');
      assert.ok((second.vectors?.chunks ?? 0) + (first.vectors?.chunks ?? 0) >= 2, 'chunks got vectors');
      const report = JSON.parse(readFileSync(second.reportPath, 'utf8'));
      assert.ok(report.usage.total.inputTokens > 0, 'the run report holds tokens');
      assert.ok(report.usage.total.dollars > 0, 'and cost');
      assert.ok(existsSync(second.reportPath));

      const third = await rhizome.index(root);
      assert.equal(third.usage?.total.calls, 0, 'unchanged input costs nothing');
      const extracted = third.chunks.total - third.extractionFailures.length;
      assert.equal(third.chunks.reused, extracted, 'stored extractions are reused');
      const stats = await rhizome.stats();
      assert.match(stats.extractor, /LLM extraction/);
    } finally {
      await rhizome.close();
    }
  });

  test('answers come from the model through the same answerer for every mode, with citations or "not found"', async () => {
    const rhizome = createRhizome(llmConfig(workspace));
    try {
      for (const mode of ['naive', 'local'] as const) {
        const answer = await rhizome.query('Who leads the Lynx project?', { mode });
        assert.match(answer.metadata.answerer, /SmolLM2/);
        assert.ok(answer.found ? answer.citations.length > 0 : answer.citations.length === 0);
      }
      assert.ok(rhizome.queryUsage().report().total.calls + rhizome.queryUsage().report().total.cachedCalls >= 2);
    } finally {
      await rhizome.close();
    }
  });
});
