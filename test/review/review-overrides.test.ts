import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createRhizome, validateConfig, type Rhizome } from '../../src/index.js';
import { openGraphStore } from '../../src/graph/open-store.js';
import { migrateGraph } from '../../src/migrate/migrate-graph.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { entityId, graphState, relationId, writeReviewCorpus } from './review-corpus.js';

const base = makeTempDir('rhizome-review-');
const docs = writeReviewCorpus(base);
const workspaces = { main: path.join(base, 'main'), imported: path.join(base, 'imported'), migrated: path.join(base, 'migrated') };

async function withWorkspace<T>(workspace: string, work: (rhizome: Rhizome) => Promise<T>): Promise<T> {
  const rhizome = createRhizome({ workspace });
  try {
    return await work(rhizome);
  } finally {
    await rhizome.close();
  }
}

type State = Awaited<ReturnType<typeof graphState>>;
let indexed: State;
let reviewed: State;

test('before review: the corpus gives the extractions the decisions will correct', async () => {
  indexed = await withWorkspace(workspaces.main, async (rhizome) => {
    await rhizome.index(docs);
    return graphState(rhizome);
  });
  assert.deepEqual(indexed.entities['Belmont Audit'], { type: 'Organisation', aliases: ['Audit'] }, 'the title "Audit" was merged into Belmont Audit as a short form');
  assert.ok(indexed.relations.includes('Belmont Audit -RELATED_TO-> Ghent'));
  assert.ok(indexed.relations.includes('VR-4 -RELATED_TO-> Quill'));
  assert.ok(indexed.relations.includes('Tarvo Systems -SUPPLIES-> VR-4'));
  assert.ok(indexed.entities['TS Group'] && indexed.entities['Tarvo Systems']);
});

test('decisions change the graph at once: reject, retype, reverse, rename, retype an entity, merge, split', async () => {
  reviewed = await withWorkspace(workspaces.main, async (rhizome) => {
    const run = await rhizome.review([
      { action: 'accept-relation', relationId: await relationId(rhizome, 'Odile Marchetti', 'LEADS', 'Quill') },
      { action: 'reject-relation', relationId: await relationId(rhizome, 'Tarvo Systems', 'SUPPLIES', 'VR-4') },
      { action: 'reject-relation', relationId: await relationId(rhizome, 'Belmont Audit', 'RELATED_TO', 'Ghent') },
      { action: 'retype-relation', relationId: await relationId(rhizome, 'VR-4', 'RELATED_TO', 'Quill'), type: 'PART_OF' },
      { action: 'reverse-relation', relationId: await relationId(rhizome, 'Tarvo Systems', 'RELATED_TO', 'Petra Solberg') },
      { action: 'rename-entity', entityId: await entityId(rhizome, 'Quill'), name: 'Quill Programme' },
      { action: 'retype-entity', entityId: await entityId(rhizome, 'Petra Solberg'), type: 'Organisation' },
      { action: 'merge-entities', entityId: await entityId(rhizome, 'Tarvo Systems'), otherEntityId: await entityId(rhizome, 'TS Group') },
      { action: 'split-alias', entityId: await entityId(rhizome, 'Belmont Audit'), alias: 'Audit' },
    ]);
    assert.equal(run.decisions.length, 9);
    // The title "Audit" stated the Belmont Audit → Ghent link; split off, its relations are another entity's, so that rejection has nothing left to reject.
    assert.deepEqual(run.summary.reviewDecisions, { applied: 8, stale: [run.decisions[2]?.id] });
    return graphState(rhizome);
  });
  assert.ok(!reviewed.relations.includes('Tarvo Systems -SUPPLIES-> VR-4'), 'the rejected relation is gone');
  assert.ok(reviewed.relations.includes('Audit -RELATED_TO-> Ghent'));
  assert.ok(reviewed.relations.includes('VR-4 -PART_OF-> Quill Programme'), 'the retyped relation has its new type (and its renamed end)');
  assert.ok(reviewed.relations.includes('Petra Solberg -RELATED_TO-> Tarvo Systems'), 'the reversed relation points the other way');
  assert.ok(!reviewed.relations.includes('Tarvo Systems -RELATED_TO-> Petra Solberg'));
  assert.deepEqual(reviewed.entities['Quill Programme'], { type: 'Project', aliases: ['Quill'] });
  assert.equal(reviewed.entities.Quill, undefined);
  assert.equal(reviewed.entities['Petra Solberg']?.type, 'Organisation');
  assert.ok(!reviewed.relations.includes('Petra Solberg -MANAGES-> Ghent'), 'MANAGES needs a Person: the retyped entity\'s relation fell back');
  assert.ok(reviewed.relations.includes('Petra Solberg -RELATED_TO-> Ghent') || reviewed.relations.includes('Ghent -RELATED_TO-> Petra Solberg'));
  assert.deepEqual(reviewed.entities['Tarvo Systems']?.aliases, ['TS Group', 'Tarvo']);
  assert.equal(reviewed.entities['TS Group'], undefined);
  assert.ok(reviewed.merges.includes('ts group → tarvo systems (review)'));
  assert.deepEqual(reviewed.entities['Belmont Audit'], { type: 'Organisation', aliases: [] }, 'the split alias left Belmont Audit');
  assert.ok(reviewed.entities.Audit, 'and became an entity of its own');
  assert.ok(!reviewed.merges.includes('audit → belmont audit (short-form)'));
});

test('decisions survive a re-index, and a re-index after a document changed', async () => {
  await withWorkspace(workspaces.main, async (rhizome) => {
    const again = await rhizome.index(docs);
    assert.equal(again.documents.unchanged, 4);
    assert.deepEqual(await graphState(rhizome), reviewed);
    appendFileSync(path.join(docs, 'c.txt'), 'Petra Solberg visited Belmont Audit in Ghent.\n');
    const changed = await rhizome.index(docs);
    assert.equal(changed.documents.changed, 1);
    assert.equal(changed.reviewDecisions.applied, 8);
    const state = await graphState(rhizome);
    assert.deepEqual(state.entities['Quill Programme'], reviewed.entities['Quill Programme']);
    assert.deepEqual(state.entities['Tarvo Systems'], reviewed.entities['Tarvo Systems']);
    assert.equal(state.entities['Petra Solberg']?.type, 'Organisation');
    assert.ok(!state.relations.includes('Tarvo Systems -SUPPLIES-> VR-4'));
    assert.ok(state.entities.Audit && state.entities['Belmont Audit']?.aliases.length === 0);
    reviewed = state;
  });
});

test('decisions are exported with the graph and an import into a fresh workspace keeps applying them', async () => {
  const { jsonl, decisions } = await withWorkspace(workspaces.main, async (rhizome) => ({ jsonl: await rhizome.exportGraph({ format: 'jsonl' }), decisions: await rhizome.reviewDecisions() }));
  const lines = jsonl.trimEnd().split('\n').filter((line) => line.startsWith('{"action":') || line.includes('"kind":"override"'));
  assert.equal(lines.length, 9, 'one override record per decision');
  await withWorkspace(workspaces.imported, async (rhizome) => {
    const result = await rhizome.importGraph(jsonl, 'export.jsonl');
    assert.equal(result.overrides, 9);
    assert.deepEqual(await rhizome.reviewDecisions(), decisions);
    assert.deepEqual(await graphState(rhizome), reviewed);
    await rhizome.index(docs);
    assert.deepEqual(await graphState(rhizome), reviewed, 'a re-index of the imported workspace applies them again');
    assert.equal(await rhizome.exportGraph({ format: 'jsonl' }), jsonl);
  });
});

test('an import names the line of a malformed decision and writes nothing', async () => {
  const jsonl = await withWorkspace(workspaces.main, (rhizome) => rhizome.exportGraph({ format: 'jsonl' }));
  const broken = jsonl.replace('"kind":"override"', '"kind":"override","action":"shrug"');
  const line = broken.split('\n').findIndex((text) => text.includes('"shrug"')) + 1;
  await withWorkspace(path.join(base, 'broken'), async (rhizome) => {
    await assert.rejects(rhizome.importGraph(broken, 'broken.jsonl'), (error: Error) => error.message.startsWith(`broken.jsonl, line ${line}: review decision: field action`));
    assert.equal((await rhizome.stats()).documents, 0);
  });
});

test('migrate carries the decisions, and the target keeps applying them on re-index', async () => {
  const config = validateConfig({});
  const source = await openGraphStore({ workspace: workspaces.main, store: config.store });
  const target = await openGraphStore({ workspace: workspaces.migrated, store: config.store });
  try {
    await source.ensureSchema(config.schema);
    await target.ensureSchema(config.schema);
    const result = await migrateGraph(source, target);
    assert.ok(result.metaKeys.includes('reviewOverrides'));
  } finally {
    await target.close();
    await source.close();
  }
  await withWorkspace(workspaces.migrated, async (rhizome) => {
    assert.equal((await rhizome.reviewDecisions()).length, 9);
    assert.deepEqual(await graphState(rhizome), reviewed);
    await rhizome.index(docs);
    assert.deepEqual(await graphState(rhizome), reviewed);
  });
});

test('undoing a merge restores both entities; undoing a split restores the alias merge; both survive a re-index', async () => {
  await withWorkspace(workspaces.main, async (rhizome) => {
    const decisions = await rhizome.reviewDecisions();
    const merge = decisions.find((decision) => decision.action === 'merge-entities');
    const split = decisions.find((decision) => decision.action === 'split-alias');
    assert.ok(merge && split);
    const undone = await rhizome.undoReview([merge.id, split.id]);
    assert.deepEqual(undone.decisions.map((decision) => decision.id), [merge.id, split.id]);
    await rhizome.index(docs);
    const state = await graphState(rhizome);
    assert.deepEqual(state.entities['Tarvo Systems'], indexed.entities['Tarvo Systems']);
    assert.deepEqual(state.entities['TS Group'], indexed.entities['TS Group']);
    assert.deepEqual(state.entities['Belmont Audit'], indexed.entities['Belmont Audit']);
    assert.equal(state.entities.Audit, undefined);
    assert.deepEqual(state.entities['Quill Programme'], reviewed.entities['Quill Programme'], 'the other decisions stay');
    assert.equal((await rhizome.reviewDecisions()).length, 7);
    await assert.rejects(rhizome.undoReview([merge.id]), /no review decision rev_/);
  });
});

test('bad decisions are refused before anything is stored, naming the decision and the field', async () => {
  await withWorkspace(workspaces.main, async (rhizome) => {
    const before = await rhizome.reviewDecisions();
    const located = await relationId(rhizome, 'Tarvo Systems', 'LOCATED_IN', 'Ghent');
    await assert.rejects(rhizome.review([{ action: 'accept-relation', relationId: located }, { action: 'reverse-relation', relationId: located }]), /decision 2: LOCATED_IN goes from .* to Location, but Ghent is a Location and Tarvo Systems a Organisation/);
    await assert.rejects(rhizome.review([{ action: 'retype-entity', entityId: await entityId(rhizome, 'Ghent'), type: 'Planet' }]), /decision 1: field type: "Planet" is not a node type/);
    await assert.rejects(rhizome.review([{ action: 'reject-relation', relationId: 'rel_missing' }]), (error: Error & { code?: string }) => error.code === 'INPUT_NOT_FOUND');
    await assert.rejects(rhizome.review([{ action: 'rename-entity', entityId: 'x' }]), /decision 1: field name/);
    await assert.rejects(rhizome.review([{ action: 'split-alias', entityId: await entityId(rhizome, 'Ghent'), alias: 'Gent' }]), /"Gent" is not an alias of Ghent/);
    assert.deepEqual(await rhizome.reviewDecisions(), before);
  });
});
