import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CypherLimits, GraphStore } from '../../src/graph/store.js';
import { dialectGuide } from '../../src/prompts/cypher-dialects.js';
import { CONTRACT_SCHEMA } from './contract-fixture.js';
import { INJECTION_ATTEMPTS } from './injection-attempts.js';
import type { ContractContext } from './graph-store-contract.js';

const LIMITS: CypherLimits = { timeoutMs: 10_000, rowLimit: 1_000 };

function cypher(store: GraphStore, query: string, parameters: Record<string, unknown> = {}, limits = LIMITS) {
  return store.runReadOnlyCypher(query, parameters, limits);
}

/** Read-only Cypher: seed 002's inspection probes give the same rows on every backend; writes and escapes never run. */
export function defineCypherCases({ withLoadedStore }: ContractContext): void {
  test('read-only probes return the same plain rows: entities, relations, paths, mentions, communities', () =>
    withLoadedStore(async (store) => {
      assert.deepEqual(await cypher(store, 'MATCH (p:Person) RETURN p.name AS name, p.aliases AS aliases ORDER BY name'), [
        { name: 'Lina Ferraz', aliases: ['L. Ferraz', 'Ferraz'] },
        { name: 'Maelle Ostin', aliases: [] },
      ]);
      const [counted] = await cypher(store, 'MATCH (p:Person) WHERE p.name = $name RETURN count(*) AS total', { name: 'Lina Ferraz' });
      assert.deepEqual(counted, { total: 1 });
      assert.equal(typeof counted?.total, 'number', 'numbers are JS numbers');
      assert.deepEqual(await cypher(store, 'MATCH (a:Person)-[r:LEADS]->(b:Project) RETURN a.name AS name, r.validFrom AS validFrom, r.validTo AS validTo, r.weight AS weight ORDER BY validFrom'), [
        { name: 'Maelle Ostin', validFrom: '2021-01-01', validTo: '2023-02-01', weight: 1 },
        { name: 'Lina Ferraz', validFrom: '2023-02-01', validTo: null, weight: 1 },
      ]);
      assert.deepEqual(
        await cypher(store, 'MATCH (o:Organisation)-[:SUPPLIES]->(x:Product)<-[:USES]-(p:Project)<-[l:LEADS]-(person:Person) WHERE l.validTo IS NULL RETURN person.name AS person, p.name AS project, o.name AS supplier'),
        [{ person: 'Lina Ferraz', project: 'Lynx', supplier: 'Nordhaven Composants' }],
        'a three-hop chain',
      );
      assert.deepEqual(await cypher(store, 'MATCH (c:Chunk)-[m:MENTIONS]->(e) WHERE c.id = $id RETURN e.name AS name, m.count AS count ORDER BY name', { id: 'chunk-lynx-0' }), [
        { name: 'Brest site', count: 1 },
        { name: 'Lina Ferraz', count: 2 },
        { name: 'Lynx', count: 2 },
        { name: 'NC-7', count: 1 },
      ]);
      assert.deepEqual(await cypher(store, 'MATCH (e)-[:MEMBER_OF]->(c:Community) WHERE c.level = $level RETURN c.id AS community, e.name AS name ORDER BY name', { level: 1 }), [
        { community: 'com-0-0', name: 'Lina Ferraz' },
        { community: 'com-0-0', name: 'Lynx' },
      ]);
      assert.deepEqual(await cypher(store, 'MATCH (d:Document)-[:HAS_CHUNK]->(c:Chunk) RETURN d.path AS path, count(c) AS chunks, sum(c.tokenCount) > 0 AS hasTokens ORDER BY path'), [
        { path: '/corpus/lynx.txt', chunks: 2, hasTokens: true },
        { path: '/corpus/supplier.md', chunks: 1, hasTokens: true },
        { path: '/corpus/weather.txt', chunks: 1, hasTokens: true },
      ]);
      assert.deepEqual(await cypher(store, "MATCH (c:Chunk) WHERE c.text CONTAINS 'CREATE a plan; then DELETE it' RETURN c.id AS id"), [], 'keywords inside literals are allowed');
    }));

  test('the text-to-Cypher examples of the dialect the store declares pass the guard and run on it', () =>
    withLoadedStore(async (store) => {
      const guide = dialectGuide(store.capabilities.cypherDialect, CONTRACT_SCHEMA);
      assert.ok(guide.examples.length >= 3);
      for (const example of guide.examples) assert.ok(Array.isArray(await cypher(store, example)), example);
      const [named] = guide.examples;
      const rows = await cypher(store, (named ?? '').replaceAll('some name', 'lina ferraz'));
      assert.ok(rows.length > 0, `the first example finds a named entity's relations: ${named}`);
    }));

  test('the row limit caps what a probe returns', () =>
    withLoadedStore(async (store) => {
      const rows = await cypher(store, 'MATCH (c:Chunk) RETURN c.id AS id ORDER BY id', {}, { timeoutMs: 10_000, rowLimit: 2 });
      assert.deepEqual(rows, [{ id: 'chunk-lynx-0' }, { id: 'chunk-lynx-1' }]);
    }));

  test('write and escape attempts are rejected and change nothing; invalid queries are QUERY_INVALID', () =>
    withLoadedStore(async (store) => {
      const before = await store.counts();
      for (const query of INJECTION_ATTEMPTS) {
        await assert.rejects(cypher(store, query), (error: Error & { code?: string }) => error.code === 'CYPHER_REJECTED', `not rejected: ${JSON.stringify(query)}`);
      }
      assert.deepEqual(await store.counts(), before);
      assert.deepEqual((await cypher(store, 'MATCH (p:Person) RETURN p.name AS name ORDER BY name')).map((row) => row.name), ['Lina Ferraz', 'Maelle Ostin']);
      await assert.rejects(cypher(store, 'MATCH (p:Person RETURN p'), (error: Error & { code?: string }) => error.code === 'QUERY_INVALID');
    }));
}
