import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import { migrateWorkspace } from '../../src/migrate/migrate-workspace.js';
import { createRhizome, type RhizomeConfigInput } from '../../src/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { neo4jTestSettings, wipeTestDatabase } from './neo4j-test-database.js';

const { settings, skip } = neo4jTestSettings();
const CLI = path.resolve('src/cli/main.ts');
const QUESTION = 'Who leads the projects that integrate NC-7 boards?';
const PROBE = 'MATCH (p:Person)-[l:LEADS]->(x:Project) OPTIONAL MATCH (c:Chunk)-[:MENTIONS]->(x) RETURN p.name AS person, x.name AS project, l.validFrom AS since, count(c) AS chunks ORDER BY person';
const DOCUMENTS: Record<string, string> = {
  'lynx.txt': 'Project Lynx update\n2023-02-01\n\nLina Ferraz leads the Lynx project, based at the Brest site. The Lynx prototypes integrate NC-7 boards.',
  'altair.md': '---\ntitle: Altair kickoff\ndate: 2023-03-05\n---\n\nMaelle Ostin leads the Altair project. The Altair prototypes also integrate NC-7 boards.',
  'supplier.html': '<html><head><title>Supplier note</title></head><body><p>Nordhaven Composants supplies the NC-7 boards. Nordhaven Composants is based in Lorient.</p></body></html>',
  'people/ferraz.txt': 'Staff note\n\nL. Ferraz joined the company in 2019. Ferraz previously worked at Tessera Logistics.',
};

function rhizomeCli(cwd: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** What must survive a migration: counts, merges, communities, a probe and an answer. */
async function observe(config: RhizomeConfigInput) {
  const rhizome = createRhizome(config);
  try {
    const { workspace: _workspace, store: _store, ...stats } = await rhizome.stats();
    const answer = await rhizome.query(QUESTION, { mode: 'local' });
    const naive = await rhizome.query(QUESTION, { mode: 'naive' });
    const retracted = (await rhizome.exportGraph({ format: 'jsonl', transactionTime: true })).trim().split('\n').filter((line) => (JSON.parse(line) as { kind?: string }).kind === 'retractedFact');
    return { stats, merges: await rhizome.merges(), probe: await rhizome.cypher(PROBE), answer: answer.answer, citations: answer.citations, naive: naive.answer, retracted };
  } finally {
    await rhizome.close();
  }
}

describe('rhizome migrate: Kuzu → Neo4j → Kuzu round trip', { skip }, () => {
  const base = makeTempDir('rhizome-migrate-');
  const kuzuWorkspace = path.join(base, 'kuzu-a');
  let original: Awaited<ReturnType<typeof observe>>;

  before(async () => {
    for (const [name, text] of Object.entries(DOCUMENTS)) {
      mkdirSync(path.dirname(path.join(base, 'docs', name)), { recursive: true });
      writeFileSync(path.join(base, 'docs', name), text);
    }
    const rhizome = createRhizome({ workspace: kuzuWorkspace });
    await rhizome.index(path.join(base, 'docs'));
    // A corrected document: the facts of its first version are kept as retracted, and must be copied too.
    writeFileSync(path.join(base, 'docs', 'lynx.txt'), DOCUMENTS['lynx.txt']!.replace('Brest', 'Rennes'));
    await rhizome.index(path.join(base, 'docs'));
    await rhizome.close();
    original = await observe({ workspace: kuzuWorkspace });
    assert.ok(original.stats.relations > 0 && original.probe.length > 0 && original.stats.communities > 0, 'the fixture has a graph worth copying');
    assert.ok(original.retracted.length > 0, 'the fixture has retracted facts worth copying');
    await wipeTestDatabase(settings!);
  });

  test('the CLI copies a Kuzu workspace into Neo4j and reports verified counts', () => {
    const result = rhizomeCli(base, '--workspace', kuzuWorkspace, 'migrate', '--to', 'neo4j', '--json', '--batch-size', '2');
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { counts: { documents: number; entities: number }; metaKeys: string[]; from: string; to: string };
    assert.equal(report.counts.documents, original.stats.documents);
    assert.equal(report.counts.entities, original.stats.entities);
    assert.deepEqual(report.metaKeys, ['indexedSchema', 'lastIndexedAt', 'needsReindex'], 'the schema the graph was written under travels with it (rhizome doctor compares it)');
    assert.match(report.from, /^kuzu \(/);
    assert.match(report.to, /^neo4j \(bolt:/);
    const again = rhizomeCli(base, '--workspace', kuzuWorkspace, 'migrate', '--to', 'neo4j');
    assert.equal(again.code, 2, 'a non-empty target needs --replace');
    assert.match(again.stderr, /--replace/);
  });

  test('the Neo4j copy answers, counts and probes exactly like the Kuzu original', async () => {
    const copy = await observe({ workspace: path.join(base, 'neo4j-workspace'), store: { backend: 'neo4j' } });
    assert.deepEqual(copy, original);
  });

  test('migrating back into a new Kuzu workspace gives the same graph again (and --replace overwrites)', async () => {
    const config = validateConfig({ workspace: path.join(base, 'kuzu-b') });
    const result = await migrateWorkspace(config, { to: 'kuzu', batchDocuments: 3 });
    assert.equal(result.counts.relations, original.stats.relations);
    assert.deepEqual(await observe({ workspace: path.join(base, 'kuzu-b') }), original);
    await assert.rejects(migrateWorkspace(config, { to: 'kuzu' }), (error: Error & { code?: string }) => error.code === 'CONFIG_INVALID');
    const replaced = await migrateWorkspace(config, { to: 'kuzu', replace: true });
    assert.deepEqual(replaced.counts, result.counts);
    assert.deepEqual(await observe({ workspace: path.join(base, 'kuzu-b') }), original);
  });
});
