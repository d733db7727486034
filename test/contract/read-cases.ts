import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ScoredId } from '../../src/graph/store.js';
import { CHUNKS } from './contract-fixture.js';
import type { ContractContext } from './graph-store-contract.js';

function assertRanked(hits: ScoredId[]): void {
  for (const hit of hits) assert.ok(Number.isFinite(hit.score) && hit.score > 0, `score of ${hit.id} is positive`);
  for (let index = 1; index < hits.length; index += 1) assert.ok((hits[index - 1]?.score ?? 0) >= (hits[index]?.score ?? 0), 'best first');
}

/** Full-text search over chunks and entity names/aliases, and chunk lookup with document metadata. */
export function defineReadCases({ withLoadedStore }: ContractContext): void {
  test('searchChunks ranks chunks by full-text relevance, stemming words and ignoring stop words', () =>
    withLoadedStore(async (store) => {
      const hits = await store.searchChunks('Which prototypes integrate the boards?', 10);
      assertRanked(hits);
      assert.equal(hits[0]?.id, 'chunk-lynx-0');
      assert.deepEqual(hits.map((hit) => hit.id).sort(), ['chunk-lynx-0', 'chunk-supplier-0']);
      assert.deepEqual((await store.searchChunks('board', 10)).map((hit) => hit.id).sort(), ['chunk-lynx-0', 'chunk-supplier-0'], 'board finds boards');
      assert.deepEqual((await store.searchChunks('rain', 10)).map((hit) => hit.id), ['chunk-weather-0'], 'rain finds rained');
      assert.deepEqual((await store.searchChunks('log', 10)).map((hit) => hit.id), ['chunk-weather-0'], 'a word before a line break ("Weather log\\n\\nIt rained") is a word of its own');
      assert.equal((await store.searchChunks('Lynx boards rained', 1)).length, 1, 'the limit holds');
      assert.deepEqual(await store.searchChunks('?! …', 5), [], 'no words, no hits');
      assert.deepEqual(await store.searchChunks('the and of', 5), [], 'stop words alone find nothing');
      assert.deepEqual(await store.searchChunks('zeppelin', 5), []);
      assert.deepEqual(await store.searchChunks('AND OR NOT ( " * ~', 5), [], 'query syntax is not interpreted');
    }));

  test('searchEntities finds entities by name and by alias', () =>
    withLoadedStore(async (store) => {
      const byName = await store.searchEntities('Nordhaven', 5);
      assertRanked(byName);
      assert.equal(byName[0]?.id, 'ent-nordhaven');
      assert.equal((await store.searchEntities('NHC', 5))[0]?.id, 'ent-nordhaven', 'acronym alias');
      assert.equal((await store.searchEntities('L. Ferraz', 5))[0]?.id, 'ent-lina', 'initial + surname alias');
      assert.deepEqual((await store.searchEntities('Ostin', 5)).map((hit) => hit.id), ['ent-maelle']);
      assert.deepEqual(await store.searchEntities('zeppelin', 5), []);
      assert.deepEqual(await store.searchEntities('', 5), []);
    }));

  test('getChunks keeps the requested order, drops unknown ids and adds document path, title and date', () =>
    withLoadedStore(async (store) => {
      const chunks = await store.getChunks(['chunk-supplier-0', 'chunk-unknown', 'chunk-lynx-1']);
      const [supplier, lynx] = [CHUNKS[2]!, CHUNKS[1]!];
      const strip = <Chunk extends { extraction: unknown; extractionKey: string }>({ extraction: _extraction, extractionKey: _key, ...chunk }: Chunk) => chunk;
      assert.deepEqual(chunks, [
        { ...strip(supplier), documentPath: '/corpus/supplier.md', documentTitle: 'Nordhaven Composants (NHC) supplies the NC-7 boards from Lorient.', documentDate: null },
        { ...strip(lynx), documentPath: '/corpus/lynx.txt', documentTitle: 'Project Lynx update', documentDate: '2023-02-01' },
      ]);
      assert.deepEqual(await store.getChunks([]), []);
    }));
}
