import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createRhizome } from '../../src/index.js';
import { answerWordBudget, truncateToWordBudget } from '../../src/eval/answer-budget.js';
import { scoreCoverage } from '../../src/eval/coverage.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const evalDir = path.resolve(process.cwd(), '../shared/eval');
const available = existsSync(path.join(evalDir, 'data/corpus_en.json'));
const skip = available ? false : `needs ${evalDir} (the shared evaluation data beside the checkout)`;
if (!available && process.env.CI === 'true') throw new Error(`CI must run every test: ${evalDir} is missing`);

test('local beats naive on 2- and 3-hop questions of corpus_en, with short answers', { skip }, async () => {
  const data = JSON.parse(readFileSync(path.join(evalDir, 'data/corpus_en.json'), 'utf8')) as { questions: Array<{ question: string; expected: string[]; hops: number | string }> };
  const rhizome = createRhizome({ workspace: path.join(makeTempDir(), 'workspace') });
  try {
    await rhizome.index(path.join(evalDir, 'corpora/corpus_en'));
    const means: Record<string, Record<string, number[]>> = { naive: {}, local: {} };
    for (const question of data.questions) {
      for (const mode of ['naive', 'local'] as const) {
        const answer = await rhizome.query(question.question, { mode });
        const budget = answerWordBudget(question.hops);
        const scored = truncateToWordBudget(answer.answer, budget);
        assert.ok(!scored.truncated, `${mode} answer too long (${scored.words} words, budget ${budget}): ${answer.answer}`);
        const bucket = (means[mode] as Record<string, number[]>);
        (bucket[String(question.hops)] ??= []).push(scoreCoverage(scored.text, question.expected));
      }
    }
    const mean = (values: number[] = []) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
    for (const hops of ['2', '3']) {
      const local = mean(means.local?.[hops]);
      const naive = mean(means.naive?.[hops]);
      assert.ok(local > naive, `${hops}-hop: local ${local.toFixed(2)} must beat naive ${naive.toFixed(2)}`);
    }
  } finally {
    await rhizome.close();
  }
});
