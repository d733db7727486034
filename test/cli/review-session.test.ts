import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { createInquirerPrompter, runReviewSession } from '../../src/cli/review-session.js';
import type { ReviewItem } from '../../src/review/sample-review.js';

const ENTER = '\r';
const DOWN = '\u001b[B';

const items: ReviewItem[] = [
  { kind: 'relation', id: 'rel_a', type: 'RELATED_TO', source: { id: 'ent_a', name: 'Tarvo Systems', type: 'Organisation' }, target: { id: 'ent_b', name: 'VR-4', type: 'Product' }, evidence: 'Tarvo Systems supplies the VR-4 sensors.', documentPath: 'a.txt', confidence: 0.5 },
  { kind: 'entity', id: 'ent_c', type: 'Organisation', name: 'Belmont Audit', aliases: ['Audit'], evidence: 'Belmont Audit reviewed the Quill project.', documentPath: 'b.txt', confidence: 1, mentions: 2 },
  { kind: 'entity', id: 'ent_d', type: 'Concept', name: 'Quill', aliases: [], evidence: 'Odile Marchetti leads the Quill project.', documentPath: 'a.txt', confidence: 0, mentions: 3 },
  { kind: 'relation', id: 'rel_e', type: 'LEADS', source: { id: 'ent_f', name: 'Odile Marchetti', type: 'Person' }, target: { id: 'ent_d', name: 'Quill', type: 'Concept' }, evidence: 'Odile Marchetti leads the Quill project.', documentPath: 'a.txt', confidence: 1 },
];

/**
 * Types keys into inquirer as a person would: each answer is sent once the prompt it answers has
 * been drawn (the `expect` text appeared in the output since the previous answer).
 */
function scriptedTerminal(script: Array<{ expect: string; keys: string[] }>) {
  const input = new PassThrough();
  const output = new PassThrough();
  let screen = '';
  let step = 0;
  output.on('data', (data: Buffer) => {
    screen += data.toString('utf8');
    const next = script[step];
    if (!next || !screen.includes(next.expect)) return;
    step += 1;
    screen = '';
    setTimeout(() => next.keys.forEach((key, index) => setTimeout(() => input.write(key), 5 * index)), 10);
  });
  return { streams: { input, output }, done: () => step };
}

test('the interactive review, driven through its input stream, turns choices into decisions', async () => {
  const terminal = scriptedTerminal([
    // Relation: accept, reject, retype, reverse, skip, quit; choose retype, then USES (the edge types offered are SUPPLIES, USES).
    { expect: 'Decision', keys: [DOWN, DOWN, ENTER] },
    { expect: 'New edge type', keys: [DOWN, ENTER] },
    // Entity with an alias: accept, reject, retype, rename, merge, split, skip, quit; choose split, then its only alias.
    { expect: 'Decision', keys: [DOWN, DOWN, DOWN, DOWN, DOWN, ENTER] },
    { expect: 'Alias to split off', keys: [ENTER] },
    // Entity without alias: rename it.
    { expect: 'Decision', keys: [DOWN, DOWN, DOWN, ENTER] },
    { expect: 'New name for Quill', keys: [...'Quill Programme', ENTER] },
    // Last relation: quit, keeping what was decided.
    { expect: 'Decision', keys: [DOWN, DOWN, DOWN, DOWN, DOWN, ENTER] },
  ]);
  const cards: string[] = [];
  // The streams alone do not keep the event loop alive between two keys.
  const alive = setInterval(() => undefined, 1000);
  const decisions = await runReviewSession(items, createInquirerPrompter(terminal.streams), {
    nodeTypes: ['Person', 'Organisation', 'Project'],
    edgeTypes: ['SUPPLIES', 'USES'],
    findEntities: () => Promise.resolve([]),
    write: (text) => cards.push(text),
  }).finally(() => clearInterval(alive));
  assert.equal(terminal.done(), 7, 'every scripted prompt was shown');
  assert.deepEqual(decisions, [
    { action: 'retype-relation', relationId: 'rel_a', type: 'USES' },
    { action: 'split-alias', entityId: 'ent_c', alias: 'Audit' },
    { action: 'rename-entity', entityId: 'ent_d', name: 'Quill Programme' },
  ]);
  assert.equal(cards.length, 4);
  assert.match(cards[0] as string, /relation RELATED_TO: Tarvo Systems \(Organisation\) → VR-4 \(Product\)\n {2}evidence {4}"Tarvo Systems supplies the VR-4 sensors\."/);
});
