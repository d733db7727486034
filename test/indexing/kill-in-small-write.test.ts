import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createRhizome } from '../../src/index.js';
import { writeInventedCorpus } from '../helpers/invented-corpus.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/*
 * A one-document change is written as one Kuzu transaction, without the copy of the database a
 * whole rewrite takes (kuzu-write-guard): only Kuzu's write-ahead log stands between a process
 * killed in that transaction and a broken workspace. Killed anywhere in it, the workspace opens
 * as before the write or as after it, never in between, and the next run ends with the export of
 * a clean index of the changed folder.
 */
const project = makeTempDir();
const docs = writeInventedCorpus(path.join(project, 'docs'), 30);
const base = path.join(project, 'base');
const CHILD = path.resolve('test/helpers/kill-in-store-write.ts');

async function withRhizome<T>(workspace: string, work: (rhizome: ReturnType<typeof createRhizome>) => Promise<T>): Promise<T> {
  const rhizome = createRhizome({ workspace });
  try {
    return await work(rhizome);
  } finally {
    await rhizome.close();
  }
}

const exportOf = (workspace: string) => withRhizome(workspace, (rhizome) => rhizome.exportGraph({ format: 'jsonl' }));
const indexAndExport = (workspace: string) => withRhizome(workspace, async (rhizome) => {
  await rhizome.index([docs]);
  return rhizome.exportGraph({ format: 'jsonl' });
});

const before = await indexAndExport(base);
appendFileSync(path.join(docs, 'note-004.txt'), 'Ada Quill later moved the Osprey team to the Tarrow Institute in Bergen.\n');
const after = await indexAndExport(path.join(project, 'clean-after'));
assert.notEqual(before, after, 'the change reaches the graph');

for (const moment of ['statement:1', 'in-statement:3', 'in-statement:8', 'in-statement:20', 'statement:40', 'before-commit', 'in-commit', 'after-commit']) {
  test(`killed in the small write's transaction (${moment}): the workspace opens as before or after the write, and the rerun equals a clean run`, async () => {
    const workspace = path.join(project, `ws-${moment.replace(':', '-')}`);
    cpSync(base, workspace, { recursive: true });
    const report = path.join(project, `${moment.replace(':', '-')}.json`);
    const child = spawnSync(process.execPath, ['--import', 'tsx', CHILD, workspace, docs, moment, report], { encoding: 'utf8' });
    assert.equal(child.signal, 'SIGKILL', `the child was to die in the write (exit ${child.status}): ${child.stderr.slice(-2000)}`);
    const reached = JSON.parse(readFileSync(report, 'utf8')) as { reached: string; statements: string[]; guarded: boolean };
    assert.equal(reached.reached, moment);
    assert.equal(reached.guarded, false, 'a one-document change takes no copy of the database');
    assert.equal(existsSync(path.join(workspace, 'graph.kuzu.writing')), false);

    const opened = await exportOf(workspace);
    if (moment === 'after-commit') assert.equal(opened, after, 'a committed write is kept');
    else if (moment === 'in-commit') assert.ok(opened === before || opened === after, 'a write killed while committing is kept whole or not at all');
    else assert.equal(opened, before, 'an uncommitted write leaves nothing behind');
    assert.equal(await indexAndExport(workspace), after);
  });
}
