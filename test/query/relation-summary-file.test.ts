import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeRelationSummary, encodeRelationSummary, type KeptRelationSummary } from '../../src/query/relation-summary-file.js';
import { summariseRelations } from '../../src/query/relation-summary.js';

const ENTITY_IDS = ['ent_a', 'ent_b', 'ent_c'];
const RELATIONS = [
  { id: 'rel_2', sourceId: 'ent_a', targetId: 'ent_b', evidence: 'Alder supplies valves to Birch.', chunkId: 'chunk_1', start: 0, end: 31, weight: 1, validFrom: '2023-04-01' },
  { id: 'rel_1', sourceId: 'ent_b', targetId: 'ent_c', evidence: 'Birch runs the Cedar depot.', chunkId: 'chunk_1', start: 32, end: 59, weight: 0.25, validFrom: null },
  { id: 'rel_3', sourceId: 'ent_c', targetId: 'ent_a', evidence: 'Cedar and Alder met.', chunkId: 'chunk_2', start: 0, end: 20, weight: 0.5, validFrom: '2024-02' },
];

/** A kept summary as plain values: its evidence counts as the pairs they hold, and as asked for stems held and not. */
function valuesOf(kept: KeptRelationSummary | null): unknown {
  if (!kept) return kept;
  const { evidenceFrequency, ...rest } = kept.summary;
  const asked = [...evidenceFrequency.entries()].map(([stem]) => stem).concat(['nobody', '', 'zzz']);
  return { ...rest, relationCount: kept.relationCount, counts: [...evidenceFrequency.entries()], asked: asked.map((stem) => evidenceFrequency.get(stem)) };
}

test('a relation summary reads back from its bytes as it was, with the relation count, from a view at any offset of a larger buffer', () => {
  const summary = summariseRelations(RELATIONS, new Map(ENTITY_IDS.map((id, index) => [id, index])));
  const bytes = encodeRelationSummary({ summary, relationCount: 3 }, ENTITY_IDS);
  assert.deepEqual(valuesOf(decodeRelationSummary(bytes, ENTITY_IDS)), valuesOf({ summary, relationCount: 3 }));
  // As a file read may give it: a view three bytes into a larger buffer.
  const pooled = new Uint8Array(bytes.length + 8);
  pooled.set(bytes, 3);
  assert.deepEqual(valuesOf(decodeRelationSummary(pooled.subarray(3, 3 + bytes.length), ENTITY_IDS)), valuesOf({ summary, relationCount: 3 }));
  assert.equal(summary.latestStart, '2024-02');
  assert.equal(summary.evidenceCount, 3);
});

test('bytes that are not a whole summary for the same entities in the same order read as none', () => {
  const summary = summariseRelations(RELATIONS, new Map(ENTITY_IDS.map((id, index) => [id, index])));
  const bytes = encodeRelationSummary({ summary, relationCount: 3 }, ENTITY_IDS);
  assert.equal(decodeRelationSummary(null, ENTITY_IDS), null);
  assert.equal(decodeRelationSummary(new Uint8Array(0), ENTITY_IDS), null);
  assert.equal(decodeRelationSummary(bytes.subarray(0, bytes.length - 8), ENTITY_IDS), null);
  assert.equal(decodeRelationSummary(bytes, ['ent_a', 'ent_c', 'ent_b']), null);
  assert.equal(decodeRelationSummary(bytes, [...ENTITY_IDS, 'ent_d']), null);
  const garbled = Uint8Array.from(bytes);
  garbled[6] = 0x7b;
  assert.equal(decodeRelationSummary(garbled, ENTITY_IDS), null);
  const longHeader = Uint8Array.from(bytes);
  new DataView(longHeader.buffer).setUint32(0, bytes.length, true);
  assert.equal(decodeRelationSummary(longHeader, ENTITY_IDS), null);
});
