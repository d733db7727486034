import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadRetrievalDataset } from '../../src/eval/datasets.js';
import { meanRecall } from '../../src/eval/recall.js';
import { isRhizomeError } from '../../src/errors/rhizome-error.js';
import { createBm25Index, tokenizeForBm25 } from '../../src/query/bm25.js';

const TOY_CORPUS = [
  { id: 'd1', text: 'The cat sat on the mat.' }, // 6 tokens
  { id: 'd2', text: 'The dog sat' }, // 3 tokens
  { id: 'd3', text: 'Cats and dogs' }, // 3 tokens
];

test('tokenizeForBm25 lower-cases runs of letters, digits and underscore', () => {
  assert.deepEqual(tokenizeForBm25("Hello, World_1! Maëlle's CAFÉ 3.5km"), ['hello', 'world_1', 'maëlle', 's', 'café', '3', '5km']);
  assert.deepEqual(tokenizeForBm25('Mae\u0308lle'), ['maëlle'], 'a decomposed accent does not split the word');
  assert.deepEqual(tokenizeForBm25('  ,;  '), []);
});

test('BM25 scores match the Okapi formula computed by hand on a toy corpus', () => {
  const index = createBm25Index(TOY_CORPUS);
  assert.equal(index.documentCount, 3);
  assert.equal(index.averageDocumentLength, 4); // (6 + 3 + 3) / 3
  // N = 3; "cat" is in d1 only (df 1), "sat" in d1 and d2 (df 2).
  const idfCat = Math.log(1 + (3 - 1 + 0.5) / (1 + 0.5)); // ln(2.6667)
  const idfSat = Math.log(1 + (3 - 2 + 0.5) / (2 + 0.5)); // ln(1.6)
  // K(D) = k1·(1 − b + b·|D|/avgdl): d1 → 1.2·(0.25 + 0.75·6/4) = 1.65, d2 → 1.2·(0.25 + 0.75·3/4) = 0.975.
  const d1 = (idfCat * 1 * 2.2) / (1 + 1.65) + (idfSat * 1 * 2.2) / (1 + 1.65);
  const d2 = (idfSat * 1 * 2.2) / (1 + 0.975);
  const hits = index.search('cat sat', 10);
  assert.deepEqual(hits.map((hit) => hit.id), ['d1', 'd2'], 'd3 shares no term ("cats" is not "cat": no stemming)');
  assert.ok(Math.abs((hits[0]?.score ?? 0) - d1) < 1e-12);
  assert.ok(Math.abs((hits[1]?.score ?? 0) - d2) < 1e-12);
  assert.ok(Math.abs(d1 - 1.2045) < 1e-3 && Math.abs(d2 - 0.5235) < 1e-3, 'sanity check of the hand computation');
});

test('BM25 saturates term frequency and honours k1 and b', () => {
  const idfThe = Math.log(1 + (3 - 2 + 0.5) / (2 + 0.5)); // "the": twice in d1 (6 tokens), once in d2 (3 tokens)
  const defaults = createBm25Index(TOY_CORPUS).search('THE', 3);
  assert.deepEqual(defaults.map((hit) => hit.id), ['d1', 'd2']);
  assert.ok(Math.abs((defaults[0]?.score ?? 0) - (idfThe * 2 * 2.2) / (2 + 1.65)) < 1e-12);
  assert.ok(Math.abs((defaults[1]?.score ?? 0) - (idfThe * 1 * 2.2) / (1 + 0.975)) < 1e-12);
  assert.ok((defaults[0]?.score ?? 0) < 2 * (defaults[1]?.score ?? 0), 'twice the term is worth less than twice the score');

  // b = 0: no length normalisation, K = k1 = 2 for every document.
  const withoutLength = createBm25Index(TOY_CORPUS, { k1: 2, b: 0 }).search('the', 2);
  assert.ok(Math.abs((withoutLength[0]?.score ?? 0) - (idfThe * 2 * 3) / (2 + 2)) < 1e-12);
  assert.ok(Math.abs((withoutLength[1]?.score ?? 0) - (idfThe * 1 * 3) / (1 + 2)) < 1e-12);

  // b = 1, k1 = 10: K(d1) = 10·6/4 = 15 and K(d2) = 10·3/4 = 7.5; both hold "the" at the same density
  // (2 in 6, 1 in 3), so full length normalisation makes them tie, and the tie goes to the smaller id.
  const fullLength = createBm25Index(TOY_CORPUS, { k1: 10, b: 1 }).search('the', 2);
  assert.deepEqual(fullLength.map((hit) => hit.id), ['d1', 'd2']);
  assert.ok(Math.abs((fullLength[0]?.score ?? 0) - (idfThe * 2 * 11) / (2 + 15)) < 1e-12);
  assert.ok(Math.abs((fullLength[1]?.score ?? 0) - (idfThe * 1 * 11) / (1 + 7.5)) < 1e-12);
});

test('a query term counts once per occurrence in the query', () => {
  const index = createBm25Index(TOY_CORPUS);
  const once = index.search('dog', 1)[0]?.score ?? 0;
  const twice = index.search('dog dog', 1)[0]?.score ?? 0;
  assert.ok(once > 0);
  assert.ok(Math.abs(twice - 2 * once) < 1e-12);
});

test('ties are broken by id ascending, k truncates, unknown terms give nothing', () => {
  const index = createBm25Index([
    { id: 'b', text: 'river bridge' },
    { id: 'a', text: 'river bridge' },
    { id: 'c', text: 'harbour' },
  ]);
  assert.deepEqual(index.search('bridge', 5).map((hit) => hit.id), ['a', 'b']);
  assert.deepEqual(index.search('bridge', 1).map((hit) => hit.id), ['a']);
  assert.deepEqual(index.search('tunnel', 5), []);
  assert.deepEqual(index.search('bridge', 0), []);
  assert.deepEqual(createBm25Index([]).search('anything', 3), []);
});

test('duplicate document ids and bad parameters are rejected', () => {
  assert.throws(() => createBm25Index([{ id: 'x', text: 'a' }, { id: 'x', text: 'b' }]), (error) => isRhizomeError(error, 'INPUT_INVALID'));
  assert.throws(() => createBm25Index([], { b: 2 }), (error) => isRhizomeError(error, 'INPUT_INVALID'));
  assert.throws(() => createBm25Index([]).search('a', -1), (error) => isRhizomeError(error, 'INPUT_INVALID'));
});

// Speed lives in `npm run bench` (indexing beside an in-memory BM25 baseline), never in a timed test.
test('over 2,000 passages, the passage holding a query\'s rare words ranks first', () => {
  let seed = 42;
  const nextWord = (): string => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return `w${seed % 5000}`;
  };
  const documents = Array.from({ length: 2000 }, (_, index) => ({ id: `p${index}`, text: Array.from({ length: 120 }, nextWord).join(' ') }));
  documents[1234] = { id: 'p1234', text: `${documents[1234]?.text} zyxomander quillivant` };
  const index = createBm25Index(documents);
  assert.equal(index.search('quillivant zyxomander', 10)[0]?.id, 'p1234');
  assert.equal(index.search(`${nextWord()} ${nextWord()}`, 10).length <= 10, true);
});

const HOTPOT_PATH = path.resolve(process.cwd(), '../shared/eval/data/hotpotqa_hipporag_train100.json');

test(
  'BM25 over title + text reaches the reference recall on HotpotQA train-100',
  { skip: existsSync(HOTPOT_PATH) ? false : `HotpotQA data set not found at ${HOTPOT_PATH}` },
  async (context) => {
    const dataset = await loadRetrievalDataset(HOTPOT_PATH);
    const index = createBm25Index(dataset.corpus.map((passage) => ({ id: passage.id, text: `${passage.title}\n${passage.text}` })));
    const outcomes = dataset.questions.map((question) => ({
      retrievedIds: index.search(question.question, 10).map((hit) => hit.id),
      supportingIds: question.supporting,
    }));
    const recallAt = (k: number): number => meanRecall(outcomes, k) * 100;
    context.diagnostic(`R@2 ${recallAt(2).toFixed(1)}, R@5 ${recallAt(5).toFixed(1)}, R@10 ${recallAt(10).toFixed(1)}`);
    assert.ok(Math.abs(recallAt(2) - 58.5) <= 1, `R@2 = ${recallAt(2)}`);
    assert.ok(Math.abs(recallAt(5) - 77.5) <= 1, `R@5 = ${recallAt(5)}`);
  },
);

test('the few best of many touched documents are those of the whole ranking, in its order, ties by id', () => {
  // 400 documents, many of equal score (same words, same length), a common word in each: any k gives the whole ranking's first k.
  const words = ['harbour', 'crane', 'quay', 'tug', 'berth'];
  const documents = Array.from({ length: 400 }, (_, index) => ({ id: `d${String((index * 7919) % 400).padStart(3, '0')}`, text: `the ${words[index % 5]} ${index % 3 === 0 ? words[(index + 1) % 5] : 'and'} report` }));
  const index = createBm25Index(documents);
  const whole = index.search('the harbour crane report', documents.length);
  assert.equal(whole.length, documents.length);
  for (const k of [0, 1, 5, 24, 25, 26, 100, 399]) assert.deepEqual(index.search('the harbour crane report', k), whole.slice(0, k), `k = ${k}`);
});
