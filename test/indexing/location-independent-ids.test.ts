import assert from 'node:assert/strict';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createRhizome } from '../../src/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const EXAMPLE = path.resolve('examples', 'harbour-robotics');

async function indexAndExport(workspace: string, ...roots: string[]): Promise<string> {
  const rhizome = createRhizome({ workspace });
  try {
    await rhizome.index(roots);
    return await rhizome.exportGraph({ format: 'jsonl' });
  } finally {
    await rhizome.close();
  }
}

test('the same folder copied to two locations exports identical bytes (ids from the path under the indexed folder, paths relative to the workspace)', async () => {
  const exports: string[] = [];
  for (const name of ['first-copy', 'somewhere/else/second-copy']) {
    const project = path.join(makeTempDir(), name);
    cpSync(EXAMPLE, path.join(project, 'docs'), { recursive: true });
    exports.push(await indexAndExport(path.join(project, '.rhizome'), path.join(project, 'docs')));
  }
  assert.ok((exports[0] as string).includes('"path":"../docs/03-kite-programme.txt"'), 'document paths are written relative to the workspace');
  assert.equal(exports[1], exports[0]);
});

test('the same files indexed into two unrelated workspaces get the same ids, whether named as a folder or as files', async () => {
  const project = makeTempDir();
  cpSync(path.join(EXAMPLE, 'fr'), path.join(project, 'docs'), { recursive: true });
  const ids = (jsonl: string) => jsonl.split('\n').filter((line) => line.includes('"kind":"document"')).map((line) => (JSON.parse(line) as { id: string }).id);
  const byFolder = ids(await indexAndExport(path.join(project, 'ws'), path.join(project, 'docs')));
  const files = (await import('node:fs')).readdirSync(path.join(project, 'docs')).map((name) => path.join(project, 'docs', name));
  const byFiles = ids(await indexAndExport(path.join(makeTempDir(), 'elsewhere', 'ws'), ...files));
  assert.deepEqual(byFiles, byFolder);
});

test('two indexed folders of the same name in different places keep distinct documents', async () => {
  const project = makeTempDir();
  for (const parent of ['one', 'two']) {
    mkdirSync(path.join(project, parent, 'docs'), { recursive: true });
    writeFileSync(path.join(project, parent, 'docs', 'notes.txt'), `Notes\n\nAda Quill leads the ${parent === 'one' ? 'Osprey' : 'Petrel'} project.`);
  }
  const rhizome = createRhizome({ workspace: path.join(project, '.rhizome') });
  try {
    assert.equal((await rhizome.index([path.join(project, 'one', 'docs'), path.join(project, 'two', 'docs')])).documents.added, 2);
    assert.equal((await rhizome.index([path.join(project, 'two', 'docs')])).documents.unchanged, 1);
    assert.equal((await rhizome.stats()).documents, 2);
  } finally {
    await rhizome.close();
  }
});

test('files with the same name under two indexed folders are two documents, refreshed and removed by path', async () => {
  const project = makeTempDir();
  for (const folder of ['north', 'south']) {
    mkdirSync(path.join(project, folder));
    writeFileSync(path.join(project, folder, 'notes.txt'), `Notes\n\nAda Quill leads the ${folder === 'north' ? 'Osprey' : 'Petrel'} project.`);
  }
  const rhizome = createRhizome({ workspace: path.join(project, '.rhizome') });
  try {
    const first = await rhizome.index([path.join(project, 'north'), path.join(project, 'south')]);
    assert.equal(first.documents.added, 2);
    writeFileSync(path.join(project, 'south', 'notes.txt'), 'Notes\n\nAda Quill leads the Gannet project.');
    const refreshed = await rhizome.index([path.join(project, 'south')]);
    assert.deepEqual([refreshed.documents.changed, refreshed.documents.unchanged], [1, 0]);
    const removed = await rhizome.remove([path.join(project, 'north', 'notes.txt')]);
    assert.deepEqual(removed.removedDocuments.map((document) => path.relative(project, document.path)), [path.join('north', 'notes.txt')]);
    assert.equal((await rhizome.stats()).documents, 1);
  } finally {
    await rhizome.close();
  }
});

test('a workspace moved away from its documents keeps their ids; documents moved with it are refreshed in place', async () => {
  const project = makeTempDir();
  cpSync(path.join(EXAMPLE, 'fr'), path.join(project, 'docs'), { recursive: true });
  const before = await indexAndExport(path.join(project, 'ws-one'), path.join(project, 'docs'));
  const ids = (jsonl: string) => jsonl.split('\n').filter((line) => line.includes('"kind":"document"')).map((line) => (JSON.parse(line) as { id: string }).id);
  cpSync(path.join(project, 'ws-one'), path.join(project, 'nested', 'ws-two'), { recursive: true });
  const moved = createRhizome({ workspace: path.join(project, 'nested', 'ws-two') });
  try {
    const summary = await moved.index([path.join(project, 'docs')]);
    assert.deepEqual([summary.documents.added, summary.documents.unchanged], [0, ids(before).length], 'the same files are recognised by path');
    assert.deepEqual(ids(await moved.exportGraph({ format: 'jsonl' })), ids(before));
  } finally {
    await moved.close();
  }
});
