import assert from 'node:assert/strict';
import { mkdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createRhizome, type Rhizome } from '../../src/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const DOCUMENTS: Record<string, string> = {
  'lynx.txt': 'Project Lynx update\n2023-02-01\n\nLina Ferraz leads the Lynx project, based at the Brest site. The Lynx prototypes integrate NC-7 boards.',
  'altair.md': '---\ntitle: Altair kickoff\ndate: 2023-03-05\n---\n\nMaelle Ostin leads the Altair project. The Altair prototypes also integrate NC-7 boards.',
  'supplier.html': '<html><head><title>Supplier note</title></head><body><p>Nordhaven Composants supplies the NC-7 boards. Nordhaven Composants is based in Lorient.</p></body></html>',
  'people/ferraz.txt': 'Staff note\n\nL. Ferraz joined the company in 2019. Ferraz previously worked at Tessera Logistics.',
  'notes/weather.txt': 'weather log\n\nit rained all week and nothing else happened.',
};

function writeCorpus(root: string): void {
  for (const [name, text] of Object.entries(DOCUMENTS)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
}

const base = makeTempDir();

describe('offline pipeline on real Kuzu', () => {
  const root = path.join(base, 'docs');
  let rhizome: Rhizome;

  before(() => {
    writeCorpus(root);
    rhizome = createRhizome({ workspace: path.join(base, 'workspace') });
  });
  after(() => rhizome.close());

  test('indexes every format, resolves aliases and reports empty chunks', async () => {
    const summary = await rhizome.index(root);
    assert.equal(summary.partial, false);
    assert.equal(summary.documents.added, 5);
    assert.equal(summary.chunks.empty, 1, 'the weather note names nothing');
    const stats = await rhizome.stats();
    assert.equal(stats.documents, 5);
    const people = await rhizome.cypher('MATCH (p:Person) RETURN p.name AS name, p.aliases AS aliases ORDER BY name');
    const ferraz = people.find((row) => row.name === 'Lina Ferraz');
    assert.ok(ferraz, 'Lina Ferraz is a Person');
    assert.deepEqual([...(ferraz.aliases as string[])].sort(), ['Ferraz', 'L. Ferraz']);
    const merges = await rhizome.merges();
    assert.ok(merges.some((merge) => merge.merged === 'l ferraz' && merge.reason === 'initial-surname'));
  });

  test('re-indexing the same folder is idempotent', async () => {
    const before = await rhizome.stats();
    const summary = await rhizome.index(root);
    assert.equal(summary.documents.unchanged, 5);
    assert.equal(summary.chunks.reused, summary.chunks.total, 'nothing is extracted again');
    const afterStats = await rhizome.stats();
    assert.deepEqual({ ...afterStats, lastIndexedAt: null }, { ...before, lastIndexedAt: null });
    const duplicates = await rhizome.cypher('MATCH (p:Person) WITH p.name AS name, count(*) AS copies WHERE copies > 1 RETURN name');
    assert.deepEqual(duplicates, []);
  });

  test('local search follows relations across documents and cites its evidence', async () => {
    const answer = await rhizome.query('Who leads the projects that integrate NC-7 boards?', { mode: 'local' });
    assert.equal(answer.found, true);
    assert.match(answer.answer, /Lina Ferraz/);
    assert.match(answer.answer, /Maelle Ostin/);
    assert.ok(answer.citations.some((citation) => citation.kind === 'chunk' && citation.path?.endsWith('lynx.txt')));
    assert.ok(answer.metadata.questionEntities.includes('NC-7'));
    assert.ok(answer.answer.split(/\s+/).length <= 75, 'answers stay short');
  });

  test('every answer says so when nothing relevant is indexed', async () => {
    const answer = await rhizome.query('What is the boiling point of mercury?', { mode: 'local' });
    assert.equal(answer.found, false);
    assert.equal(answer.citations.length, 0);
  });

  test('naive search answers from the best full-text chunks', async () => {
    const answer = await rhizome.query('Which company supplies the NC-7 boards?', { mode: 'naive' });
    assert.match(answer.answer, /Nordhaven Composants/);
    assert.equal(answer.paths.length, 0);
  });

  test('a changed file is re-extracted and a deleted one removed (with prune)', async () => {
    writeFileSync(path.join(root, 'lynx.txt'), 'Project Lynx update\n2024-06-01\n\nYann Le Goff leads the Lynx project from now on.');
    rmSync(path.join(root, 'notes/weather.txt'));
    const summary = await rhizome.index(root, { prune: true });
    assert.equal(summary.documents.changed, 1);
    assert.equal(summary.documents.removed, 1);
    const stats = await rhizome.stats();
    assert.equal(stats.documents, 4);
    const chunks = await rhizome.cypher("MATCH (c:Chunk) WHERE c.text CONTAINS 'rained' RETURN c.id");
    assert.equal(chunks.length, 0);
    const leads = await rhizome.cypher("MATCH (p:Person)-[r:LEADS]->(x:Project {name: 'Lynx'}) RETURN p.name AS name");
    assert.deepEqual(leads.map((row) => row.name), ['Yann Le Goff']);
  });

  test('bad files are reported by name with a reason, the rest is indexed, and the run is partial', async () => {
    writeFileSync(path.join(root, 'empty.txt'), '');
    writeFileSync(path.join(root, 'binary.txt'), Buffer.from([0x48, 0x00, 0x01, 0x02, 0x49]));
    writeFileSync(path.join(root, 'latin1.txt'), Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x4c, 0x79, 0x6e, 0x78]));
    writeFileSync(path.join(root, 'broken.pdf'), 'this is not a pdf at all');
    symlinkSync(path.join(root, 'missing-target.txt'), path.join(root, 'dangling.txt'));
    writeFileSync(path.join(root, 'fresh.txt'), 'Fresh note\n\nOrvale Conseil audited Tessera Logistics.');
    const summary = await rhizome.index(root);
    assert.equal(summary.partial, true);
    const failed = new Map(summary.failures.map((failure) => [path.basename(failure.path), failure.code]));
    assert.equal(failed.get('empty.txt'), 'empty');
    assert.equal(failed.get('binary.txt'), 'binary');
    assert.equal(failed.get('latin1.txt'), undefined, 'a Latin-1 file is read, not rejected');
    assert.deepEqual(summary.otherEncodings.map((file) => [path.basename(file.path), file.encoding]), [['latin1.txt', 'windows-1252']]);
    assert.equal(failed.get('broken.pdf'), 'corrupt');
    assert.equal(failed.get('dangling.txt'), 'unreadable');
    assert.equal(summary.documents.added, 2, 'the good new files are indexed');
    const orvale = await rhizome.cypher("MATCH (o) WHERE o.name = 'Orvale Conseil' RETURN o.id");
    assert.equal(orvale.length, 1);
    assert.equal((await rhizome.stats()).documents, 6, 'nothing already indexed is lost');
  });

  test('a file rewritten to the same size and modification time is re-indexed; an unchanged one is still reported by encoding', async () => {
    const fresh = path.join(root, 'fresh.txt');
    const before = statSync(fresh);
    writeFileSync(fresh, 'Fresh note\n\nOrvale Conseil audited Tessera Logistica.');
    utimesSync(fresh, before.atimeMs / 1000, before.mtimeMs / 1000);
    assert.equal(statSync(fresh).size, before.size);
    assert.ok(Math.abs(statSync(fresh).mtimeMs - before.mtimeMs) < 1, 'the same modification time (to the millisecond)');
    const summary = await rhizome.index(root);
    assert.equal(summary.documents.changed, 1);
    assert.equal(summary.documents.seen, 6);
    assert.deepEqual(summary.otherEncodings.map((file) => [path.basename(file.path), file.encoding]), [['latin1.txt', 'windows-1252']]);
    const audited = await rhizome.cypher("MATCH (o) WHERE o.name = 'Tessera Logistica' RETURN o.id");
    assert.equal(audited.length, 1);
  });
});
