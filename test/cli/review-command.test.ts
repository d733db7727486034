import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { writeReviewCorpus } from '../review/review-corpus.js';

const cwd = makeTempDir('rhizome-review-cli-');
writeReviewCorpus(cwd);

interface SampledRelation {
  kind: 'relation';
  id: string;
  type: string;
  evidence: string;
}

const json = <T>(...args: string[]): T => {
  const result = runCli(cwd, ...args);
  assert.equal(result.code, 0, result.stderr);
  return JSON.parse(result.stdout) as T;
};
const relationCount = () => json<{ relations: number }>('stats', '--json').relations;

test('review on a workspace never indexed says to index first', () => {
  const result = runCli(cwd, '--workspace', 'empty', 'review', '--sample', '2');
  assert.equal(result.code, 3);
  assert.match(result.stderr, /has never been indexed: run `rhizome index <folder>` first/);
});

test('--sample draws the same extractions for a seed, with their evidence, filtered by edge type', () => {
  assert.equal(runCli(cwd, 'index', 'docs').code, 0);
  const first = json<SampledRelation[]>('review', '--sample', '4', '--seed', '3', '--json');
  assert.equal(first.length, 4);
  assert.deepEqual(json<SampledRelation[]>('review', '--sample', '4', '--seed', '3', '--json'), first);
  assert.ok(first.every((item) => item.evidence.length > 0));
  const leads = json<SampledRelation[]>('review', '--sample', '5', '--edge-type', 'LEADS', '--json');
  assert.deepEqual(leads.map((item) => [item.kind, item.type]), [['relation', 'LEADS']]);
  const text = runCli(cwd, 'review', '--sample', '1', '--edge-type', 'LEADS');
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /\[1\/1\] relation LEADS: Odile Marchetti \(Person\) → Quill \(Project\)\n {2}evidence {4}"Odile Marchetti leads the Quill project\."/);
});

test('--decide and --apply record decisions, --report estimates precision, --undo takes one back', () => {
  const before = relationCount();
  const weak = json<SampledRelation[]>('review', '--sample', '3', '--kind', 'relation', '--low-confidence', '--json');
  const typed = json<SampledRelation[]>('review', '--sample', '2', '--edge-type', 'LEADS', '--json').concat(json<SampledRelation[]>('review', '--sample', '1', '--edge-type', 'SUPPLIES', '--json'));
  const rejected = weak[0] as SampledRelation;
  const recorded = json<{ decisions: Array<{ id: string; action: string }>; relations: number }>('review', '--decide', JSON.stringify({ action: 'reject-relation', relationId: rejected.id }), '--json');
  assert.equal(recorded.decisions.length, 1);
  assert.equal(recorded.relations, before - 1);
  const file = path.join(cwd, 'decisions.jsonl');
  writeFileSync(file, `${typed.map((item) => JSON.stringify({ action: 'accept-relation', relationId: item.id })).join('\n')}\n${JSON.stringify({ action: 'reject-relation', relationId: weak[1]?.id })}\n`);
  const applied = runCli(cwd, 'review', '--apply', 'decisions.jsonl');
  assert.equal(applied.code, 0, applied.stderr);
  assert.match(applied.stdout, /Recorded 3 review decision\(s\)/);
  assert.equal(json<unknown[]>('review', '--list', '--json').length, 4);

  const report = json<{ types: Array<{ kind: string; type: string; reviewed: number; correct: number; interval: { low: number; high: number } | null }> }>('review', '--report', '--json');
  const row = (type: string) => report.types.find((candidate) => candidate.kind === 'relation' && candidate.type === type);
  assert.deepEqual([row('LEADS')?.reviewed, row('LEADS')?.correct], [1, 1]);
  assert.deepEqual([row('RELATED_TO')?.reviewed, row('RELATED_TO')?.correct], [2, 0]);
  assert.equal(row('RELATED_TO')?.interval?.low, 0);
  const printed = runCli(cwd, 'review', '--report');
  assert.equal(printed.code, 0, printed.stderr);
  assert.match(printed.stdout, /Estimated precision from 4 review decision\(s\) \(Wilson 95% interval\)/);
  assert.match(printed.stdout, /edge {3}LEADS +1\/1 correct +100% +\[21%, 100%\]/);

  const undone = json<{ decisions: unknown[]; relations: number }>('review', '--undo', recorded.decisions[0]?.id as string, '--json');
  assert.equal(undone.decisions.length, 1);
  assert.equal(undone.relations, before - 1, 'the other rejection stays');
  assert.ok(json<SampledRelation[]>('review', '--sample', '50', '--kind', 'relation', '--json').some((item) => item.id === rejected.id), 'the relation whose rejection was undone is back, unreviewed');
});

test('bad decisions exit 3 naming the decision and the field, and store nothing', () => {
  const missing = runCli(cwd, 'review', '--decide', '{"action":"reject-relation"}');
  assert.equal(missing.code, 3);
  assert.match(missing.stderr, /--decide decision 1: field relationId/);
  const unknown = runCli(cwd, 'review', '--decide', '[{"action":"accept-entity","entityId":"ent_nope"}]');
  assert.equal(unknown.code, 3);
  assert.match(unknown.stderr, /--decide decision 1: no entity ent_nope in the graph/);
  const undo = runCli(cwd, 'review', '--undo', 'rev_nope');
  assert.equal(undo.code, 3);
  assert.match(undo.stderr, /no review decision rev_nope/);
  const file = runCli(cwd, 'review', '--apply', 'nowhere.jsonl');
  assert.equal(file.code, 3);
  assert.match(file.stderr, /cannot read nowhere\.jsonl/);
  assert.equal(json<unknown[]>('review', '--list', '--json').length, 3);
});
