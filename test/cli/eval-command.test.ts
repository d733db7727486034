import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { makeTempDir } from '../helpers/temp-dir.js';
import { runCli } from '../helpers/run-cli.js';

function rhizome(cwd: string, ...args: string[]) {
  return runCli(cwd, '--quiet', ...args);
}

const cwd = makeTempDir();
const docs = path.join(cwd, 'docs');
mkdirSync(docs);
writeFileSync(path.join(docs, 'a.txt'), 'Lynx kickoff\n\nLina Ferraz leads the Lynx project. The Lynx prototypes use NC-7 boards.');
writeFileSync(path.join(docs, 'b.txt'), 'Boards\n\nNordhaven Composants supplies the NC-7 boards.');
writeFileSync(path.join(cwd, 'questions.json'), JSON.stringify([
  { id: 'q1', question: 'Who leads the Lynx project?', expected: ['Lina Ferraz'], hops: 1 },
  { id: 'q2', question: 'Which company supplies the boards used by the project led by Lina Ferraz?', expected: ['Nordhaven'], hops: 2 },
]));

test('coverage evaluation prints the table and writes JSON, a report and its chart, identically run to run', () => {
  const first = rhizome(cwd, 'eval', '--docs', 'docs', '--questions', 'questions.json', '--methods', 'naive,local', '--json', 'out.json', '--report', 'report/out.md');
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, /\| Method \| Mean \| 1 hop \| 2 hops \| Complete \|/);
  const result = JSON.parse(readFileSync(path.join(cwd, 'out.json'), 'utf8'));
  assert.equal(result.kind, 'coverage');
  assert.deepEqual(Object.keys(result.methods), ['naive', 'local']);
  assert.deepEqual(Object.keys(result.methods.local.byHops), ['1', '2']);
  assert.equal(result.questions.length, 4);
  assert.ok(result.questions.every((entry: { citations: unknown[] }) => entry.citations.every((citation) => typeof citation === 'string')));
  assert.ok(existsSync(path.join(cwd, 'report/out.svg')));
  assert.match(readFileSync(path.join(cwd, 'report/out.md'), 'utf8'), /out\.svg/);
  const second = rhizome(cwd, 'eval', '--docs', 'docs', '--questions', 'questions.json', '--methods', 'naive,local', '--json', 'out2.json');
  assert.equal(second.code, 0, second.stderr);
  const again = JSON.parse(readFileSync(path.join(cwd, 'out2.json'), 'utf8'));
  const strip = (value: { questions: Array<Record<string, unknown>> }) => value.questions.map(({ latencyMs: _latency, ...rest }) => rest);
  assert.deepEqual(strip(again), strip(result));
});

test('retrieval evaluation reports recall@k per method', () => {
  writeFileSync(path.join(cwd, 'dataset.json'), JSON.stringify({
    corpus: [
      { id: 'p1', title: 'Lina Ferraz', text: 'Lina Ferraz is an engineer who leads the Lynx project.' },
      { id: 'p2', title: 'Lynx', text: 'Lynx is a drone project based in Brest.' },
      { id: 'p3', title: 'Brest', text: 'Brest is a port city in Brittany.' },
    ],
    questions: [{ id: 'r1', question: 'In which city is the project led by Lina Ferraz based?', supporting: ['p1', 'p2'] }],
  }));
  const result = rhizome(cwd, 'eval', '--dataset', 'dataset.json', '--methods', 'bm25,local', '--k', '1,2', '--json', 'recall.json');
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /\| Method \| R@1 \| R@2 \|/);
  const recall = JSON.parse(readFileSync(path.join(cwd, 'recall.json'), 'utf8'));
  assert.equal(recall.kind, 'retrieval');
  assert.deepEqual(Object.keys(recall.methods.bm25.recall), ['1', '2']);
  assert.equal(recall.methods.bm25.count, 1);
});

test('a malformed questions file is rejected naming the entry and the field', () => {
  writeFileSync(path.join(cwd, 'bad.json'), JSON.stringify({ questions: [{ id: 'q1', question: 'Who?', expected: ['x'], hops: 1 }, { id: 'q2', question: 'What?', hops: 2 }] }));
  const result = rhizome(cwd, 'eval', '--docs', 'docs', '--questions', 'bad.json');
  assert.equal(result.code, 3);
  assert.match(result.stderr, /bad\.json: questions\[1\] \(id "q2"\): field "expected"/);
  const unknown = rhizome(cwd, 'eval', '--docs', 'docs', '--questions', 'questions.json', '--methods', 'naive,telepathy');
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /telepathy/);
});

test('a questions file that carries its documents is evaluated without --docs; one without them is refused by name', () => {
  writeFileSync(path.join(cwd, 'self-contained.json'), JSON.stringify({
    documents: [
      { id: 'd1', title: 'Lynx kickoff', date: '2023-02-01', text: 'Lina Ferraz leads the Lynx project.' },
      { id: 'd2', title: 'Boards', date: null, text: 'Nordhaven Composants supplies the NC-7 boards.' },
    ],
    questions: [{ id: 'q1', question: 'Who leads the Lynx project?', expected: ['Lina Ferraz'], hops: 1 }],
  }));
  const result = rhizome(cwd, 'eval', '--questions', 'self-contained.json', '--methods', 'local', '--json', 'self.json');
  assert.equal(result.code, 0, result.stderr);
  assert.equal(JSON.parse(readFileSync(path.join(cwd, 'self.json'), 'utf8')).methods.local.mean, 1);
  const missing = rhizome(cwd, 'eval', '--questions', 'questions.json', '--methods', 'local');
  assert.equal(missing.code, 3);
  assert.match(missing.stderr, /questions\.json: has no "documents" array.*--docs/);
});
