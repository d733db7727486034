import assert from 'node:assert/strict';
import { test } from 'node:test';
import { growCorpus } from '../../bench/scale-corpus.js';
import { growthExponent, parseScales } from '../../bench/scale.js';

const base = {
  name: 'invented',
  passages: [
    { id: 'p0', title: 'Korvel Systems', text: 'Korvel Systems is based in Tolmar. Its founder, Alia Varn, also leads Dunmere Labs.' },
    { id: 'p1', title: 'Dunmere Labs', text: 'Dunmere Labs supplies sensors to Korvel Systems. The lab opened in 1998 in Tolmar.' },
  ],
  questions: ['Who leads Dunmere Labs?'],
};

test('a grown corpus never repeats a passage, keeps copy 0 as it is, renames names consistently and is the same on every run', () => {
  const grown = growCorpus(base, 9);
  assert.equal(grown.passages.length, 9);
  assert.equal(new Set(grown.passages.map((passage) => passage.text)).size, 9);
  assert.equal(new Set(grown.passages.map((passage) => passage.id)).size, 9);
  assert.deepEqual(grown.passages.slice(0, 2).map((passage) => passage.text), base.passages.map((passage) => passage.text));
  assert.deepEqual(growCorpus(base, 9), grown);
  // Words the base writes in lower case ("sensors", "lab") are not names and stay.
  for (const passage of grown.passages) assert.match(passage.text, /sensors|founder/);
  assert.equal(grown.questions.length, 5);
});

test('scales parse as passage counts and the growth exponent is 1 for linear time', () => {
  assert.deepEqual(parseScales('3k,12k,100k,1.5k,250'), [3000, 12000, 100000, 1500, 250]);
  assert.throws(() => parseScales('lots'));
  assert.equal(growthExponent({ size: 1000, seconds: 10 }, { size: 4000, seconds: 40 }), 1);
  assert.ok(Math.abs(growthExponent({ size: 1000, seconds: 10 }, { size: 4000, seconds: 160 }) - 2) < 1e-9);
});
