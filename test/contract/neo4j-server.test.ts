import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Neo4jConnection } from '../../src/graph/neo4j/neo4j-connection.js';
import { Neo4jGraphStore } from '../../src/graph/neo4j/neo4j-store.js';
import { CONTRACT_SCHEMA, fullWrite } from './contract-fixture.js';
import { neo4jTestSettings, wipeTestDatabase } from './neo4j-test-database.js';

const { settings, skip } = neo4jTestSettings();
const LIMITS = { timeoutMs: 10_000, rowLimit: 100 };
const isCode = (code: string, pattern?: RegExp) => (error: Error & { code?: string }) => error.code === code && (!pattern || pattern.test(error.message));

describe('Neo4j backend on a real server', { skip }, () => {
  let store: Neo4jGraphStore;
  before(async () => {
    await wipeTestDatabase(settings!);
    store = await Neo4jGraphStore.open(settings!);
    await store.ensureSchema(CONTRACT_SCHEMA);
    await store.writeIndex(fullWrite());
  });
  after(() => store?.close());

  test('constraints and full-text indexes exist and are online; entity nodes carry :Entity and their type', async () => {
    const indexes = await store.runReadOnlyCypher('SHOW INDEXES YIELD name, state RETURN name, state ORDER BY name', {}, LIMITS);
    for (const name of ['rhizome_chunk_search_text', 'rhizome_entity_names', 'rhizome_entity_id', 'rhizome_chunk_id', 'rhizome_document_id']) {
      assert.ok(indexes.some((row) => row.name === name && row.state === 'ONLINE'), `${name} is online`);
    }
    const [person] = await store.runReadOnlyCypher('MATCH (p:Entity:Person {id: $id}) RETURN p', { id: 'ent-lina' }, LIMITS);
    assert.deepEqual({ ...(person?.p as Record<string, unknown>), _id: 'id' }, {
      _id: 'id', _label: 'Person', _labels: ['Entity', 'Person'], id: 'ent-lina', name: 'Lina Ferraz', aliases: ['L. Ferraz', 'Ferraz'],
      aliasText: 'Lina Ferraz | L. Ferraz | Ferraz', description: 'Lina Ferraz (Person)', mentionCount: 2,
    });
    assert.match(store.describe(), /^neo4j 5\.\d+/);
  });

  test('integer parameters work where Cypher needs integers; relationships come back as plain objects', async () => {
    assert.equal((await store.runReadOnlyCypher('MATCH (c:Chunk) RETURN c.id AS id ORDER BY id LIMIT $n', { n: 1 }, LIMITS)).length, 1);
    const [row] = await store.runReadOnlyCypher('MATCH (:Person {id: $id})-[r:LEADS]->() RETURN r', { id: 'ent-lina' }, LIMITS);
    assert.equal((row?.r as Record<string, unknown>)._label, 'LEADS');
    assert.equal((row?.r as Record<string, unknown>).startOffset, 10);
  });

  test('the server itself refuses writes in the read-only session, even past the guard', async () => {
    const connection = await Neo4jConnection.open(settings!);
    try {
      await assert.rejects(connection.runReadOnly("CREATE (:Person {id: 'intruder'})", {}, LIMITS), isCode('CYPHER_REJECTED', /read-only transaction/));
    } finally {
      await connection.close();
    }
    assert.deepEqual(await store.runReadOnlyCypher("MATCH (p {id: 'intruder'}) RETURN p.id AS id", {}, LIMITS), []);
  });

  test('a probe that runs past its timeout is stopped with QUERY_INVALID', async () => {
    const started = performance.now();
    await assert.rejects(
      store.runReadOnlyCypher('UNWIND range(1, 30000) AS x UNWIND range(1, 30000) AS y RETURN sum(x * y) AS total', {}, { timeoutMs: 200, rowLimit: 10 }),
      isCode('QUERY_INVALID', /200 ms/),
    );
    assert.ok(performance.now() - started < 10_000, 'stopped early');
  });

  test('wrong credentials and unknown databases are configuration errors naming what to fix', async () => {
    if (settings!.password !== null) {
      await assert.rejects(Neo4jGraphStore.open({ ...settings!, password: 'not-the-password' }), isCode('CONFIG_INVALID', /refused the credentials of user "neo4j".*NEO4J_PASSWORD/));
    }
    await assert.rejects(Neo4jGraphStore.open({ ...settings!, database: 'nosuchdatabase' }), isCode('CONFIG_INVALID', /no database "nosuchdatabase"/));
  });
});
