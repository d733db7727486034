import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { isRhizomeError, type RhizomeErrorCode } from '../../src/errors/rhizome-error.js';
import { loadCoverageQuestions, loadRetrievalDataset } from '../../src/eval/datasets.js';

let folder = '';
before(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'rhizome-eval-datasets-'));
});
after(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function writeJson(name: string, content: unknown): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

/** Asserts that `load` rejects with a RhizomeError of `code` whose message contains every fragment. */
async function assertRejects(load: Promise<unknown>, code: RhizomeErrorCode, fragments: string[]): Promise<void> {
  await assert.rejects(load, (error) => {
    assert.ok(isRhizomeError(error, code), `expected ${code}, got ${String(error)}`);
    for (const fragment of fragments) assert.ok(error.message.includes(fragment), `message ${JSON.stringify(error.message)} lacks ${JSON.stringify(fragment)}`);
    return true;
  });
}

const validQuestions = [
  { id: 'q1', question: 'Who supplies the modems?', expected: ['Orbilink'], hops: 1, chain: ['d09'] },
  { id: 'q2', question: 'Who led it in 2021?', expected: ['Priya Raman', 'Hannah Okafor'], hops: 'temporal' },
  { id: 'q3', question: 'Which depot?', expected: ['Fenwick Yard'], hops: 4 },
  { id: 'q4', question: 'Summarise.', expected: ['CBIA'], hops: 'comparison' },
];

test('a JSON array of questions loads, keeping hop kinds as written and dropping extra fields', async () => {
  const dataset = await loadCoverageQuestions(await writeJson('array.json', validQuestions));
  assert.deepEqual(dataset.documents, []);
  assert.deepEqual(dataset.questions[0], { id: 'q1', question: 'Who supplies the modems?', expected: ['Orbilink'], hops: 1 });
  assert.deepEqual(dataset.questions.map((question) => question.hops), [1, 'temporal', 4, 'comparison']);
});

test('an object with questions and documents loads both', async () => {
  const file = await writeJson('object.json', {
    name: 'toy',
    documents: [{ id: 'd01', title: 'Contract', date: '2022-04-11', text: 'Greyline won.' }, { id: 'd02', text: 'No title.' }],
    questions: validQuestions.slice(0, 1),
  });
  const dataset = await loadCoverageQuestions(file);
  assert.equal(dataset.questions.length, 1);
  assert.deepEqual(dataset.documents.map((document) => document.id), ['d01', 'd02']);
});

const CORPUS_EN_PATH = path.resolve(process.cwd(), '../shared/eval/data/corpus_en.json');
test('the shared English corpus loads', { skip: existsSync(CORPUS_EN_PATH) ? false : `corpus not found at ${CORPUS_EN_PATH}` }, async () => {
  const dataset = await loadCoverageQuestions(CORPUS_EN_PATH);
  assert.equal(dataset.questions.length, 24);
  assert.equal(dataset.documents.length, 34);
});

test('a malformed question names the file, the entry index and id, and the field', async () => {
  const broken = [...validQuestions.slice(0, 3), { id: 'q4', question: 'Who?', expected: 'Orbilink', hops: 2 }];
  await assertRejects(loadCoverageQuestions(await writeJson('questions.json', { questions: broken })), 'INPUT_INVALID', [
    `questions.json: questions[3] (id "q4"): field "expected" must be a non-empty array of non-blank strings (got "Orbilink")`,
  ]);
  await assertRejects(loadCoverageQuestions(await writeJson('top-level.json', broken)), 'INPUT_INVALID', ['top-level.json: [3] (id "q4"): field "expected"']);
});

test('each field rule is enforced with its own message', async () => {
  const cases: Array<[unknown, string]> = [
    [{ id: 'q1', question: 'Who?', expected: [], hops: 1 }, 'field "expected" must be a non-empty array of non-blank strings (got an empty array)'],
    [{ id: 'q1', question: 'Who?', expected: ['A', ' '], hops: 1 }, 'field "expected"'],
    [{ id: 'q1', question: 'Who?', expected: ['A'], hops: 0 }, 'field "hops" must be a positive integer or a non-empty string'],
    [{ id: 'q1', question: 'Who?', expected: ['A'], hops: '' }, 'field "hops"'],
    [{ id: 'q1', question: 'Who?', expected: ['A'] }, 'field "hops" must be a positive integer or a non-empty string (1, 2, 3, "temporal", "global", …) (got nothing: the field is missing)'],
    [{ id: 'q1', question: '', expected: ['A'], hops: 1 }, '[0] (id "q1"): field "question" must be a non-empty string'],
    [{ question: 'Who?', expected: ['A'], hops: 1 }, '[0]: field "id" must be a non-empty string'],
    ['just a string', '[0]: must be an object'],
  ];
  for (const [index, [entry, fragment]] of cases.entries()) {
    await assertRejects(loadCoverageQuestions(await writeJson(`case-${index}.json`, [entry])), 'INPUT_INVALID', [`case-${index}.json: `, fragment]);
  }
});

test('duplicate question ids are rejected, naming both entries', async () => {
  const file = await writeJson('duplicates.json', { questions: [validQuestions[0], validQuestions[1], { ...validQuestions[1], id: 'q1' }] });
  await assertRejects(loadCoverageQuestions(file), 'INPUT_INVALID', ['questions[2] (id "q1"): field "id" repeats the id of questions[0]']);
});

test('a file of the wrong shape, a missing file and unparseable JSON are explained', async () => {
  await assertRejects(loadCoverageQuestions(await writeJson('shape.json', { items: [] })), 'INPUT_INVALID', ['shape.json: expected a JSON array of questions']);
  await assertRejects(loadCoverageQuestions(await writeJson('documents.json', { questions: [], documents: {} })), 'INPUT_INVALID', ['field "documents" must be an array']);
  await assertRejects(loadCoverageQuestions(path.join(folder, 'absent.json')), 'INPUT_NOT_FOUND', ['absent.json: file not found']);
  // The stray "}" is on line 3, column 3 (offset 20); V8 does not report a position for this kind of error.
  await assertRejects(loadCoverageQuestions(await writeJson('syntax.json', '[\n  {"id": "q1"},\n  }\n]')), 'INPUT_INVALID', [
    'syntax.json: not valid JSON at line 3, column 3 (position 20)',
  ]);
  await assertRejects(loadCoverageQuestions(await writeJson('truncated.json', '{"questions": [1, 2')), 'INPUT_INVALID', ['truncated.json: not valid JSON at line 1, column 20']);
  await assertRejects(loadCoverageQuestions(await writeJson('empty.json', '')), 'INPUT_INVALID', ['empty.json: not valid JSON at line 1, column 1']);
});

const corpus = [
  { id: 'p0', title: 'Demon Dice', text: 'A dice game.' },
  { id: 'p1', title: 'Lilu', text: 'A spirit.' },
];

test('a retrieval data set loads and keeps optional answers and hops', async () => {
  const file = await writeJson('retrieval.json', {
    name: 'toy',
    corpus,
    questions: [{ id: 'x1', question: 'What is Lilu?', supporting: ['p1', 'p0'], answers: ['a spirit'], hops: 2, type: 'bridge' }],
  });
  const dataset = await loadRetrievalDataset(file);
  assert.equal(dataset.corpus.length, 2);
  assert.deepEqual(dataset.questions[0], { id: 'x1', question: 'What is Lilu?', supporting: ['p1', 'p0'], answers: ['a spirit'], hops: 2 });
});

test('retrieval data sets reject unknown supporting ids, bad passages and duplicate passage ids', async () => {
  const question = { id: 'x1', question: 'What is Lilu?', supporting: ['p1'] };
  await assertRejects(loadRetrievalDataset(await writeJson('unknown.json', { corpus, questions: [question, { ...question, id: 'x2', supporting: ['p1', 'p7'] }] })), 'INPUT_INVALID', [
    'unknown.json: questions[1] (id "x2"): field "supporting" refers to "p7", which is not a corpus id',
  ]);
  await assertRejects(loadRetrievalDataset(await writeJson('passage.json', { corpus: [corpus[0], { id: 'p1', text: 'No title.' }], questions: [question] })), 'INPUT_INVALID', [
    'passage.json: corpus[1] (id "p1"): field "title" must be a string (got nothing: the field is missing)',
  ]);
  await assertRejects(loadRetrievalDataset(await writeJson('same-id.json', { corpus: [corpus[0], { ...corpus[1], id: 'p0' }], questions: [question] })), 'INPUT_INVALID', [
    'corpus[1] (id "p0"): field "id" repeats the id of corpus[0]',
  ]);
  await assertRejects(loadRetrievalDataset(await writeJson('no-supporting.json', { corpus, questions: [{ ...question, supporting: [] }] })), 'INPUT_INVALID', [
    'questions[0] (id "x1"): field "supporting" must be a non-empty array of corpus ids',
  ]);
  await assertRejects(loadRetrievalDataset(await writeJson('no-corpus.json', { questions: [question] })), 'INPUT_INVALID', ['no-corpus.json: expected an object with a "corpus" array']);
});
