import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import { ignoreEvents } from '../../src/events/events.js';
import { exportGraphJsonl } from '../../src/export/export-jsonl.js';
import { importGraphJsonl } from '../../src/export/import-jsonl.js';
import type { GraphStore } from '../../src/graph/store.js';
import { runIndex, runRemove } from '../../src/indexing/run-index.js';
import type { ContractContext } from './graph-store-contract.js';

/** Three documents: `b` holds an alias of a name of `a`, an entity and a relation found nowhere else, and repeats a fact of `a`. */
const CORPUS: Record<string, string> = {
  'a.txt': 'Kickoff\n\nLina Ferraz leads the Lynx project. The Lynx prototypes use NC-7 boards supplied by Nordhaven Composants.',
  'b.txt': 'Audit\n\nOrvale Conseil audited the Lynx project in 2024. L. Ferraz presented the results. Nordhaven Composants supplies the NC-7 boards.',
  'c.txt': 'Site\n\nThe Brest site hosts the Lynx project. Maelle Ostin manages the Brest site.',
};

function writeCorpus(folder: string): Record<string, string> {
  mkdirSync(folder, { recursive: true });
  for (const [name, text] of Object.entries(CORPUS)) writeFileSync(path.join(folder, name), text);
  return Object.fromEntries(Object.keys(CORPUS).map((name) => [name, path.join(folder, name)]));
}

const byKey = <T>(key: (item: T) => string) => (left: T, right: T) => (key(left) < key(right) ? -1 : key(left) > key(right) ? 1 : 0);

/** The whole graph of a workspace in a stable order, for comparing histories; transaction times (when a run recorded a document or fact) are left out, as they differ by design. */
async function graphOf(store: GraphStore) {
  const projection = await store.loadProjection();
  return {
    documents: (await store.listDocuments()).map(({ recordedAt: _recordedAt, ...document }) => document).sort(byKey((document) => document.id)),
    chunks: (await store.listChunks()).sort(byKey((chunk) => chunk.id)),
    entities: [...projection.entities].map((entity) => ({ ...entity, aliases: [...entity.aliases].sort() })).sort(byKey((entity) => entity.id)),
    relations: projection.relations.map(({ recordedAt: _recordedAt, invalidatedAt: _invalidatedAt, ...relation }) => relation).sort(byKey((relation) => relation.id)),
    mentions: [...projection.mentions].sort(byKey((mention) => `${mention.chunkId} ${mention.entityId}`)),
    merges: (await store.listMerges()).sort(byKey((merge) => `${merge.merged} ${merge.kept}`)),
    communities: (await store.listCommunities()).map((community) => ({ ...community, memberIds: [...community.memberIds].sort() })).sort(byKey((community) => community.id)),
    counts: await store.counts(),
    exported: await exportGraphJsonl(store),
  };
}

/** Removing documents through the pipeline (no evidence of them is left, history does not matter); the graph exported and imported. */
export function defineRemoveCases({ openStore, freshWorkspace }: ContractContext): void {
  const inWorkspace = async <T>(workspace: string, work: (store: GraphStore, run: { store: GraphStore; config: ReturnType<typeof validateConfig>; events: typeof ignoreEvents; model: null }) => Promise<T>): Promise<T> => {
    const config = validateConfig({ workspace });
    const store = await openStore(workspace);
    try {
      await store.ensureSchema(config.schema);
      return await work(store, { store, config, events: ignoreEvents, model: null });
    } finally {
      await store.close();
    }
  };

  test('remove deletes a document with the evidence only it held; remove-then-re-add equals never removing; removing equals never adding', async () => {
    const first = freshWorkspace();
    const files = writeCorpus(path.join(first, 'corpus'));
    const [a, b, c] = [files['a.txt'] as string, files['b.txt'] as string, files['c.txt'] as string];
    const full = await inWorkspace(first, async (store, context) => {
      await runIndex([path.dirname(a)], context);
      return graphOf(store);
    });
    assert.ok(full.merges.some((merge) => merge.merged === 'l ferraz'), 'the alias of b merges into a name of a');
    assert.ok(full.entities.some((entity) => entity.name === 'Orvale Conseil'));

    const removed = await inWorkspace(first, async (store, context) => {
      const summary = await runRemove([b], context);
      assert.deepEqual(summary.removedDocuments.map((document) => document.path), [b]);
      assert.ok(summary.undoneMerges.some((merge) => merge.merged === 'l ferraz'), 'the merge resting on b is reported undone');
      return graphOf(store);
    });
    const bId = full.documents.find((document) => document.path === b)?.id as string;
    const bChunks = new Set(full.chunks.filter((chunk) => chunk.documentId === bId).map((chunk) => chunk.id));
    assert.equal(removed.documents.length, 2);
    assert.ok(!removed.chunks.some((chunk) => chunk.documentId === bId), 'its chunks go');
    assert.ok(!removed.mentions.some((mention) => bChunks.has(mention.chunkId)), 'its mentions go');
    assert.ok(!removed.relations.some((relation) => relation.documentId === bId || bChunks.has(relation.chunkId)), 'no relation rests on it');
    assert.ok(!removed.entities.some((entity) => entity.name === 'Orvale Conseil'), 'an entity only it named goes');
    assert.ok(!removed.entities.some((entity) => entity.aliases.some((alias) => /L\. Ferraz/i.test(alias))), 'aliases are rebuilt from what remains');
    assert.ok(!removed.merges.some((merge) => merge.merged === 'l ferraz'));
    assert.ok(removed.relations.some((relation) => relation.type === 'SUPPLIES'), 'a fact also stated elsewhere stays, on the evidence that remains');
    const entityIds = new Set(removed.entities.map((entity) => entity.id));
    assert.ok(removed.communities.every((community) => community.memberIds.every((id) => entityIds.has(id))), 'communities are rebuilt over what remains');

    const readded = await inWorkspace(first, async (store, context) => {
      await runIndex([b], context);
      return graphOf(store);
    });
    assert.deepEqual(readded, full, 'remove then re-add gives the graph of never removing');

    const neverAdded = await inWorkspace(freshWorkspace(), async (store, context) => {
      await runIndex([c, a], context);
      return graphOf(store);
    });
    assert.deepEqual(neverAdded, removed, 'removing gives the graph of never having indexed it');
  });

  test('an export imported into an empty workspace exports the same bytes; a second import is refused', async () => {
    const source = freshWorkspace();
    const files = writeCorpus(path.join(source, 'corpus'));
    const exported = await inWorkspace(source, async (store, context) => {
      await runIndex([path.dirname(files['a.txt'] as string)], context);
      return exportGraphJsonl(store);
    });
    await inWorkspace(freshWorkspace(), async (store) => {
      const result = await importGraphJsonl(exported, store);
      assert.equal(result.documents, 3);
      assert.equal(await exportGraphJsonl(store), exported);
      await assert.rejects(importGraphJsonl(exported, store), /already holds 3 documents/);
    });
  });

  test('index keeps documents gone from disk unless asked to prune; remove refuses a target that names nothing', async () => {
    const workspace = freshWorkspace();
    const files = writeCorpus(path.join(workspace, 'corpus'));
    const folder = path.dirname(files['a.txt'] as string);
    await inWorkspace(workspace, async (store, context) => {
      await runIndex([folder], context);
      const removedFile = files['c.txt'] as string;
      const { rmSync } = await import('node:fs');
      rmSync(removedFile);
      const kept = await runIndex([folder], context);
      assert.deepEqual(kept.missingDocuments.map((document) => document.path), [removedFile]);
      assert.equal((await store.listDocuments()).length, 3);
      const pruned = await runIndex([folder], context, { prune: true });
      assert.deepEqual(pruned.removedDocuments.map((document) => document.path), [removedFile]);
      assert.equal((await store.listDocuments()).length, 2);
      await assert.rejects(runRemove([path.join(folder, 'nothing.txt')], context), /no indexed document matches/);
      const byId = (await store.listDocuments())[0]?.id as string;
      const summary = await runRemove([byId], context);
      assert.equal(summary.removedDocuments[0]?.id, byId);
      assert.equal((await store.listDocuments()).length, 1);
    });
  });
}
