import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import type { Entity, Relation } from '../../src/core/records.js';
import { applyOverrides, mergeConstraintsOf } from '../../src/review/apply-overrides.js';
import { readDecisions } from '../../src/review/read-decisions.js';
import { buildReviewReport, wilsonInterval } from '../../src/review/review-report.js';
import type { EntityReference, ReviewOverride } from '../../src/review/review-override.js';
import { sampleReviewItems } from '../../src/review/sample-review.js';

const schema = validateConfig({}).schema;
const entity = (id: string, name: string, type: string, aliases: string[] = []): Entity => ({ id, name, type, aliases, description: '', mentionCount: 1 });
const reference = (value: Entity): EntityReference => ({ id: value.id, name: value.name, type: value.type, aliases: value.aliases });
const relation = (id: string, type: string, sourceId: string, targetId: string, weight = 1): Relation => ({ id, type, sourceId, targetId, evidence: `${id} evidence.`, chunkId: 'chunk_1', documentId: 'doc_1', start: id.length, end: 40, weight, validFrom: null, validTo: null });

const person = entity('ent_p', 'Ada Quern', 'Person');
const project = entity('ent_q', 'Quill', 'Project');
const company = entity('ent_c', 'Tarvo Systems', 'Organisation', ['Tarvo']);
const leads = relation('rel_leads', 'LEADS', 'ent_p', 'ent_q');
const link = relation('rel_link', 'RELATED_TO', 'ent_c', 'ent_q', 0.5);
const graph = { entities: [company, person, project], relations: [leads, link], mentions: [{ chunkId: 'chunk_1', entityId: 'ent_p', count: 1 }], merges: [] };
const seen = (value: Relation) => ({ id: value.id, type: value.type, source: reference(graph.entities.find((candidate) => candidate.id === value.sourceId) as Entity), target: reference(graph.entities.find((candidate) => candidate.id === value.targetId) as Entity), chunkId: value.chunkId, start: value.start, evidence: value.evidence });
let counter = 0;
const stamp = () => ({ id: `rev_${++counter}`, at: '2026-12-01T00:00:00.000Z' });

test('the Wilson interval matches published values and stays within [0, 1]', () => {
  const eight = wilsonInterval(8, 10);
  assert.equal(eight.low.toFixed(3), '0.490');
  assert.equal(eight.high.toFixed(3), '0.943');
  const none = wilsonInterval(0, 5);
  assert.equal(none.low, 0);
  assert.equal(none.high.toFixed(4), '0.4345');
  assert.deepEqual(wilsonInterval(3, 3).high, 1);
});

test('the report counts the latest judgment per item under the type the reviewer saw', () => {
  const overrides: ReviewOverride[] = [
    { ...stamp(), action: 'reject-relation', relation: seen(leads) },
    { ...stamp(), action: 'accept-relation', relation: seen(leads) },
    { ...stamp(), action: 'retype-relation', relation: seen(link), type: 'USES' },
    { ...stamp(), action: 'accept-entity', entity: reference(person) },
    { ...stamp(), action: 'retype-entity', entity: reference(project), type: 'Product' },
    { ...stamp(), action: 'rename-entity', entity: reference(company), name: 'Tarvo' },
  ];
  const report = buildReviewReport(overrides, { entitiesByType: { Person: 4, Project: 2, Organisation: 1 }, relationsByType: { LEADS: 3, RELATED_TO: 9 } });
  const row = (kind: string, type: string) => report.types.find((candidate) => candidate.kind === kind && candidate.type === type);
  assert.deepEqual([row('relation', 'LEADS')?.reviewed, row('relation', 'LEADS')?.correct, row('relation', 'LEADS')?.precision], [1, 1, 1]);
  assert.deepEqual([row('relation', 'RELATED_TO')?.reviewed, row('relation', 'RELATED_TO')?.correct, row('relation', 'RELATED_TO')?.population], [1, 0, 9]);
  assert.deepEqual([row('entity', 'Project')?.reviewed, row('entity', 'Project')?.precision], [1, 0]);
  assert.deepEqual([row('entity', 'Organisation')?.reviewed, row('entity', 'Organisation')?.precision, row('entity', 'Organisation')?.interval], [0, null, null], 'a rename judges no type');
  assert.deepEqual(report.types.map((candidate) => candidate.kind), ['entity', 'entity', 'entity', 'relation', 'relation']);
});

test('overrides apply in order over a copy: reject, reverse, retype, rename; unfit types fall back to RELATED_TO; missing subjects are stale', () => {
  const gone = entity('ent_gone', 'Nobody', 'Person');
  const overrides: ReviewOverride[] = [
    { ...stamp(), action: 'rename-entity', entity: reference(project), name: 'Quill Programme' },
    { ...stamp(), action: 'retype-entity', entity: reference(person), type: 'Organisation' },
    { ...stamp(), action: 'reverse-relation', relation: seen(link) },
    { ...stamp(), action: 'reject-entity', entity: reference(gone) },
  ];
  const result = applyOverrides(graph, overrides, schema);
  assert.equal(graph.entities[2]?.name, 'Quill', 'the input is not changed');
  assert.deepEqual(result.graph.entities.find((candidate) => candidate.id === 'ent_q'), { ...project, name: 'Quill Programme', aliases: ['Quill'] });
  assert.equal(result.graph.relations.find((candidate) => candidate.id === 'rel_leads')?.type, 'RELATED_TO', 'LEADS needs a Person source');
  assert.deepEqual([link.sourceId, link.targetId].reverse(), [result.graph.relations[1]?.sourceId, result.graph.relations[1]?.targetId]);
  assert.deepEqual(result.stale, [overrides[3]?.id]);
  const rejected = applyOverrides(graph, [{ ...stamp(), action: 'reject-entity', entity: reference(person) }], schema).graph;
  assert.deepEqual([rejected.entities.length, rejected.relations.map((candidate) => candidate.id), rejected.mentions.length], [2, ['rel_link'], 0]);
});

test('an entity is found again by name or alias when its id changed; a relation by place or sentence between the same entities', () => {
  const renamedIds = { ...graph, entities: graph.entities.map((candidate) => ({ ...candidate, id: `${candidate.id}_new` })), relations: graph.relations.map((candidate) => ({ ...candidate, id: `${candidate.id}_new`, sourceId: `${candidate.sourceId}_new`, targetId: `${candidate.targetId}_new`, chunkId: 'chunk_2' })) };
  const result = applyOverrides(renamedIds, [
    { ...stamp(), action: 'retype-entity', entity: { ...reference(company), name: 'Tarvo Sys' }, type: 'Location' },
    { ...stamp(), action: 'reject-relation', relation: seen(leads) },
  ], schema);
  assert.equal(result.graph.entities.find((candidate) => candidate.name === 'Tarvo Systems')?.type, 'Location', 'found by its alias');
  assert.deepEqual(result.graph.relations.map((candidate) => candidate.id), ['rel_link_new'], 'found by its evidence sentence');
  assert.deepEqual(result.stale, []);
});

test('merge and split constraints: the later decision wins', () => {
  const merge: ReviewOverride = { ...stamp(), action: 'merge-entities', entity: reference(company), other: reference(project) };
  const split: ReviewOverride = { ...stamp(), action: 'split-alias', entity: { ...reference(company), aliases: ['Tarvo', 'Quill'] }, alias: 'Quill' };
  assert.deepEqual(mergeConstraintsOf([merge]), { join: [['tarvo systems', 'quill']], keepApart: [] });
  assert.deepEqual(mergeConstraintsOf([merge, split]), { join: [], keepApart: [['quill', 'tarvo systems'], ['quill', 'tarvo']] });
  assert.deepEqual(mergeConstraintsOf([split, merge]).keepApart, []);
});

test('sampling is deterministic for a seed, skips decided items, filters by type and puts the least confident first', () => {
  const relations = Array.from({ length: 12 }, (_, index) => relation(`rel_${String(index).padStart(2, '0')}`, index % 3 === 0 ? 'LEADS' : 'RELATED_TO', 'ent_p', 'ent_q', index % 3 === 0 ? 1 : index % 3 === 1 ? 0.5 : 0.25));
  const source = { projection: { entities: graph.entities, relations, mentions: [] }, chunks: [], documents: [], overrides: [] as ReviewOverride[] };
  const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);
  const first = sampleReviewItems(source, { size: 5, seed: 7, kind: 'relation' });
  assert.deepEqual(ids(sampleReviewItems(source, { size: 5, seed: 7, kind: 'relation' })), ids(first));
  assert.notDeepEqual(ids(sampleReviewItems(source, { size: 5, seed: 8, kind: 'relation' })), ids(first));
  assert.ok(sampleReviewItems(source, { size: 20, edgeType: 'LEADS' }).every((item) => item.kind === 'relation' && item.type === 'LEADS'));
  assert.equal(sampleReviewItems(source, { size: 20, edgeType: 'LEADS' }).length, 4);
  assert.ok(sampleReviewItems(source, { size: 4, kind: 'relation', lowConfidence: true }).every((item) => item.confidence === 0.25));
  const decided = { ...source, overrides: [{ ...stamp(), action: 'accept-relation' as const, relation: seen(relations[0] as Relation) }] };
  assert.ok(!ids(sampleReviewItems(decided, { size: 20, kind: 'relation' })).includes('rel_00'));
  assert.ok(ids(sampleReviewItems(decided, { size: 20, kind: 'relation', includeReviewed: true })).includes('rel_00'));
  assert.deepEqual(ids(sampleReviewItems(source, { size: 10, entityType: 'Person' })), ['ent_p']);
});

test('decision files are a JSON array, one object, or JSON lines; a bad line is named', () => {
  assert.deepEqual(readDecisions('[{"a":1},{"a":2}]', 'f'), [{ a: 1 }, { a: 2 }]);
  assert.deepEqual(readDecisions('{"a":1}', 'f'), [{ a: 1 }]);
  assert.deepEqual(readDecisions('{"a":1}\n\n{"a":2}\n', 'f'), [{ a: 1 }, { a: 2 }]);
  assert.throws(() => readDecisions('{"a":1}\n{oops\n', 'decisions.jsonl'), /decisions\.jsonl, line 2: not JSON/);
  assert.throws(() => readDecisions('  ', 'f'), /f: no decision/);
});
