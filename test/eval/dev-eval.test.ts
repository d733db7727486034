import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runDevEvaluation, type DevEvalRun } from '../../src/eval/dev-eval.js';
import { findFixtureSets, findHeldOutSets, requiredFilesOf, type DevEvalSet } from '../../src/eval/dev-sets.js';
import { renderDevTable, replaceMarkedBlock } from '../../src/eval/dev-table.js';
import { isRhizomeError } from '../../src/errors/rhizome-error.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const root = makeTempDir();
const heldOutFolder = path.join(root, 'heldout');
const coverageSet = {
  documents: [
    { id: 'd1', title: 'Lynx kickoff', date: '2023-02-01', text: 'Lina Ferraz leads the Lynx project. The Lynx prototypes use NC-7 boards.' },
    { id: 'd2', title: 'Boards', date: '2023-03-05', text: 'Nordhaven Composants supplies the NC-7 boards.' },
  ],
  questions: [
    { id: 'q1', question: 'Who leads the Lynx project?', expected: ['Lina Ferraz'], hops: 1 },
    { id: 'q2', question: 'Which company supplies the boards used by the project led by Lina Ferraz?', expected: ['Nordhaven'], hops: 2 },
  ],
};
writeFileSync(path.join(root, 'tiny.json'), JSON.stringify(coverageSet));
mkdirSync(heldOutFolder);
writeFileSync(path.join(heldOutFolder, 'secret.json'), JSON.stringify(coverageSet));

const sets: DevEvalSet[] = [
  { name: 'tiny', kind: 'coverage', file: path.join(root, 'tiny.json'), methods: ['local'], heldOut: false },
  { name: 'absent', kind: 'coverage', file: path.join(root, 'absent.json'), methods: ['local'], heldOut: false },
  ...findHeldOutSets(heldOutFolder).map((set) => ({ ...set, methods: set.methods.filter((method) => method === 'local') })),
];
const options = { sets, workspaceRoot: path.join(root, 'workspaces'), latestFile: path.join(root, 'latest.json'), requireFiles: false };

test('the dev run prints one table, then previous-run figures beside the current ones on the next run', async () => {
  const first = await runDevEvaluation(options);
  assert.equal(first.previous, null);
  assert.equal(first.failed, false, 'a missing file is skipped outside CI');
  assert.deepEqual(first.notes, [`skipped absent: missing ${path.join(root, 'absent.json')}`]);
  assert.match(first.table, /^\| Set \| Method \| Mean \| 1 hop \| 2 hops \| 3 hops \| temporal \| global \| Complete \| Words \| R@2 \| R@5 \| R@10 \|/);
  assert.match(first.table, /\| tiny \| local \| \d\.\d\d \| \d\.\d\d \| \d\.\d\d \| – \| – \| – \| \d\/2 \| \d+ \| – \| – \| – \|/);
  assert.match(first.table, /\| heldout\/secret \| local \|/);
  assert.ok(!first.table.includes('('), 'no comparison without a previous run');

  const second = await runDevEvaluation(options);
  assert.equal(second.previous?.generatedAt, first.run.generatedAt);
  assert.match(second.table, /\| tiny \| local \| (\d\.\d\d) \(\1\) \| (\d\.\d\d) \(\2\) \|/, 'offline runs repeat, so previous equals current');
});

test('held-out sets keep summaries only: no answers in the stored run, no report', () => {
  const stored = JSON.parse(readFileSync(options.latestFile, 'utf8')) as DevEvalRun;
  const heldOut = stored.sets.find((set) => set.name === 'heldout/secret');
  const development = stored.sets.find((set) => set.name === 'tiny');
  assert.equal(heldOut?.status, 'ok');
  assert.ok(heldOut?.coverage?.local);
  assert.equal(heldOut?.questions, undefined);
  assert.equal(development?.questions?.length, 2, 'development answers are kept for reading');
  assert.ok(!JSON.stringify(heldOut).includes('"answer"'), 'no held-out answer is written');
});

test('under CI a missing file fails the run; the README block between the markers is replaced', async () => {
  const strict = await runDevEvaluation({ ...options, sets: sets.filter((set) => set.name === 'absent'), requireFiles: true });
  assert.equal(strict.failed, true);
  assert.match(strict.notes[0] ?? '', /^FAILED absent: missing /);
  const readme = 'intro\n<!-- eval:dev:start -->\nold table\n<!-- eval:dev:end -->\nrest\n';
  assert.equal(replaceMarkedBlock(readme, '| new |\n'), 'intro\n<!-- eval:dev:start -->\n| new |\n<!-- eval:dev:end -->\nrest\n');
  assert.throws(() => replaceMarkedBlock('no markers', 'x'), (error) => isRhizomeError(error, 'INPUT_INVALID'));
});

test('recall rows show percentages beside the previous run, and coverage cells stay empty', () => {
  const outcome = (recall: Record<string, number>) => ({ name: 'hotpot', kind: 'retrieval' as const, heldOut: false, status: 'ok' as const, retrieval: { bm25: { recall, count: 100 } } });
  const table = renderDevTable([outcome({ '2': 0.58, '5': 0.775, '10': 0.895 })], [outcome({ '2': 0.5, '5': 0.775, '10': 0.9 })]);
  assert.equal(table.split('\n')[2], '| hotpot | bm25 | – | – | – | – | – | – | – | – | 58.0 (50.0) | 77.5 (77.5) | 89.5 (90.0) |');
});

test('held-out files are found sorted, by shape: a corpus array makes a retrieval set', () => {
  const folder = path.join(root, 'heldout-shapes');
  mkdirSync(folder);
  writeFileSync(path.join(folder, 'b-recall.json'), JSON.stringify({ corpus: [], questions: [] }));
  writeFileSync(path.join(folder, 'a-coverage.json'), JSON.stringify(coverageSet));
  writeFileSync(path.join(folder, 'notes.txt'), 'not a set');
  assert.deepEqual(findHeldOutSets(folder).map((set) => [set.name, set.kind, set.heldOut]), [['heldout/a-coverage', 'coverage', true], ['heldout/b-recall', 'retrieval', true]]);
  assert.deepEqual(findHeldOutSets(path.join(root, 'nowhere')), []);
  assert.deepEqual(findFixtureSets(folder, false).map((set) => [set.name, set.kind, set.heldOut]), [['dev/a-coverage', 'coverage', false], ['dev/b-recall', 'retrieval', false]]);
  assert.equal(findFixtureSets(folder, false)[0]?.docs, undefined, 'no folder beside it: the documents come from the JSON');
});

test('a coverage set with a folder of the same name beside its JSON indexes that folder', () => {
  const folder = path.join(root, 'with-folders');
  mkdirSync(path.join(folder, 'real-docs', 'guide'), { recursive: true });
  mkdirSync(path.join(folder, 'b-recall'));
  writeFileSync(path.join(folder, 'real-docs.json'), JSON.stringify({ questions: coverageSet.questions }));
  writeFileSync(path.join(folder, 'b-recall.json'), JSON.stringify({ corpus: [], questions: [] }));
  const [recallSet, realDocs] = findFixtureSets(folder, false);
  assert.ok(realDocs !== undefined && recallSet !== undefined);
  assert.equal(realDocs.docs, path.join(folder, 'real-docs'));
  assert.equal(recallSet.docs, undefined, 'a retrieval set carries its passages');
  assert.deepEqual(requiredFilesOf(realDocs), [path.join(folder, 'real-docs.json'), path.join(folder, 'real-docs')]);
});
