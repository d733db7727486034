import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { QueryEngine } from '../../src/ask/query-engine.js';
import { TimedQueries } from '../../src/history/timed-queries.js';
import { validateConfig } from '../../src/config/load-config.js';
import { openGraphStore } from '../../src/graph/open-store.js';
import type { GraphStore } from '../../src/graph/store.js';
import { EXAMPLE_QUESTION, indexExample } from '../helpers/example-workspace.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/**
 * The store with a count of the reads of each part of the entity layer (a whole read counts for
 * both): `relations` counts every whole read of the relations (a list, or a pass over them),
 * `relationLists` those that hand back every relation, `neighbourhoods` the reads of some entities' relations.
 */
function countingProjections(store: GraphStore): { store: GraphStore; reads: () => number; partReads: () => { entityMentions: number; relations: number }; relationReads: () => { relationLists: number; neighbourhoods: number } } {
  const counts = { entityMentions: 0, relations: 0, relationLists: 0, neighbourhoods: 0 };
  const counted = new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      const call = (value as (...args: unknown[]) => unknown).bind(target);
      return (...args: unknown[]) => {
        if (property === 'loadProjection' || property === 'loadEntityMentions') counts.entityMentions += 1;
        if (property === 'loadProjection' || property === 'listRelations' || property === 'forEachRelation' || property === 'forEachRelationEdge') counts.relations += 1;
        if (property === 'loadProjection' || property === 'listRelations') counts.relationLists += 1;
        if (property === 'relationsTouching') counts.neighbourhoods += 1;
        return call(...args);
      };
    },
  });
  // Every read of the entities and mentions, whole or in part: the layer is read once when this is 1 and relations are read at most once.
  return {
    store: counted,
    reads: () => Math.max(counts.entityMentions, counts.relations),
    partReads: () => ({ entityMentions: counts.entityMentions, relations: counts.relations }),
    relationReads: () => ({ relationLists: counts.relationLists, neighbourhoods: counts.neighbourhoods }),
  };
}

test('local, global and hybrid search read the entity layer once between them, and again after invalidate', async () => {
  const workspace = path.join(makeTempDir(), 'workspace');
  await indexExample(workspace);
  const config = validateConfig({ workspace });
  const opened = await openGraphStore(config);
  try {
    await opened.ensureSchema(config.schema);
    const { store, reads } = countingProjections(opened);
    const engine = new QueryEngine(store, config, async () => null);
    const analysis = await engine.analyze(EXAMPLE_QUESTION);
    const first = [];
    for (const mode of ['local', 'global', 'hybrid'] as const) first.push(await engine.retrieve(analysis, mode));
    assert.equal(reads(), 1);
    assert.ok(first.every((context) => context.chunks.length > 0));
    engine.invalidate();
    const again = await engine.analyze(EXAMPLE_QUESTION);
    const second = [];
    for (const mode of ['local', 'global', 'hybrid'] as const) second.push(await engine.retrieve(again, mode));
    assert.equal(reads(), 2);
    assert.deepEqual(second.map((context) => context.rankedChunkIds), first.map((context) => context.rankedChunkIds));
  } finally {
    await opened.close();
  }
});

test('a time-aware answer reads the entity layer once: the facts it cites are looked up in the engine’s read', async () => {
  const workspace = path.join(makeTempDir(), 'workspace');
  await indexExample(workspace);
  const config = validateConfig({ workspace });
  const opened = await openGraphStore(config);
  try {
    await opened.ensureSchema(config.schema);
    const { store, reads } = countingProjections(opened);
    const engine = new QueryEngine(store, config, async () => null);
    const timed = new TimedQueries(store, engine, config, async () => null, async () => null);
    const answer = await timed.answer(EXAMPLE_QUESTION, 'local');
    assert.ok(answer.citations.some((citation) => citation.kind === 'chunk' && citation.span !== undefined), 'the answer quotes a passage, so its facts are looked up');
    assert.equal(reads(), 1);
    timed.invalidate();
    engine.invalidate();
    await timed.answer(EXAMPLE_QUESTION, 'local');
    assert.equal(reads(), 2);
  } finally {
    await opened.close();
  }
});

test('linking a question and global search read no relation; local search passes over them once, without a read that lists them', async () => {
  const workspace = path.join(makeTempDir(), 'workspace');
  await indexExample(workspace);
  const config = validateConfig({ workspace });
  const opened = await openGraphStore(config);
  try {
    await opened.ensureSchema(config.schema);
    const { store, partReads, relationReads } = countingProjections(opened);
    const engine = new QueryEngine(store, config, async () => null);
    const analysis = await engine.analyze(EXAMPLE_QUESTION);
    assert.ok(analysis.entities.length > 0, 'the example question names entities');
    const global = await engine.retrieve(analysis, 'global');
    assert.ok(global.chunks.length > 0);
    assert.deepEqual(partReads(), { entityMentions: 1, relations: 0 });
    const local = await engine.retrieve(analysis, 'local');
    assert.ok(local.paths.length > 0);
    assert.deepEqual(partReads(), { entityMentions: 1, relations: 1 });
    // A layer this small is held from that pass: no neighbourhood is read (see relations-by-neighbourhood.test.ts for larger ones).
    assert.deepEqual(relationReads(), { relationLists: 0, neighbourhoods: 0 });
  } finally {
    await opened.close();
  }
});
