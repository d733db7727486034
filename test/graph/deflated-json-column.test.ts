import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ChunkExtraction } from '../../src/core/records.js';
import { decodeDeflatedJson, encodeDeflatedJson } from '../../src/graph/kuzu/deflated-json-column.js';

const sentence = 'Ada Varn leads Korvel Systems, based in Tolmar, with Brin Osk.';
const extraction = {
  chunkId: 'chunk_1',
  entities: ['Ada Varn', 'Korvel Systems', 'Tolmar', 'Brin Osk'].map((name) => ({ name, type: 'Concept', span: { start: sentence.indexOf(name), end: sentence.indexOf(name) + name.length }, confidence: 0 })),
  relations: [['Ada Varn', 'Korvel Systems'], ['Ada Varn', 'Tolmar'], ['Korvel Systems', 'Tolmar'], ['Ada Varn', 'Brin Osk']].map(([source, target]) => ({ type: 'RELATED_TO', source, target, evidence: sentence, span: { start: 0, end: sentence.length }, validFrom: null, validTo: null, basis: 'sentence' })),
} as unknown as ChunkExtraction;

test('a stored extraction (or community report) is deflated (much smaller than its JSON) and reads back equal', () => {
  const stored = encodeDeflatedJson(extraction);
  assert.ok(stored.length < JSON.stringify(extraction).length / 2, `${stored.length} characters for ${JSON.stringify(extraction).length} of JSON`);
  assert.deepEqual(decodeDeflatedJson(stored), extraction);
});

test('no extraction is stored as an empty string; rows written before deflating (plain JSON) still read', () => {
  assert.equal(encodeDeflatedJson(null), '');
  assert.equal(decodeDeflatedJson(''), null);
  assert.equal(decodeDeflatedJson(null), null);
  assert.deepEqual(decodeDeflatedJson(JSON.stringify(extraction)), extraction);
});
