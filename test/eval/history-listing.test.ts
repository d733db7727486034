import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Entity, Relation } from '../../src/core/records.js';
import { RhizomeError } from '../../src/errors/rhizome-error.js';
import { renderInvalidationTable } from '../../src/eval/dev-table.js';
import { checkHistoryListing } from '../../src/eval/history-listing.js';
import { scoreInvalidations } from '../../src/eval/invalidation-precision.js';
import { indexedTexts } from '../helpers/indexed-texts.js';

const indexed = indexedTexts({
  'launch.txt': 'Corvid programme launch\n2023-01-10\n\nIlse Marden leads the Corvid programme.\n',
  'change.txt': 'Corvid leadership change\n2024-04-01\n\nTomas Vireo leads the Corvid programme from 1 April 2024.\n',
});

async function graph() {
  const entities: Entity[] = [];
  const relations: Relation[] = [];
  for (const line of (await indexed.rhizome().exportGraph({ format: 'jsonl' })).split('\n').filter((row) => row.trim() !== '')) {
    const { kind, ...record } = JSON.parse(line) as { kind: string } & Record<string, unknown>;
    if (kind === 'entity') entities.push(record as unknown as Entity);
    if (kind === 'relation') relations.push(record as unknown as Relation);
  }
  return { entities, relations };
}

const historyOf = async (name: string) => {
  try {
    return await indexed.rhizome().history(name);
  } catch (error) {
    if (error instanceof RhizomeError && error.code === 'INPUT_NOT_FOUND') return null;
    throw error;
  }
};

describe('the eval checks that rhizome history lists each closing of the truth', () => {
  test('a real supersession is listed with both evidences; a wrong successor, a fact never closed and an unknown entity are not', async () => {
    const { entities, relations } = await graph();
    const right = { closed: { type: 'LEADS', source: 'Ilse Marden', target: 'Corvid' }, closedBy: { type: 'LEADS', source: 'Tomas Vireo', target: 'Corvid' } };
    const wrongSuccessor = { closed: right.closed, closedBy: { type: 'LEADS', source: 'Ilse Marden', target: 'Corvid' } };
    const neverClosed = { closed: { type: 'LEADS', source: 'Tomas Vireo', target: 'Corvid' }, closedBy: right.closed };
    const unknown = { closed: { type: 'LEADS', source: 'Ilse Marden', target: 'Nowhere Project' }, closedBy: right.closedBy };
    const listing = await checkHistoryListing([right, wrongSuccessor, neverClosed, unknown], entities, historyOf);
    assert.equal(listing.truths, 4);
    assert.equal(listing.listed, 1, JSON.stringify((await historyOf('Corvid'))?.events.map((event) => [event.kind, event.other.name, event.successor?.other.name])));
    assert.deepEqual(listing.missed, [wrongSuccessor, neverClosed, unknown]);

    const score = { ...scoreInvalidations([right], entities, relations), history: await checkHistoryListing([right], entities, historyOf) };
    assert.equal(score.precision, 1);
    const table = renderInvalidationTable([{ name: 'dev/t', kind: 'coverage', heldOut: false, status: 'ok', invalidation: score }]);
    assert.match(table, /\| Invalidation recall \| History lists \|/);
    assert.match(table, /\| dev\/t \| 1 \| 1 \| 1 \| 1\.00 \| 1\.00 \| 1\/1 \|/);
  });
});
