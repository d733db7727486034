import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadCoverageQuestions } from '../../src/eval/datasets.js';
import { findFixtureSets, findHeldOutSets, type DevEvalSet } from '../../src/eval/dev-sets.js';
import { normalizeForCoverage } from '../../src/eval/normalize.js';

const DEV_FOLDER = path.resolve('test', 'fixtures', 'dev');
const HELD_OUT_FOLDER = path.resolve('test', 'fixtures', 'heldout');
/** Real documentation is copied into the repository: each set's folder stays small. */
const MAX_FOLDER_BYTES = 2 * 1024 * 1024;

const folderSets = [...findFixtureSets(DEV_FOLDER, false), ...findHeldOutSets(HELD_OUT_FOLDER)].filter(
  (set): set is DevEvalSet & { docs: string } => set.docs !== undefined,
);

test('the development and held-out folders each hold a set of real documents beside its questions', () => {
  assert.ok(folderSets.some((set) => !set.heldOut), 'a development set with a documents folder');
  assert.ok(folderSets.some((set) => set.heldOut), 'a held-out set with a documents folder');
});

for (const set of folderSets) {
  test(`${set.name}: its folder holds Markdown only, under 2 MB, with a licence file beside it`, () => {
    const files = filesUnder(set.docs);
    assert.ok(files.length > 0, `${set.docs} is empty`);
    for (const file of files) assert.match(file, /\.md$/i, `${file} is not Markdown`);
    const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0);
    assert.ok(bytes < MAX_FOLDER_BYTES, `${set.docs} holds ${bytes} bytes`);
    assert.ok(statSync(`${set.docs}.LICENSE`).isFile(), `${set.docs}.LICENSE`);
  });

  test(`${set.name}: every expected item of every question is written in its documents`, async () => {
    const { questions } = await loadCoverageQuestions(set.file);
    assert.ok(questions.length > 0, `${set.file} has no questions`);
    const corpus = filesUnder(set.docs).map((file) => normalizeForCoverage(readFileSync(file, 'utf8'))).join('\n');
    for (const question of questions) {
      const missing = question.expected.filter((item) => !corpus.includes(normalizeForCoverage(item))).length;
      // Held-out sets are never explained: the message names the question, not the missing item.
      assert.equal(missing, 0, `${set.name} question ${question.id}: ${missing} expected item(s) appear in no document`);
    }
  });
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}
