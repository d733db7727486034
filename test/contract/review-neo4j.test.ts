import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import { migrateWorkspace } from '../../src/migrate/migrate-workspace.js';
import { createRhizome, type Rhizome, type RhizomeConfigInput } from '../../src/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { writeReviewCorpus } from '../review/review-corpus.js';
import { neo4jTestSettings, wipeTestDatabase } from './neo4j-test-database.js';

const { settings, skip } = neo4jTestSettings();

/** What the decisions below change, read through the library so that both stores answer alike. */
async function reviewedState(rhizome: Rhizome) {
  const stats = await rhizome.stats();
  const merges = (await rhizome.merges()).map((merge) => `${merge.merged} → ${merge.kept} (${merge.reason})`).sort();
  const names = (await rhizome.searchEntities('', { limit: 100 })).map((entity) => `${entity.name} (${entity.type})`).sort();
  return { entitiesByType: stats.entitiesByType, relationsByType: stats.relationsByType, merges, names, decisions: (await rhizome.reviewDecisions()).map((decision) => decision.id) };
}

async function using<T>(config: RhizomeConfigInput, work: (rhizome: Rhizome) => Promise<T>): Promise<T> {
  const rhizome = createRhizome(config);
  try {
    return await work(rhizome);
  } finally {
    await rhizome.close();
  }
}

describe('review decisions: Kuzu → Neo4j migration and re-index on Neo4j', { skip }, () => {
  const base = makeTempDir('rhizome-review-neo4j-');
  const docs = writeReviewCorpus(base);
  const workspace = path.join(base, 'workspace');
  let kuzu: Awaited<ReturnType<typeof reviewedState>>;

  before(async () => {
    kuzu = await using({ workspace }, async (rhizome) => {
      await rhizome.index(docs);
      const id = async (name: string) => (await rhizome.searchEntities(name, { limit: 10 })).find((entity) => entity.name === name)?.id ?? '';
      await rhizome.review([
        { action: 'rename-entity', entityId: await id('Quill'), name: 'Quill Programme' },
        { action: 'merge-entities', entityId: await id('Tarvo Systems'), otherEntityId: await id('TS Group') },
        { action: 'split-alias', entityId: await id('Belmont Audit'), alias: 'Audit' },
      ]);
      return reviewedState(rhizome);
    });
    assert.ok(kuzu.names.includes('Quill Programme (Project)') && kuzu.merges.includes('ts group → tarvo systems (review)'));
    await wipeTestDatabase(settings!);
  });

  test('migrate copies the decisions and the Neo4j graph holds their effect', async () => {
    const result = await migrateWorkspace(validateConfig({ workspace }), { to: 'neo4j' });
    assert.ok(result.metaKeys.includes('reviewOverrides'));
    assert.deepEqual(await using({ workspace, store: { backend: 'neo4j' } }, reviewedState), kuzu);
  });

  test('a re-index on Neo4j applies them again', async () => {
    const state = await using({ workspace, store: { backend: 'neo4j' } }, async (rhizome) => {
      const summary = await rhizome.index(docs);
      assert.equal(summary.reviewDecisions.applied, 3);
      return reviewedState(rhizome);
    });
    assert.deepEqual(state, kuzu);
  });
});
