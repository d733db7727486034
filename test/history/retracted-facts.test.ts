import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Entity, Relation } from '../../src/core/records.js';
import { eraseDocuments, factsKnownAt, retractFacts } from '../../src/history/retracted-facts.js';
import { sliceRelations } from '../../src/history/time-slice.js';

function fact(id: string, documentId: string, sourceId: string, extra: Partial<Relation> = {}): Relation {
  return { id, type: 'LEADS', sourceId, targetId: 'corvid', evidence: `${sourceId} leads Corvid.`, chunkId: `chunk-${documentId}`, documentId, start: 0, end: 1, weight: 1, validFrom: null, validTo: null, ...extra };
}
function entity(id: string, name: string): Entity {
  return { id, type: 'Person', name, aliases: [], description: '', mentionCount: 1 };
}

const FIRST_RUN = '2025-01-01T00:00:00.000Z';
const SECOND_RUN = '2025-02-01T00:00:00.000Z';
const launch = fact('launch', 'doc-launch', 'ilse', { validFrom: '2023-01-10', recordedAt: FIRST_RUN });
const tomas = fact('tomas', 'doc-change', 'tomas', { validFrom: '2024-04-01', recordedAt: FIRST_RUN });
const closedByTomas = { ...launch, validTo: '2024-04-01', supersededBy: 'tomas', invalidatedAt: FIRST_RUN, invalidationReason: 'superseded by tomas' };
const anouk = fact('anouk', 'doc-change', 'anouk', { validFrom: '2024-04-01', recordedAt: SECOND_RUN });
const closedByAnouk = { ...launch, validTo: '2024-04-01', supersededBy: 'anouk', invalidatedAt: SECOND_RUN, invalidationReason: 'superseded by anouk' };
const corvid = { ...entity('corvid', 'Corvid'), type: 'Project' };
const before = { entities: [corvid, entity('ilse', 'Ilse Marden'), entity('tomas', 'Tomas Vireo')], relations: [closedByTomas, tomas], mentions: [] };
const after = { entities: [entity('anouk', 'Anouk Peral'), corvid, entity('ilse', 'Ilse Marden')], relations: [anouk, closedByAnouk], mentions: [] };

test('a write retracts the facts of the documents it replaces or removes, and the facts it revises; unchanged facts stay', () => {
  const retracted = retractFacts(before, after.relations, { replaced: new Set(['doc-change']), removed: new Set() }, SECOND_RUN);
  assert.deepEqual(retracted.map((item) => [item.relation.id, item.why, item.retractedAt]), [['launch', 'fact-revised', SECOND_RUN], ['tomas', 'document-replaced', SECOND_RUN]]);
  assert.deepEqual(retracted[1]?.source, { id: 'tomas', name: 'Tomas Vireo', type: 'Person' });
  assert.deepEqual(retractFacts(after, after.relations, { replaced: new Set(), removed: new Set() }, SECOND_RUN), [], 'a write that changes nothing retracts nothing');
  assert.deepEqual(retractFacts(after, [], { replaced: new Set(), removed: new Set(['doc-change']) }, SECOND_RUN).map((item) => item.why), ['document-removed', 'fact-revised']);
});

test('known at a date, each fact is the row retracted first after it, else the stored one; ends gone come back as their rows recorded them', () => {
  const retracted = retractFacts(before, after.relations, { replaced: new Set(['doc-change']), removed: new Set() }, SECOND_RUN);
  const then = factsKnownAt(after, retracted, '2025-01-15');
  assert.deepEqual(then.relations, [anouk, closedByTomas, tomas]);
  assert.deepEqual(then.entities.map((item) => item.name), ['Anouk Peral', 'Corvid', 'Ilse Marden', 'Tomas Vireo']);
  assert.deepEqual(then.entities.find((item) => item.id === 'tomas'), { ...entity('tomas', 'Tomas Vireo'), mentionCount: 0 }, 'rebuilt from the row: name and type as they were');
  // Recording times then hide what was stored later: Anouk's fact, recorded in the second run.
  assert.deepEqual(sliceRelations(then.relations, { knownAt: '2025-01-15', asOf: '2024-06' }).map((relation) => relation.id), ['tomas']);
  assert.deepEqual(sliceRelations(then.relations, { knownAt: '2025-01-15', asOf: '2023-06' }).map((relation) => relation.id), ['launch']);
  assert.equal(factsKnownAt(after, retracted, '2025-02'), after, 'retracted within the month asked for: the stored layer, as for any transaction time at month precision');
  assert.equal(factsKnownAt(after, retracted, '2025-03-01'), after);
});

test('a fact retracted twice is seen in the version stored at the date asked for', () => {
  const third = '2025-03-01T00:00:00.000Z';
  const first = { relation: closedByTomas, source: { id: 'ilse', name: 'Ilse Marden', type: 'Person' }, target: { id: 'corvid', name: 'Corvid', type: 'Project' }, retractedAt: SECOND_RUN, why: 'fact-revised' as const };
  const second = { ...first, relation: closedByAnouk, retractedAt: third };
  const stored = { ...after, relations: [anouk, { ...launch, validTo: '2024-05-01', invalidationReason: 'forgotten' }] };
  assert.equal(factsKnownAt(stored, [second, first], '2025-01-15').relations.find((relation) => relation.id === 'launch'), closedByTomas);
  assert.equal(factsKnownAt(stored, [second, first], '2025-02-15').relations.find((relation) => relation.id === 'launch'), closedByAnouk);
  assert.equal(factsKnownAt(stored, [second, first], '2025-03-15').relations.find((relation) => relation.id === 'launch')?.invalidationReason, 'forgotten');
});

test('erasing documents drops their facts, stored or retracted, and every retracted fact that quotes one of them', () => {
  const tomasRetracted = { relation: tomas, source: { id: 'tomas', name: 'Tomas Vireo', type: 'Person' }, target: { id: 'corvid', name: 'Corvid', type: 'Project' }, retractedAt: SECOND_RUN, why: 'document-replaced' as const };
  const closedByTomasRetracted = { ...tomasRetracted, relation: closedByTomas, source: { id: 'ilse', name: 'Ilse Marden', type: 'Person' }, why: 'fact-revised' as const };
  const openLaunch = { ...closedByTomasRetracted, relation: launch, retractedAt: '2025-03-01T00:00:00.000Z' };
  const erased = eraseDocuments(new Set(['doc-change']), after.relations, [tomasRetracted, closedByTomasRetracted, openLaunch]);
  assert.deepEqual(erased.keys, [`tomas@${SECOND_RUN}`, `launch@${SECOND_RUN}`]);
  assert.equal(erased.keeps({ ...openLaunch, relation: closedByAnouk }), false, 'closed by a fact of the erased document: it quotes it');
  assert.equal(erased.keeps(openLaunch), true);
});
