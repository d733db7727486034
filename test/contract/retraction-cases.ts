import assert from 'node:assert/strict';
import { test } from 'node:test';
import { retractedFactKey, type Relation, type RetractedFact } from '../../src/core/records.js';
import { DOCUMENTS, fullWrite, RELATIONS, unchangedWrite } from './contract-fixture.js';
import type { ContractContext } from './graph-store-contract.js';

const FIRST_RETRACTION = '2025-05-01T08:00:00.000Z';
const SECOND_RETRACTION = '2025-06-01T08:00:00.000Z';

function retracted(relationId: string, retractedAt: string, why: RetractedFact['why'], changes: Partial<Relation> = {}): RetractedFact {
  const relation = { ...(RELATIONS.find((candidate) => candidate.id === relationId) as Relation), recordedAt: '2025-03-01T09:00:00.000Z', documentVersion: 'hash-old', ...changes };
  return { relation, source: { id: relation.sourceId, name: `name of ${relation.sourceId}`, type: 'Person' }, target: { id: relation.targetId, name: `name of ${relation.targetId}`, type: 'Project' }, retractedAt, why };
}

/** Bi-temporal: facts a write retracts are kept apart, outlive their documents and entity layer, and go only when erased. */
export function defineRetractionCases(context: ContractContext): void {
  test('retracted facts read back as written, ordered by retraction time then relation id, and stay out of the projection', () => context.withStore(async (store) => {
    const later = retracted('rel-1-leads', SECOND_RETRACTION, 'document-replaced', { evidence: 'Lina Ferraz will lead the Lynx project', validFrom: null });
    const removed = retracted('rel-4-supplies', FIRST_RETRACTION, 'document-removed', { invalidatedAt: '2025-04-01T00:00:00.000Z', validTo: '2025-04-01', invalidationReason: "the user said it's wrong" });
    const revised = retracted('rel-1-leads', FIRST_RETRACTION, 'fact-revised');
    await store.writeIndex(fullWrite({ retractedFacts: [later, removed, revised] }));
    assert.deepEqual(await store.listRetractedFacts(), [revised, removed, later]);
    assert.deepEqual((await store.loadProjection()).relations, RELATIONS, 'the current layer holds no retracted fact');
  }));

  test('retracted facts outlive the removal of their document, later writes and a write of the same key (which replaces it)', () => context.withStore(async (store) => {
    const fact = retracted('rel-4-supplies', FIRST_RETRACTION, 'document-removed');
    await store.writeIndex(fullWrite({ retractedFacts: [fact] }));
    const emptyLayer = { graph: { entities: [], relations: [], mentions: [] }, communities: [], merges: [] };
    await store.writeIndex(unchangedWrite({ removedDocumentIds: ['doc-supplier'], ...emptyLayer }));
    assert.deepEqual((await store.listDocuments()).map((document) => document.id).sort(), DOCUMENTS.map((document) => document.id).filter((id) => id !== 'doc-supplier').sort());
    assert.deepEqual(await store.listRetractedFacts(), [fact]);
    const rewritten = { ...fact, why: 'document-replaced' as const };
    await store.writeIndex(unchangedWrite({ ...emptyLayer, retractedFacts: [rewritten] }));
    assert.deepEqual(await store.listRetractedFacts(), [rewritten]);
  }));

  test('erasing retracted facts drops those of the keys given, or every one', () => context.withStore(async (store) => {
    const supplier = retracted('rel-4-supplies', FIRST_RETRACTION, 'document-removed');
    const lynx = retracted('rel-1-leads', SECOND_RETRACTION, 'document-replaced');
    await store.writeIndex(fullWrite({ retractedFacts: [supplier, lynx] }));
    await store.writeIndex(unchangedWrite({ eraseRetractedFacts: [retractedFactKey(supplier), 'rel-missing@2025-01-01T00:00:00.000Z'] }));
    assert.deepEqual(await store.listRetractedFacts(), [lynx]);
    await store.writeIndex(unchangedWrite({ eraseRetractedFacts: 'all', retractedFacts: [supplier] }));
    assert.deepEqual(await store.listRetractedFacts(), [supplier], 'erased first, then the new ones added');
  }));
}
