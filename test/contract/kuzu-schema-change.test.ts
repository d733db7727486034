import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { nodeTypeNames, type GraphSchema } from '../../src/config/graph-schema.js';
import { KuzuGraphStore } from '../../src/graph/kuzu/kuzu-store.js';
import { FULL_TEXT_TOKENIZER } from '../../src/graph/kuzu/kuzu-fts-indexes.js';
import { KuzuConnection } from '../../src/graph/kuzu/kuzu-connection.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { CHUNKS, CONTRACT_SCHEMA, fullWrite, OTHER_SCHEMA } from './contract-fixture.js';

// A property type Kuzu rejects makes the DDL fail after the old entity tables were dropped.
const BROKEN_SCHEMA = { ...OTHER_SCHEMA, nodeTypes: [{ ...OTHER_SCHEMA.nodeTypes[0]!, properties: [{ name: 'rank', type: 'NOT_A_TYPE' }] }, ...OTHER_SCHEMA.nodeTypes.slice(1)] } as unknown as GraphSchema;

test('kuzu: a schema change that fails half-way is redone on the next open, and documents survive', async () => {
  const workspace = path.join(makeTempDir('rhizome-kuzu-schema-'), 'workspace');
  const open = () => KuzuGraphStore.open({ workspace, bufferPoolMb: 64 });
  const first = await open();
  try {
    await first.ensureSchema(CONTRACT_SCHEMA);
    await first.writeIndex(fullWrite());
    await assert.rejects(first.ensureSchema(BROKEN_SCHEMA));
  } finally {
    await first.close();
  }
  for (const schema of [CONTRACT_SCHEMA, OTHER_SCHEMA]) {
    const store = await open();
    try {
      assert.deepEqual(await store.ensureSchema(schema), { reset: true }, 'the interrupted change is redone');
      assert.deepEqual(await store.loadProjection(), { entities: [], relations: [], mentions: [] });
      assert.deepEqual(await store.listChunks(), CHUNKS);
      assert.deepEqual(await store.searchEntities('Lina', 5), []);
    } finally {
      await store.close();
    }
  }
});

test('kuzu: full-text indexes built with another word splitting are rebuilt on open, entity indexes too', async () => {
  const workspace = path.join(makeTempDir('rhizome-kuzu-fts-'), 'workspace');
  const open = () => KuzuGraphStore.open({ workspace, bufferPoolMb: 64 });
  const first = await open();
  try {
    await first.ensureSchema(CONTRACT_SCHEMA);
    await first.writeIndex(fullWrite());
    // As a workspace indexed by an earlier version: its indexes split words at spaces only, and the columns they read now were not written.
    await first.setMeta('fullTextTokenizer', 'earlier');
  } finally {
    await first.close();
  }
  // Its indexes read the text and the name beside the aliases. (Kuzu crashes updating a column an index reads once the database was reopened: the indexes go first.)
  const raw = await KuzuConnection.open(path.join(workspace, 'graph.kuzu'));
  try {
    const indexes = await raw.run('CALL SHOW_INDEXES() RETURN table_name AS tableName, index_name AS indexName');
    for (const index of indexes) await raw.run(`CALL DROP_FTS_INDEX('${String(index.tableName)}', '${String(index.indexName)}')`);
    await raw.run("MATCH (c:Chunk) SET c.searchText = ''");
    await raw.run("CALL CREATE_FTS_INDEX('Chunk', 'chunk_fts', ['text'])");
    for (const type of nodeTypeNames(CONTRACT_SCHEMA)) {
      await raw.run(`MATCH (e:${type}) SET e.aliasText = list_to_string(' | ', [e.name] + e.aliases)`);
      await raw.run(`CALL CREATE_FTS_INDEX('${type}', '${type.toLowerCase()}_fts', ['name', 'aliasText'])`);
    }
  } finally {
    await raw.close();
  }
  const store = await open();
  try {
    assert.deepEqual(await store.ensureSchema(CONTRACT_SCHEMA), { reset: false });
    assert.equal(await store.getMeta('fullTextTokenizer'), FULL_TEXT_TOKENIZER);
    assert.deepEqual((await store.searchChunks('log', 5)).map((hit) => hit.id), ['chunk-weather-0']);
    assert.equal((await store.searchEntities('Nordhaven', 5))[0]?.id, 'ent-nordhaven');
  } finally {
    await store.close();
  }
});
