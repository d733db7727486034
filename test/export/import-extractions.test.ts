import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createRhizome } from '../../src/index.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const KITE = 'Programme review\n\nAda Quill leads the Petrel programme. The Petrel drones use QX-4 modules. Brightwater Optics supplies the QX-4 modules from its factory in Ghent.';
const AUDIT = 'Audit\n\nCalder Systems audited the Petrel programme in May 2024. Ada Quill presented the results.';

function extractionsFile(folder: string): string {
  const lines = [
    { format: 'rhizome-extractions', version: 1 },
    { kind: 'document', path: 'notes/petrel.txt', text: KITE, date: '2024-04-02' },
    { kind: 'document', path: 'notes/audit.txt', text: AUDIT },
    { kind: 'entity', document: 'notes/petrel.txt', name: 'Ada Quill', type: 'Person', description: 'Programme lead' },
    { kind: 'entity', document: 'notes/petrel.txt', name: 'Petrel', type: 'Project' },
    { kind: 'entity', document: 'notes/petrel.txt', name: 'QX-4', type: 'Product' },
    { kind: 'entity', document: 'notes/petrel.txt', name: 'Brightwater Optics', type: 'Organisation' },
    { kind: 'relation', document: 'notes/petrel.txt', source: 'Ada Quill', target: 'Petrel', type: 'LEADS', evidence: 'Ada Quill leads the Petrel programme.' },
    { kind: 'relation', document: 'notes/petrel.txt', source: 'Petrel', target: 'QX-4', type: 'USES', evidence: 'The Petrel drones use QX-4 modules.' },
    { kind: 'relation', document: 'notes/petrel.txt', source: 'Brightwater Optics', target: 'QX-4', type: 'SUPPLIES', evidence: 'Brightwater Optics supplies the QX-4 modules' },
    { kind: 'entity', document: 'notes/audit.txt', name: 'Calder Systems', type: 'Organisation' },
    { kind: 'entity', document: 'notes/audit.txt', name: 'Petrel', type: 'Project' },
    { kind: 'entity', document: 'notes/audit.txt', name: 'Ada Quill', type: 'Person' },
    { kind: 'relation', document: 'notes/audit.txt', source: 'Calder Systems', target: 'Petrel', type: 'AUDITS', evidence: 'Calder Systems audited the Petrel programme in May 2024.' },
    { kind: 'relation', document: 'notes/audit.txt', source: 'Calder Systems', target: 'Ada Quill', type: 'LEADS', evidence: 'a sentence the text does not hold' },
  ];
  const file = path.join(folder, 'extractions.jsonl');
  writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
  return file;
}

test('extractions made elsewhere are grounded, resolved into one graph with communities, and answer every mode', async () => {
  const folder = makeTempDir();
  const file = extractionsFile(folder);
  const workspace = path.join(folder, '.rhizome');
  const imported = runCli(folder, '--workspace', workspace, 'import', file, '--json');
  assert.equal(imported.code, 5, 'one relation could not be grounded: a partial run');
  const summary = JSON.parse(imported.stdout) as { documents: { added: number }; entities: number; typedRelations: number; communities: number; extractionFailures: Array<{ reason: string }> };
  assert.equal(summary.documents.added, 2);
  assert.equal(summary.typedRelations, 4);
  assert.ok(summary.communities > 0);
  assert.match(summary.extractionFailures[0]?.reason ?? '', /Calder Systems -LEADS-> Ada Quill was not kept/);

  const rhizome = createRhizome({ workspace });
  try {
    const local = await rhizome.query('Which company supplies the modules used by the programme led by Ada Quill?', { mode: 'local' });
    assert.match(local.answer, /Brightwater Optics/);
    for (const mode of ['global', 'hybrid', 'naive', 'auto'] as const) {
      const answer = await rhizome.query('Who audited the Petrel programme?', { mode });
      assert.ok(answer.answer.length > 0, mode);
    }
    const entities = (await rhizome.exportGraph({ format: 'jsonl' })).split('\n').filter((line) => line.includes('"kind":"entity"'));
    assert.equal(entities.filter((line) => line.includes('"name":"Ada Quill"')).length, 1, 'the same name from two documents resolves to one entity');

    mkdirSync(path.join(folder, 'more'));
    writeFileSync(path.join(folder, 'more', 'site.txt'), 'Site\n\nIda Holm manages the Ghent site.');
    const indexed = await rhizome.index([path.join(folder, 'more')]);
    assert.equal(indexed.documents.unchanged + indexed.documents.added, 1);
    assert.equal(indexed.chunks.extracted, 1, 'the imported extractions are kept, not re-extracted');
    assert.match((await rhizome.query('Who leads the Petrel programme?', { mode: 'local' })).answer, /Ada Quill/);
  } finally {
    await rhizome.close();
  }
});

test('a malformed extractions line is refused with its line number', () => {
  const folder = makeTempDir();
  writeFileSync(path.join(folder, 'bad.jsonl'), '{"format":"rhizome-extractions","version":1}\n{"kind":"entity","document":"x.txt","name":"Ada"}\n');
  const result = runCli(folder, '--workspace', 'ws', 'import', 'bad.jsonl');
  assert.equal(result.code, 3);
  assert.match(result.stderr, /bad\.jsonl, line 2: type: /);
});
