import assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { QueryEngine } from '../../src/ask/query-engine.js';
import { validateConfig } from '../../src/config/load-config.js';
import { openGraphStore } from '../../src/graph/open-store.js';
import { countingCalls } from '../helpers/counting-store.js';
import { copiedExample, EXAMPLE_QUESTION } from '../helpers/example-workspace.js';

/** The files the searchers keep: linking's entity index, local's title index and walk graph, the reference BM25's postings, and global's community sentences, keywords and report postings. */
const KINDS = ['entity-index', 'title-index', 'walk-graph', 'bm25-postings', 'community-sentences', 'community-keywords', 'report-postings'];
const GLOBAL_QUESTION = 'What are the main themes across these documents?';

test('the entity index, the title index, the walk graph, the BM25 postings and what global search reads of the communities are kept beside the store for the next process, and read again from the store once a write changed the layer', async () => {
  const { folder, workspace, index } = copiedExample();
  await index();
  const config = validateConfig({ workspace });
  const kept = () => readdirSync(path.join(workspace, 'derived')).filter((name) => KINDS.some((kind) => name.startsWith(`${kind}.`))).sort();
  /** A fresh engine (as a new process has): the question's entities and local and bm25 results, and how often it read the entities and mentions, the chunks' documents and the chunks' texts. */
  const askOnce = async () => {
    const opened = await openGraphStore(config);
    try {
      await opened.ensureSchema(config.schema);
      const { store: countingLayer, calls: layerReads } = countingCalls(opened, 'loadEntityMentions');
      const { store: countingTexts, calls: textReads } = countingCalls(countingLayer, 'listChunkTexts');
      const { store, calls: titleReads } = countingCalls(countingTexts, 'listChunkDocuments');
      const engine = new QueryEngine(store, config, async () => null);
      const analysis = await engine.analyze(EXAMPLE_QUESTION);
      const local = await engine.retrieve(analysis, 'local');
      const bm25 = await engine.retrieve(analysis, 'bm25');
      const textsBeforeGlobal = textReads();
      const global = await engine.retrieve(await engine.analyze(GLOBAL_QUESTION), 'global');
      return {
        found: {
          entities: analysis.entities.map((entity) => entity.id),
          local: local.rankedChunkIds,
          paths: local.paths.map((item) => item.relations.map((relation) => relation.id)),
          bm25: bm25.rankedChunkIds,
          global: global.communities.map((item) => ({ id: item.community.id, findings: item.findings.map((finding) => [finding.chunkId, finding.span.start]), keywords: item.keywords })),
        },
        // Global search reads linking's entity index, and the chunks' texts only to work out the sentences it keeps.
        reads: { layer: layerReads(), titles: titleReads(), texts: textsBeforeGlobal },
        globalTextReads: textReads() - textsBeforeGlobal,
      };
    } finally {
      await opened.close();
    }
  };
  const first = await askOnce();
  assert.deepEqual(first.reads, { layer: 1, titles: 1, texts: 1 });
  assert.equal(first.globalTextReads, 1);
  assert.ok(first.found.entities.length > 0 && first.found.paths.length > 0 && first.found.global.length > 0 && first.found.global.some((item) => item.findings.length > 0 && (item.keywords?.length ?? 0) > 0));
  const files = kept();
  assert.equal(files.length, KINDS.length);

  // The next engine reads the files kept: neither the entities and mentions, nor the chunks' documents, nor their texts; the same results.
  const second = await askOnce();
  assert.deepEqual(second, { found: first.found, reads: { layer: 0, titles: 0, texts: 0 }, globalTextReads: 0 });

  // A file that is not whole is not read: the engine builds from the store again, and keeps a whole one.
  const entityIndexFile = path.join(workspace, 'derived', files.find((name) => name.startsWith('entity-index.')) as string);
  writeFileSync(entityIndexFile, '{"not": "an index"}');
  const afterDamage = await askOnce();
  assert.deepEqual(afterDamage, { found: first.found, reads: { layer: 1, titles: 0, texts: 0 }, globalTextReads: 0 });
  assert.deepEqual(kept(), files);

  // A document added: the layer changed, so the files kept are not read; new ones replace them.
  writeFileSync(path.join(folder, 'zz-added.md'), '# Added note\n\nJonas Berg met Lumen Optics in Tromsø to review the Kite schedule.\n');
  await index();
  const third = await askOnce();
  assert.deepEqual(third.reads, { layer: 1, titles: 1, texts: 1 });
  assert.equal(kept().length, KINDS.length);
  assert.equal(kept().filter((name) => files.includes(name)).length, 0);
  assert.deepEqual((await askOnce()).found, third.found);
});
