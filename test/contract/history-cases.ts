import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Relation } from '../../src/core/records.js';
import { DOCUMENTS, fullWrite, RELATIONS } from './contract-fixture.js';
import type { ContractContext } from './graph-store-contract.js';

const RECORDED_AT = '2025-03-01T09:00:00.000Z';
const LATER = '2025-04-02T10:30:00.000Z';

/** The fixture with transaction times: documents and facts recorded, the older LEADS fact closed by the newer one. */
function recordedWrite() {
  const documents = DOCUMENTS.map((document) => ({ ...document, recordedAt: RECORDED_AT }));
  const relations: Relation[] = RELATIONS.map((relation) => ({ ...relation, recordedAt: RECORDED_AT, documentVersion: `hash-${relation.documentId}` }));
  const older = relations.find((relation) => relation.id === 'rel-2-leads') as Relation;
  Object.assign(older, { supersededBy: 'rel-1-leads', invalidatedAt: LATER, invalidationReason: 'LEADS is single-current (one per target): superseded by rel-1-leads' });
  return { write: fullWrite({ documents, graph: { ...fullWrite().graph, relations } }), relations };
}

/** Bi-temporal facts: when each document and fact was recorded, which fact closed another and why, and closing facts in place. */
export function defineHistoryCases(context: ContractContext): void {
  test('documents keep when their version was recorded', () => context.withStore(async (store) => {
    await store.writeIndex(recordedWrite().write);
    const documents = await store.listDocuments();
    assert.equal(documents.length, DOCUMENTS.length);
    for (const document of documents) assert.equal(document.recordedAt, RECORDED_AT, document.id);
  }));

  test('facts keep their recording, document version and what superseded them; facts without them read back without them', () => context.withStore(async (store) => {
    const { write, relations } = recordedWrite();
    await store.writeIndex(write);
    assert.deepEqual((await store.loadProjection()).relations, relations);
    await store.writeIndex(fullWrite({ documents: [], chunks: [], removedDocumentIds: [] }));
    assert.deepEqual((await store.loadProjection()).relations, RELATIONS);
  }));

  test('invalidating a fact closes it in place with the reason, and leaves every other fact as it was', () => context.withStore(async (store) => {
    await store.writeIndex(recordedWrite().write);
    const found = await store.invalidateRelations([
      { relationId: 'rel-4-supplies', validTo: '2025-04-01', invalidatedAt: LATER, reason: "forgotten: the user said it's wrong" },
      { relationId: 'rel-missing', validTo: '2025-04-01', invalidatedAt: LATER, reason: 'no such fact' },
    ]);
    assert.deepEqual(found, ['rel-4-supplies']);
    const relations = (await store.loadProjection()).relations;
    const closed = relations.find((relation) => relation.id === 'rel-4-supplies');
    assert.equal(closed?.validTo, '2025-04-01');
    assert.equal(closed?.invalidatedAt, LATER);
    assert.equal(closed?.invalidationReason, "forgotten: the user said it's wrong");
    assert.equal(closed?.evidence, 'Nordhaven Composants (NHC) supplies the NC-7 boards');
    assert.deepEqual(relations.filter((relation) => relation.id !== 'rel-4-supplies'), recordedWrite().relations.filter((relation) => relation.id !== 'rel-4-supplies'));
  }));
}
