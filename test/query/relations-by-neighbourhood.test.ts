import assert from 'node:assert/strict';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { QueryEngine } from '../../src/ask/query-engine.js';
import { validateConfig } from '../../src/config/load-config.js';
import type { RetrievalContext } from '../../src/core/retrieval-context.js';
import { loadCoverageQuestions } from '../../src/eval/datasets.js';
import { writeDocumentFolder } from '../../src/eval/document-folder.js';
import { openGraphStore } from '../../src/graph/open-store.js';
import type { GraphStore } from '../../src/graph/store.js';
import { createRhizome } from '../../src/index.js';
import { Bm25Searcher } from '../../src/query/bm25/bm25-search.js';
import { LocalSearcher } from '../../src/query/local/local-search.js';
import { RELATION_RECORDS_FILE } from '../../src/query/relation-records-file.js';
import { copiedExample, EXAMPLE_CORPUS } from '../helpers/example-workspace.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { countingCalls } from '../helpers/counting-store.js';

const TEMPORAL_SET = path.resolve(import.meta.dirname, '..', 'fixtures', 'dev', 'temporal-publisher-en.json');

/** What a local search found, in a form to compare: ranked chunks, context chunks, paths (relation ids, entity names, scores). */
function found(context: RetrievalContext) {
  return {
    ranked: context.rankedChunkIds,
    chunks: context.chunks.map((item) => item.chunk.id),
    paths: context.paths.map((item) => ({ relations: item.relations.map((relation) => relation.id), entities: item.entities.map((entity) => entity.name), score: item.score })),
    cited: [...(context.citedSources?.keys() ?? [])],
  };
}

/** The store as one that keeps no derived files (as Neo4j, or a time slice): relations are read from it by neighbourhood. */
function keepingNoFiles(store: GraphStore): GraphStore {
  return new Proxy(store, {
    get(target, property) {
      if (property === 'derivedFiles') return async () => null;
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Local search over `folder` indexed offline three ways: every relation held in memory; relations
 * read by neighbourhood from the records kept beside the store; and read by neighbourhood from a
 * store that keeps no files.
 */
async function searchEveryWay(folder: string, questions: readonly string[]): Promise<void> {
  const workspace = path.join(makeTempDir(), 'workspace');
  const rhizome = createRhizome({ workspace });
  try {
    await rhizome.index(folder);
  } finally {
    await rhizome.close();
  }
  const config = validateConfig({ workspace });
  const store = await openGraphStore(config);
  try {
    await store.ensureSchema(config.schema);
    const engine = new QueryEngine(store, config, async () => null);
    const bm25 = new Bm25Searcher(store);
    const rankText = (question: string, limit: number) => bm25.rank(question, limit);
    const held = new LocalSearcher(store, rankText);
    const { store: fromRecords, calls: storeReadsBesideRecords } = countingCalls(store, 'relationsTouching');
    const byRecords = new LocalSearcher(fromRecords, rankText, () => store.loadEntityMentions(), 0);
    const { store: counted, calls } = countingCalls(keepingNoFiles(store), 'relationsTouching');
    const byNeighbourhood = new LocalSearcher(counted, rankText, () => store.loadEntityMentions(), 0);
    let withPaths = 0;
    for (const question of questions) {
      const analysis = await engine.analyze(question);
      const options = { ...config.query, vectorSeedIds: [], denseHits: [] };
      const expected = found(await held.search(analysis, options));
      assert.deepEqual(found(await byRecords.search(analysis, options)), expected, `${question} (records kept beside the store)`);
      assert.equal(storeReadsBesideRecords(), 0, `${question}: the records kept answer every neighbourhood read`);
      const before = calls();
      assert.deepEqual(found(await byNeighbourhood.search(analysis, options)), expected, `${question} (read from the store)`);
      // One read a hop, one for the paths' last entities and one for the successors a temporal question weighs; none when asked again.
      assert.ok(calls() - before <= config.query.maxHops + 2, `${question}: ${calls() - before} neighbourhood reads`);
      const again = calls();
      await byNeighbourhood.search(analysis, options);
      assert.equal(calls(), again, `${question}: asked again, nothing is read`);
      if (expected.paths.length > 0) withPaths += 1;
    }
    assert.ok(withPaths >= questions.length / 2, `most questions find relation paths (${withPaths} of ${questions.length})`);
    // Once a search prepared the graph, the relations read from given passages come from what it holds or keeps, as the store gives them.
    const relations = await store.listRelations();
    const chunkIds = [...new Set(relations.map((relation) => relation.chunkId))];
    for (const chunks of [...chunkIds.map((id) => [id]), chunkIds, ['chunk_unknown']]) {
      const stored = await store.findRelations({ ids: [], chunkIds: chunks });
      assert.deepStrictEqual(await held.relationsStatedIn(chunks), stored, `${chunks.join(', ')} (held)`);
      assert.deepStrictEqual(await byRecords.relationsStatedIn(chunks), stored, `${chunks.join(', ')} (records)`);
    }
    assert.equal(await byNeighbourhood.relationsStatedIn(chunkIds), null, 'a store that keeps no files: read it');
    const fresh = new LocalSearcher(store, rankText, () => store.loadEntityMentions(), 0);
    assert.equal(await fresh.relationsStatedIn(chunkIds), null, 'nothing read yet: nothing is prepared to ask');
    await fresh.entityIndex();
    assert.deepStrictEqual(await fresh.relationsStatedIn(chunkIds), await store.findRelations({ ids: [], chunkIds }), 'the entity index read (as linking and global read it): the records kept tell, with no search');
    // A search after that prepares the graph on the records already open, and finds what the others found.
    const last = await engine.analyze(questions[questions.length - 1] as string);
    const lastOptions = { ...config.query, vectorSeedIds: [], denseHits: [] };
    assert.deepEqual(found(await fresh.search(last, lastOptions)), found(await held.search(last, lastOptions)));
    const noFiles = new LocalSearcher(keepingNoFiles(store), rankText);
    await noFiles.entityIndex();
    assert.equal(await noFiles.relationsStatedIn(chunkIds), null, 'no records kept: read the store');
    assert.equal(readdirSync(path.join(workspace, 'derived')).filter((name) => name.startsWith(`${RELATION_RECORDS_FILE}.`)).length, 1);
  } finally {
    await store.close();
  }
}

test('local search finds the same passages and paths whether it holds the relations or reads them by neighbourhood (from records kept beside the store, or from the store)', async () => {
  await searchEveryWay(EXAMPLE_CORPUS, [
    'Which company supplies the sensor used by the programme led by Jonas Berg?',
    'Who leads Project Heron now?',
    'Where is the Kite programme based?',
    'Which site did the audit visit?',
  ]);
});

test('… and on temporal questions, whose successor and take-over steps read the relations of entities beyond the paths', async () => {
  const dataset = await loadCoverageQuestions(TEMPORAL_SET);
  const folder = path.join(makeTempDir(), 'documents');
  writeDocumentFolder(dataset.documents, folder);
  await searchEveryWay(folder, dataset.questions.map((question) => question.question));
});

test('the summary and the relation records of a layer read by neighbourhood are kept beside the store for the next searcher, and not read once a write changed the layer', async () => {
  const { folder, workspace, index } = copiedExample();
  await index();
  const question = 'Which company supplies the sensor used by the programme led by Jonas Berg?';
  const config = validateConfig({ workspace });
  /** A fresh searcher (as a new process has) reading relations by neighbourhood: what it found, and how many passes over the relations it made. */
  const searchOnce = async () => {
    const store = await openGraphStore(config);
    try {
      await store.ensureSchema(config.schema);
      const { store: countingEdgePasses, calls: edgePasses } = countingCalls(store, 'forEachRelationEdge');
      const { store: countingPasses, calls: relationPasses } = countingCalls(countingEdgePasses, 'forEachRelation');
      const { store: countingReads, calls: storeReads } = countingCalls(countingPasses, 'relationsTouching');
      const { store: counted, calls: counts } = countingCalls(countingReads, 'counts');
      const engine = new QueryEngine(store, config, async () => null);
      const bm25 = new Bm25Searcher(store);
      const searcher = new LocalSearcher(counted, (text, limit) => bm25.rank(text, limit), () => store.loadEntityMentions(), 0);
      const analysis = await engine.analyze(question);
      const context = await searcher.search(analysis, { ...config.query, vectorSeedIds: [], denseHits: [] });
      const held = await new LocalSearcher(store, (text, limit) => bm25.rank(text, limit)).search(analysis, { ...config.query, vectorSeedIds: [], denseHits: [] });
      return { found: found(context), held: found(held), passes: edgePasses() + relationPasses(), counts: counts(), storeReads: storeReads() };
    } finally {
      await store.close();
    }
  };
  const first = await searchOnce();
  // One pass over the relations makes both the summary and the records; the records answer every neighbourhood read.
  assert.equal(first.passes, 1);
  assert.equal(first.counts, 1);
  assert.equal(first.storeReads, 0);
  assert.ok(first.found.paths.length > 0);
  assert.deepEqual(first.found, first.held);
  // Beside the entity index and the BM25 postings the searchers keep too (see derived-query-files.test.ts).
  const keptFiles = (kind: string) => readdirSync(path.join(workspace, 'derived')).filter((name) => name.startsWith(`${kind}.`));
  const summaries = () => keptFiles('relation-summary');
  const records = () => keptFiles(RELATION_RECORDS_FILE);
  const kept = [...summaries(), ...records()];
  assert.equal(kept.length, 2);
  // The next searcher reads both kept: no pass over the relations, the same passages and paths.
  const second = await searchOnce();
  assert.equal(second.passes, 0);
  assert.equal(second.counts, 0, 'the summary kept says how many relations the layer holds');
  assert.equal(second.storeReads, 0);
  assert.deepEqual(second.found, first.found);
  // A summary kept without records (a workspace from before they were kept): one pass makes the records, the summary is read as kept.
  rmSync(path.join(workspace, 'derived', records()[0] as string));
  const withoutRecords = await searchOnce();
  assert.equal(withoutRecords.passes, 1);
  assert.equal(withoutRecords.storeReads, 0);
  assert.deepEqual(withoutRecords.found, first.found);
  assert.deepEqual([...summaries(), ...records()], kept);
  // A document added: the layer changed, so neither file kept is read; the new ones replace them.
  writeFileSync(path.join(folder, 'zz-added.md'), '# Added note\n\nJonas Berg met Lumen Optics in Tromsø to review the Kite schedule.\n');
  await index();
  const third = await searchOnce();
  assert.equal(third.passes, 1);
  assert.deepEqual(third.found, third.held);
  for (const files of [summaries(), records()]) {
    assert.equal(files.length, 1);
    assert.ok(!kept.includes(files[0] as string));
  }
});
