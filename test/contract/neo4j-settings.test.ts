import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { assertServerSupported, parseServerVersion } from '../../src/graph/neo4j/neo4j-errors.js';
import { resolveNeo4jSettings } from '../../src/graph/neo4j/neo4j-settings.js';
import { Neo4jGraphStore } from '../../src/graph/neo4j/neo4j-store.js';
import { toFullTextQuery, toSearchText } from '../../src/graph/neo4j/full-text-query.js';

const isCode = (code: string) => (error: Error & { code?: string }) => error.code === code;

test('settings come from store.neo4j first, then NEO4J_* variables, the password from passwordEnv', () => {
  const env = { NEO4J_URI: 'bolt://env:7687', NEO4J_USERNAME: 'env-user', NEO4J_DATABASE: 'envdb', NEO4J_PASSWORD: 'env-secret', GRAPH_SECRET: 'other-secret' };
  assert.deepEqual(resolveNeo4jSettings({ passwordEnv: 'NEO4J_PASSWORD' }, env), { uri: 'bolt://env:7687', username: 'env-user', password: 'env-secret', passwordEnv: 'NEO4J_PASSWORD', database: 'envdb' });
  assert.deepEqual(resolveNeo4jSettings({ uri: 'neo4j://config:7687', username: 'config-user', database: 'configdb', passwordEnv: 'GRAPH_SECRET' }, env), {
    uri: 'neo4j://config:7687', username: 'config-user', password: 'other-secret', passwordEnv: 'GRAPH_SECRET', database: 'configdb',
  });
  assert.deepEqual(resolveNeo4jSettings({ passwordEnv: 'NEO4J_PASSWORD' }, { NEO4J_URI: 'bolt://x:1' }), { uri: 'bolt://x:1', username: 'neo4j', password: null, passwordEnv: 'NEO4J_PASSWORD', database: null });
  assert.equal(resolveNeo4jSettings({ passwordEnv: 'NEO4J_PASSWORD' }, { NEO4J_URI: 'bolt://x:1', NEO4J_PASSWORD: '' }).password, null, 'empty means no auth');
  assert.throws(() => resolveNeo4jSettings({ passwordEnv: 'NEO4J_PASSWORD' }, {}), (error: Error & { code?: string }) => error.code === 'CONFIG_INVALID' && /store\.neo4j\.uri/.test(error.message) && /NEO4J_URI/.test(error.message));
});

test('server versions: 5.13+ and calendar versions pass, older ones name the version and what is missing', () => {
  assert.deepEqual(parseServerVersion('5.26.30'), [5, 26]);
  assert.doesNotThrow(() => assertServerSupported('5.26.30', 'community', 'bolt://x'));
  assert.doesNotThrow(() => assertServerSupported('2025.01.0', 'enterprise', 'bolt://x'));
  for (const old of ['5.12.0', '4.4.30', 'unknown']) {
    assert.throws(() => assertServerSupported(old, 'community', 'bolt://x'), (error: Error & { code?: string }) => error.code === 'STORE_FAILED' && error.message.includes(old) && /vector indexes/.test(error.message));
  }
});

test('full-text text and queries are analysed like Kuzu\'s index: letter runs, no single letters or function words, no Lucene syntax', () => {
  assert.equal(toFullTextQuery('Who leads "Lynx" AND (NC-7) at Brest-Île?*~'), 'leads lynx nc brest ile');
  assert.equal(toFullTextQuery('?! the Q7 of'), '');
  assert.equal(toSearchText('Lina Ferraz leads the Lynx project; the Q7 modems (B-5507) arrived.'), 'lina ferraz leads lynx project modems arrived');
});

test('an unreachable server is STORE_FAILED naming the URI and how to start one', async () => {
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
  const uri = `bolt://127.0.0.1:${port}`;
  await assert.rejects(Neo4jGraphStore.open({ uri, username: 'neo4j', password: 'x', passwordEnv: 'NEO4J_PASSWORD', database: null }), (error: Error & { code?: string }) =>
    isCode('STORE_FAILED')(error) && error.message.includes(uri) && error.message.includes('scripts/neo4j-test-server.sh start') && error.message.includes('docker compose'));
  await assert.rejects(Neo4jGraphStore.open({ uri: 'http://127.0.0.1:7474', username: 'neo4j', password: 'x', passwordEnv: 'NEO4J_PASSWORD', database: null }), isCode('CONFIG_INVALID'));
});

test('neo4j-driver is loaded only when the neo4j backend is configured', () => {
  const script = `
    import { createRequire } from 'node:module';
    import { mkdtempSync } from 'node:fs';
    import os from 'node:os';
    import path from 'node:path';
    const { openGraphStore } = await import('./src/graph/open-store.ts');
    const { validateConfig } = await import('./src/config/load-config.ts');
    const store = await openGraphStore(validateConfig({ workspace: mkdtempSync(path.join(os.tmpdir(), 'rhizome-lazy-')) }));
    await store.close();
    const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('/neo4j-driver'));
    const afterKuzu = loaded();
    await openGraphStore(validateConfig({ store: { backend: 'neo4j', neo4j: { uri: 'bolt://127.0.0.1:1' } } })).catch(() => undefined);
    console.log(JSON.stringify({ afterKuzu, afterNeo4j: loaded() }));`;
  const result = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  assert.deepEqual(JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}'), { afterKuzu: false, afterNeo4j: true });
});
