import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import type { Relation } from '../../src/core/records.js';
import { closeSupersededRelations } from '../../src/extraction/resolution/close-superseded.js';

const schema = validateConfig({
  schema: {
    nodeTypes: [{ name: 'Person' }, { name: 'Project' }, { name: 'Organisation' }],
    edgeTypes: [
      { name: 'LEADS', source: ['Person'], target: ['Project'], patterns: ['leads'], singleCurrent: true },
      { name: 'WORKS_FOR', source: ['Person'], target: ['Organisation'], patterns: ['works for'], singleCurrent: true, currentPer: 'source' },
      { name: 'FUNDS', source: ['Organisation'], target: ['Project'], patterns: ['funds'] },
    ],
  },
}).schema;

function fact(id: string, type: string, sourceId: string, targetId: string, validFrom: string | null, extra: Partial<Relation> = {}): Relation {
  return { id, type, sourceId, targetId, evidence: `${sourceId} ${type} ${targetId}.`, chunkId: `chunk_${id}`, documentId: `doc_${id}`, start: 0, end: 10, weight: 1, validFrom, validTo: null, ...extra };
}

test('a newer single-current fact closes the older one and records which fact, when it was learned and why', () => {
  const older = fact('r1', 'LEADS', 'ana', 'kite', '2023-01-10', { recordedAt: '2025-01-01T00:00:00.000Z' });
  const newer = fact('r2', 'LEADS', 'ben', 'kite', '2024-04-01', { evidence: 'Ben takes over Kite on 1 April 2024.', recordedAt: '2025-02-01T00:00:00.000Z' });
  closeSupersededRelations([newer, older], schema);
  assert.equal(older.validTo, '2024-04-01');
  assert.equal(older.supersededBy, 'r2');
  assert.equal(older.invalidatedAt, '2025-02-01T00:00:00.000Z');
  assert.match(older.invalidationReason ?? '', /superseded by r2, valid from 2024-04-01, stated in "Ben takes over Kite on 1 April 2024\."/);
  assert.equal(newer.validTo, null);
  assert.equal(newer.supersededBy, undefined);
});

test('a newer fact without evidence closes nothing', () => {
  const older = fact('r1', 'LEADS', 'ana', 'kite', '2023-01-10');
  const newer = fact('r2', 'LEADS', 'ben', 'kite', '2024-04-01', { evidence: '  ', chunkId: '' });
  closeSupersededRelations([older, newer], schema);
  assert.equal(older.validTo, null);
  assert.equal(older.supersededBy, undefined);
});

test('a fact its own sentence ended before the newer one began is not superseded', () => {
  const older = fact('r1', 'LEADS', 'ana', 'kite', '2023-01-10', { validTo: '2024-03-31' });
  const newer = fact('r2', 'LEADS', 'ben', 'kite', '2024-04-01');
  closeSupersededRelations([older, newer], schema);
  assert.equal(older.validTo, '2024-03-31');
  assert.equal(older.supersededBy, undefined);
});

test('the same pair restated later, other edge types and undated facts are left alone', () => {
  const first = fact('r1', 'LEADS', 'ana', 'kite', '2023-01-10');
  const restated = fact('r2', 'LEADS', 'ana', 'kite', '2024-01-10');
  const funds = fact('r3', 'FUNDS', 'alder', 'kite', '2023-01-10');
  const fundsLater = fact('r4', 'FUNDS', 'birch', 'kite', '2024-01-10');
  const undated = fact('r5', 'LEADS', 'cy', 'kite', null);
  closeSupersededRelations([first, restated, funds, fundsLater, undated], schema);
  for (const relation of [first, restated, funds, fundsLater, undated]) assert.equal(relation.supersededBy, undefined, relation.id);
});

test('currentPer source: a person works for one employer at a time', () => {
  const tandem = fact('r1', 'WORKS_FOR', 'maya', 'tandem', '2024-02-01');
  const orbis = fact('r2', 'WORKS_FOR', 'maya', 'orbis', '2024-06-01');
  const colleague = fact('r3', 'WORKS_FOR', 'lee', 'tandem', '2024-07-01');
  closeSupersededRelations([tandem, orbis, colleague], schema);
  assert.equal(tandem.validTo, '2024-06-01');
  assert.equal(tandem.supersededBy, 'r2');
  assert.match(tandem.invalidationReason ?? '', /one per source/);
  assert.equal(orbis.supersededBy, undefined);
  assert.equal(colleague.supersededBy, undefined);
});
