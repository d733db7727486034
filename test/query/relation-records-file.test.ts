import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Relation } from '../../src/core/records.js';
import { derivedFilesIn } from '../../src/graph/kuzu/kuzu-derived-files.js';
import type { DerivedFiles } from '../../src/graph/store.js';
import { keptRelationRecords, RELATION_RECORDS_FILE, RelationRecordsWriter } from '../../src/query/relation-records-file.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const ENTITY_IDS = ['ent_a', 'ent_b', 'ent_c', 'ent_d'];
const CHUNK_IDS = ['chunk_1', 'chunk_2', 'chunk_3'];

function relation(id: string, sourceId: string, targetId: string, sentence: { evidence: string; chunkId: string; start: number }, extra: Partial<Relation> = {}): Relation {
  const { evidence, chunkId, start } = sentence;
  return { id, type: 'RELATED_TO', sourceId, targetId, evidence, chunkId, documentId: `doc_${chunkId}`, start, end: start + evidence.length, weight: 0.5, validFrom: null, validTo: null, ...extra };
}

const FIRST = { evidence: 'Vorrin Systems and Corvel met Edda Vorrin in Velbrook.', chunkId: 'chunk_1', start: 0 };
const SECOND = { evidence: 'Corvel supplies Velbrook.', chunkId: 'chunk_2', start: 10 };

/** Relations as a pass over the store gives them (no order), one to itself, one with an end the entity index lacks. */
const RELATIONS: Relation[] = [
  relation('rel_9', 'ent_c', 'ent_d', FIRST, { validFrom: '2021-03', recordedAt: '2026-01-01T00:00:00.000Z', documentVersion: 'v1' }),
  relation('rel_10', 'ent_a', 'ent_b', FIRST, { recordedAt: '2026-01-01T00:00:00.000Z', documentVersion: 'v1' }),
  relation('rel_2', 'ent_b', 'ent_c', SECOND, { type: 'SUPPLIES', validTo: '2024-05-01', supersededBy: 'rel_10' }),
  relation('rel_3', 'ent_a', 'ent_a', SECOND),
  relation('rel_4', 'ent_a', 'ent_gone', SECOND),
];

function newWriter(files: DerivedFiles, chunkIds: readonly string[] = CHUNK_IDS): RelationRecordsWriter {
  const file = files.createWriter?.(RELATION_RECORDS_FILE);
  assert.ok(file, 'a workspace folder can be written');
  return new RelationRecordsWriter(file, ENTITY_IDS, new Map(ENTITY_IDS.map((id, index) => [id, index])), chunkIds, new Map(chunkIds.map((id, index) => [id, index])));
}

async function written(files: DerivedFiles, relations: readonly Relation[] = RELATIONS, chunkIds: readonly string[] = CHUNK_IDS): Promise<void> {
  const writer = newWriter(files, chunkIds);
  for (const item of relations) writer.add(item);
  await writer.finish();
}

/** The relations a store read by neighbourhood gives: those with both ends known and one among the entities, by id as listRelations orders them, each once. */
function expected(entityIds: readonly string[]): Relation[] {
  return RELATIONS.filter((item) => ENTITY_IDS.includes(item.sourceId) && ENTITY_IDS.includes(item.targetId) && (entityIds.includes(item.sourceId) || entityIds.includes(item.targetId))).sort((left, right) => left.id.localeCompare(right.id));
}

test('relation records kept beside the store give each entity set its relations as the store would, every field as stored', async () => {
  const files = derivedFilesIn(makeTempDir(), 'version-1');
  await written(files);
  const records = await keptRelationRecords(files, ENTITY_IDS, CHUNK_IDS);
  assert.ok(records);
  for (const entities of [['ent_a'], ['ent_b', 'ent_c'], ['ent_d'], ENTITY_IDS]) {
    assert.deepStrictEqual(records.read(entities.map((id) => ENTITY_IDS.indexOf(id))), expected(entities), entities.join(', '));
  }
  assert.deepEqual(records.read([]), []);
});

test('relation records give each chunk set the relations read from it as the store would, unless a relation was read from a chunk they do not number', async () => {
  const files = derivedFilesIn(makeTempDir(), 'version-1');
  await written(files);
  const records = await keptRelationRecords(files, ENTITY_IDS, CHUNK_IDS);
  assert.ok(records);
  const known = expected(ENTITY_IDS);
  for (const chunks of [['chunk_1'], ['chunk_2'], ['chunk_1', 'chunk_2'], ['chunk_3']]) {
    assert.deepStrictEqual(records.readStatedIn(chunks.map((id) => CHUNK_IDS.indexOf(id))), known.filter((item) => chunks.includes(item.chunkId)), chunks.join(', '));
  }
  const partial = derivedFilesIn(makeTempDir(), 'version-1');
  await written(partial, RELATIONS, ['chunk_1']);
  const withoutSecond = await keptRelationRecords(partial, ENTITY_IDS, ['chunk_1']);
  assert.ok(withoutSecond);
  assert.equal(withoutSecond.readStatedIn([0]), null, 'a relation was read from chunk_2, which the file does not number: the caller reads the store');
  assert.deepStrictEqual(withoutSecond.read([0, 1, 2, 3]), known, 'read by entity all the same');
});

test('relation records are not read for other entities, from a file cut short, or once the file is gone', async () => {
  const folder = makeTempDir();
  const files = derivedFilesIn(folder, 'version-1');
  await written(files);
  assert.equal(await keptRelationRecords(files, [...ENTITY_IDS].reverse(), CHUNK_IDS), null, 'entities numbered in another order');
  assert.equal(await keptRelationRecords(files, ENTITY_IDS.slice(0, 3), CHUNK_IDS), null, 'fewer entities');
  assert.equal(await keptRelationRecords(files, ENTITY_IDS, CHUNK_IDS.slice(0, 2)), null, 'other chunks');
  const records = await keptRelationRecords(files, ENTITY_IDS, CHUNK_IDS);
  assert.ok(records);
  const [name] = readdirSync(path.join(folder, 'derived'));
  const file = path.join(folder, 'derived', name as string);
  const bytes = readFileSync(file);
  writeFileSync(file, bytes.subarray(0, bytes.length - 3));
  assert.equal(await keptRelationRecords(files, ENTITY_IDS, CHUNK_IDS), null, 'cut short');
  rmSync(file);
  assert.equal(records.read([0]), null, 'the file opened before is gone: the caller reads the store');
  assert.equal(await keptRelationRecords(files, ENTITY_IDS, CHUNK_IDS), null);
});

test('a writer aborted, or a pass that failed, keeps no relation records; a new version replaces the old', async () => {
  const folder = makeTempDir();
  const files = derivedFilesIn(folder, 'version-1');
  const writer = newWriter(files);
  writer.add(RELATIONS[0] as Relation);
  writer.abort();
  assert.deepEqual(readdirSync(path.join(folder, 'derived')), []);
  assert.equal(await keptRelationRecords(files, ENTITY_IDS, CHUNK_IDS), null);
  await written(files);
  await written(derivedFilesIn(folder, 'version-2'), RELATIONS.slice(0, 2));
  assert.equal(await keptRelationRecords(files, ENTITY_IDS, CHUNK_IDS), null, 'the version before is removed');
  const records = await keptRelationRecords(derivedFilesIn(folder, 'version-2'), ENTITY_IDS, CHUNK_IDS);
  assert.deepStrictEqual(records?.read([0, 1, 2, 3]), RELATIONS.slice(0, 2).sort((left, right) => left.id.localeCompare(right.id)));
});
