import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ABLATIONS, SIZE_FIELDS } from '../../bench/ablation-signals.js';
import { DEFAULT_RANKING_PROFILE, rankingProfileSchema } from '../../src/config/ranking-profile.js';
import { validateConfig } from '../../src/config/load-config.js';

test('every field of the ranking profile is either ablated or declared a size', () => {
  const fields = Object.entries(DEFAULT_RANKING_PROFILE).flatMap(([section, values]) => Object.keys(values).map((key) => `${section}.${key}`));
  const covered = new Set([...ABLATIONS.map((ablation) => `${ablation.section}.${ablation.key}`), ...SIZE_FIELDS]);
  assert.deepEqual(fields.filter((field) => !covered.has(field)), []);
  assert.deepEqual([...covered].filter((field) => !fields.includes(field)), [], 'the ablation names no field the profile lacks');
});

test('a partial override under query.ranking keeps every other default', () => {
  const config = validateConfig({ query: { ranking: { paths: { hubPenalty: 0.3 } } } });
  assert.equal(config.query.ranking.paths.hubPenalty, 0.3);
  assert.equal(config.query.ranking.paths.weakHopPenalty, DEFAULT_RANKING_PROFILE.paths.weakHopPenalty);
  assert.deepEqual(config.query.ranking.walk, DEFAULT_RANKING_PROFILE.walk);
  assert.throws(() => rankingProfileSchema.parse({ paths: { hubPenalty: -1 } }));
});
