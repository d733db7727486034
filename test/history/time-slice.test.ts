import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Relation } from '../../src/core/records.js';
import { factHoldsOn, hiddenDocumentIds, parseTimePoint, sliceRelations } from '../../src/history/time-slice.js';
import { factStatusOn } from '../../src/history/fact-status.js';

function fact(id: string, validFrom: string | null, validTo: string | null, extra: Partial<Relation> = {}): Relation {
  return { id, type: 'LEADS', sourceId: 'a', targetId: 'b', evidence: 'A leads B.', chunkId: 'c', documentId: `doc-${id}`, start: 0, end: 1, weight: 1, validFrom, validTo, ...extra };
}

test('dates are read as ISO prefixes, written ones through the language packs, others refused', () => {
  assert.equal(parseTimePoint('2024'), '2024');
  assert.equal(parseTimePoint(' 2024-06-01 '), '2024-06-01');
  assert.equal(parseTimePoint('2025-03-01T09:00:00.000Z'), '2025-03-01T09:00:00.000Z');
  assert.equal(parseTimePoint('June 2024'), '2024-06');
  assert.equal(parseTimePoint('1er juin 2024'), '2024-06-01');
  assert.throws(() => parseTimePoint('soon'), /asOf "soon" is not a date/);
});

test('a fact holds from its start to its end, compared at the coarser precision', () => {
  const held = fact('r', '2023-01-10', '2024-04-01');
  assert.equal(factHoldsOn(held, '2023-01-09'), false);
  assert.equal(factHoldsOn(held, '2023'), true);
  assert.equal(factHoldsOn(held, '2024-04-01'), true);
  assert.equal(factHoldsOn(held, '2024-04-02'), false);
  assert.equal(factHoldsOn(fact('u', null, null), '1999'), true);
});

test('standing: current, not yet, superseded, invalidated, ended', () => {
  assert.equal(factStatusOn(fact('r', '2023-01-10', null), '2024'), 'current');
  assert.equal(factStatusOn(fact('r', '2023-01-10', null), '2022-12'), 'not-yet');
  assert.equal(factStatusOn(fact('r', '2023-01-10', '2024-04-01', { supersededBy: 's' }), '2024-05'), 'superseded');
  assert.equal(factStatusOn(fact('r', '2023-01-10', '2024-04-01', { invalidationReason: 'forgotten: wrong' }), '2024-05'), 'invalidated');
  assert.equal(factStatusOn(fact('r', '2023-01-10', '2024-04-01'), '2024-05'), 'ended');
});

test('valid time keeps the facts true on the date; transaction time undoes closings recorded later and hides later facts', () => {
  const older = fact('old', '2023-01-10', '2024-04-01', { recordedAt: '2025-01-01T00:00:00Z', supersededBy: 'new', invalidatedAt: '2025-02-01T00:00:00Z', invalidationReason: 'superseded' });
  const newer = fact('new', '2024-04-01', null, { recordedAt: '2025-02-01T00:00:00Z' });
  assert.deepEqual(sliceRelations([older, newer], { asOf: '2023-06' }).map((relation) => relation.id), ['old']);
  assert.deepEqual(sliceRelations([older, newer], { asOf: '2024-06' }).map((relation) => relation.id), ['new']);
  const believed = sliceRelations([older, newer], { knownAt: '2025-01-15' });
  assert.deepEqual(believed.map((relation) => [relation.id, relation.validTo, relation.supersededBy]), [['old', null, undefined]]);
  assert.deepEqual(sliceRelations([older, newer], { knownAt: '2025-01-15', asOf: '2024-06' }).map((relation) => relation.id), ['old'], 'what we believed then about June 2024');
  assert.deepEqual(sliceRelations([older, newer], {}, new Set(['doc-new'])).map((relation) => relation.id), ['old']);
});

test('documents dated after writtenBy, or recorded after knownAt, are hidden', () => {
  const documents = [
    { id: 'a', date: '2024-01-10', recordedAt: '2025-01-01T00:00:00Z' },
    { id: 'b', date: '2024-03-05', recordedAt: '2025-02-01T00:00:00Z' },
    { id: 'c', date: null },
  ];
  assert.deepEqual([...hiddenDocumentIds(documents, { writtenBy: '2024-02' })], ['b']);
  assert.deepEqual([...hiddenDocumentIds(documents, { writtenBy: '2024-03' })], []);
  assert.deepEqual([...hiddenDocumentIds(documents, { knownAt: '2025-01-15' })], ['b']);
});
