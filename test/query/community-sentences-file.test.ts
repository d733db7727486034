import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CommunitySentence } from '../../src/query/global/community-sentences.js';
import { COMMUNITY_SENTENCES_FILE, sentenceStemCounts, type CommunityReading } from '../../src/query/global/community-sentences-file.js';

const sentence = (chunkId: string, start: number, text: string, stems: string[]): CommunitySentence => ({
  finding: { text, chunkId, documentId: `d-${chunkId}`, span: { start, end: start + text.length } },
  stems: new Set(stems),
});

test('the stem counts read back with the kept sentences are those counted over the sentences themselves: a sentence two communities list once, outside sentences each', () => {
  const first = sentence('c1', 0, 'Kite uses the VX-9 module.', ['kite', 'use', 'modul']);
  const second = sentence('c1', 30, 'Lumen Optics supplies VX-9 modules.', ['lumen', 'optic', 'suppli', 'modul']);
  const third = sentence('c2', 0, 'Jonas Berg leads Kite.', ['jona', 'berg', 'lead', 'kite']);
  const outside = [sentence('c3', 0, 'The depot opened in May.', ['depot', 'open', 'may']), sentence('c3', 25, 'It uses a new module.', ['use', 'new', 'modul'])];
  const reading: CommunityReading = {
    // c1's sentences are read by both communities: one object each, counted once.
    sentences: new Map([
      ['community-a', [first, second]],
      ['community-b', [first, second, third]],
    ]),
    outside: { sentences: outside, entities: [{ entityId: 'depot', evidence: outside[0]?.finding }] },
  };
  const counted = sentenceStemCounts(reading);
  assert.equal(counted.sentences, 5);
  assert.equal(counted.frequency.get('modul'), 3);
  assert.equal(counted.frequency.get('kite'), 2);
  assert.equal(counted.frequency.get('use'), 2);

  const read = COMMUNITY_SENTENCES_FILE.decode(COMMUNITY_SENTENCES_FILE.encode(reading));
  assert.ok(read?.stemCounts);
  assert.equal(read.stemCounts.sentences, counted.sentences);
  assert.deepEqual(new Map([...read.stemCounts.frequency].sort()), new Map([...counted.frequency].sort()));
  // And the same as counting the sentences read back.
  const { stemCounts: _kept, ...sentencesOnly } = read;
  const recounted = sentenceStemCounts(sentencesOnly);
  assert.deepEqual(new Map([...recounted.frequency].sort()), new Map([...counted.frequency].sort()));
  assert.equal(recounted.sentences, counted.sentences);
});
