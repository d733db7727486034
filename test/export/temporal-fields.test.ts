import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { createRhizome } from '../../src/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const project = makeTempDir();
const docs = path.join(project, 'docs');
mkdirSync(docs);
writeFileSync(path.join(docs, 'a.txt'), 'Lynx kickoff\n2023-02-01\n\nLina Ferraz leads the Lynx project. The Lynx prototypes use NC-7 boards.');
writeFileSync(path.join(docs, 'b.txt'), 'Lynx handover\n2024-03-04\n\nFrom 1 April 2024, Tomas Quell leads the Lynx project, taking over from Lina Ferraz.');

type Row = Record<string, unknown>;
const recordsOf = (jsonl: string, kind: string): Row[] => jsonl.trim().split('\n').slice(1).map((line) => JSON.parse(line) as Row).filter((record) => record.kind === kind);

const source = createRhizome({ workspace: path.join(project, 'one') });
await source.index(docs);
const plain = await source.exportGraph({ format: 'jsonl' });
const timed = await source.exportGraph({ format: 'jsonl', transactionTime: true });
const graphml = await source.exportGraph({ format: 'graphml', transactionTime: true });
const cypher = await source.exportGraph({ format: 'cypher', transactionTime: true });
const csv = await source.exportGraphCsv({ transactionTime: true });
await source.close();
const superseded = recordsOf(timed, 'relation').find((relation) => typeof relation.supersededBy === 'string');

test('the superseded fact is exported with its end, what closed it and why, its document version and, asked for, its transaction times', () => {
  assert.ok(superseded, 'the older LEADS fact is closed by the newer one');
  assert.equal(superseded.type, 'LEADS');
  assert.equal(superseded.validTo, '2024-04-01');
  assert.match(String(superseded.invalidationReason), /single-current/);
  assert.match(String(superseded.documentVersion), /\S/);
  assert.match(String(superseded.recordedAt), /^\d{4}-\d{2}-\d{2}T/);
  assert.match(String(superseded.invalidatedAt), /^\d{4}-\d{2}-\d{2}T/);
  assert.ok(recordsOf(timed, 'document').every((document) => typeof document.recordedAt === 'string'));
  const plainRelation = recordsOf(plain, 'relation').find((relation) => relation.id === superseded.id) as Row;
  assert.equal(plainRelation.supersededBy, superseded.supersededBy, 'supersession is kept in the deterministic export');
  assert.equal(plainRelation.recordedAt, undefined, 'transaction times only when asked for');
});

test('GraphML, Cypher and CSV carry the same temporal fields', () => {
  const id = String(superseded?.id);
  assert.match(graphml, /<key id="e_supersededBy" for="edge"/);
  assert.match(graphml, new RegExp(`<edge id="${id}"[^\\n]*<data key="e_validTo">2024-04-01</data><data key="e_supersededBy">${String(superseded?.supersededBy)}</data><data key="e_invalidationReason">`));
  assert.match(graphml, /<data key="e_invalidatedAt">\d{4}-/);
  const created = cypher.split('\n').find((line) => line.includes(`{id: '${id}'`)) ?? '';
  assert.match(created, new RegExp(`supersededBy: '${String(superseded?.supersededBy)}'`));
  assert.match(created, /invalidationReason: '.*single-current/);
  assert.match(created, /recordedAt: '\d{4}-/);
  const [header, ...rows] = (csv.get('relations.csv') as string).trimEnd().split('\r\n');
  const columns = (header as string).split(',');
  for (const column of ['validTo', 'supersededBy', 'invalidationReason', 'documentVersion', 'recordedAt', 'invalidatedAt']) assert.ok(columns.includes(column), `relations.csv has ${column}`);
  assert.ok(rows.some((row) => row.startsWith(`${id},`) && row.includes(String(superseded?.supersededBy))));
  assert.ok((csv.get('documents.csv') as string).startsWith('id,path,title,format,language,date,contentHash,byteSize,recordedAt,text\r\n'));
});

test('import reads the temporal fields back: the export is the same and the history still shows the supersession', async () => {
  const copy = createRhizome({ workspace: path.join(project, 'two') });
  try {
    await copy.importGraph(timed, 'timed.jsonl');
    assert.equal(await copy.exportGraph({ format: 'jsonl', transactionTime: true }), timed);
    const history = await copy.history('Lynx');
    const event = history.events.find((candidate) => candidate.kind === 'superseded');
    assert.ok(event, 'the imported graph keeps the closed fact');
    assert.equal(event.other.name, 'Lina Ferraz');
    assert.equal(event.successor?.other.name, 'Tomas Quell');
    assert.equal((await copy.query('Who leads the Lynx project?', { asOf: '2023-06' })).answer.includes('Lina Ferraz'), true);
  } finally {
    await copy.close();
  }
});
