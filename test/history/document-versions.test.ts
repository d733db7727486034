import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, test } from 'node:test';
import { createRhizome, type Rhizome } from '../../src/index.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const base = makeTempDir();
const docs = path.join(base, 'docs');
const changePath = path.join(docs, 'change.txt');
let rhizome: Rhizome;
/** Transaction times between the runs: after the first version, after the correction, after the removal. */
let firstVersionKnown = '';
let correctionKnown = '';

type Row = Record<string, unknown>;
const recordsOf = (jsonl: string, kind: string): Row[] => jsonl.trim().split('\n').slice(1).map((line) => JSON.parse(line) as Row).filter((record) => record.kind === kind);

/** A transaction time strictly between two runs. */
async function pause(): Promise<string> {
  await sleep(15);
  const now = new Date().toISOString();
  await sleep(15);
  return now;
}

before(async () => {
  mkdirSync(docs, { recursive: true });
  writeFileSync(path.join(docs, 'launch.txt'), 'Corvid programme launch\n2023-01-10\n\nIlse Marden leads the Corvid programme.\n');
  writeFileSync(changePath, 'Corvid leadership change\n2024-04-01\n\nTomas Vireo leads the Corvid programme from 1 April 2024.\n');
  rhizome = createRhizome({ workspace: path.join(base, 'workspace') });
  await rhizome.index(docs);
  firstVersionKnown = await pause();
  // The document is corrected: someone else took over.
  writeFileSync(changePath, 'Corvid leadership change\n2024-04-01\n\nAnouk Peral leads the Corvid programme from 1 April 2024.\n');
  await rhizome.index(docs);
  correctionKnown = await pause();
});
after(() => rhizome.close());

test('a re-indexed document answers with its new version; asOf alone never sees the old one', async () => {
  const plain = await rhizome.query('Who leads the Corvid programme?');
  assert.match(plain.answer, /Anouk Peral/);
  assert.doesNotMatch(plain.answer, /Tomas Vireo/);
  const june = await rhizome.query('Who leads the Corvid programme?', { asOf: '2024-06' });
  assert.match(june.answer, /^Anouk Peral —/);
  assert.doesNotMatch(june.answer, /Tomas Vireo/);
});

test('knownAt before the re-index answers with what the old version said, and what it closed then', async () => {
  const believed = await rhizome.query('Who leads the Corvid programme?', { knownAt: firstVersionKnown, asOf: '2024-06' });
  assert.match(believed.answer, /^Tomas Vireo —/);
  assert.doesNotMatch(believed.answer, /Anouk Peral/);
  const cited = believed.facts?.find((fact) => fact.type === 'LEADS');
  assert.equal(cited?.status, 'current', 'on that date, as believed then, the old version\'s fact held');
  const earlier = await rhizome.query('Who leads the Corvid programme?', { knownAt: firstVersionKnown, asOf: '2023-06' });
  assert.match(earlier.answer, /^Ilse Marden —/);
  assert.match((await rhizome.query('Who leads the Corvid programme?', { knownAt: correctionKnown, asOf: '2024-06' })).answer, /^Anouk Peral —/);
});

test('history known at an earlier time lists the changes as they were stored then', async () => {
  const supersession = async (knownAt?: string) => (await rhizome.history('Corvid', knownAt ? { knownAt } : {})).events.find((event) => event.kind === 'superseded' && event.other.name === 'Ilse Marden');
  const now = await supersession();
  assert.equal(now?.successor?.other.name, 'Anouk Peral');
  assert.match(now?.successor?.citation?.path ?? '', /change\.txt$/);
  const then = await supersession(firstVersionKnown);
  assert.equal(then?.successor?.other.name, 'Tomas Vireo', 'the old version closed it then');
  assert.deepEqual(then?.successor?.citation, { kind: 'relation', id: then?.successor?.relationId, label: 'LEADS: Tomas Vireo leads the Corvid programme from 1 April 2024.' }, 'its passage is not kept: the fact cites its evidence');
  assert.match(then?.citation?.path ?? '', /launch\.txt$/, 'the closed fact, still stored, cites its passage');
});

test('the old version\'s facts are exported as retracted only with transaction times; the default export holds the current layer', async () => {
  const timed = await rhizome.exportGraph({ format: 'jsonl', transactionTime: true });
  const retracted = recordsOf(timed, 'retractedFact');
  const replaced = retracted.find((record) => record.why === 'document-replaced' && String((record.relation as Row).evidence).includes('Tomas Vireo'));
  assert.ok(replaced, retracted.map((record) => JSON.stringify(record)).join('\n'));
  const document = recordsOf(timed, 'document').find((record) => String(record.path).endsWith('change.txt')) as Row;
  assert.equal(replaced.retractedAt, document.recordedAt, 'retracted when the new version was recorded');
  assert.equal((replaced.source as Row).name, 'Tomas Vireo', 'the end gone from the entity layer keeps its name');
  const revised = retracted.find((record) => record.why === 'fact-revised' && String((record.relation as Row).evidence).includes('Ilse Marden'));
  assert.ok(revised, 'the launch fact, closed by the old version, is kept as it stood');
  assert.match(String((revised.relation as Row).invalidationReason), /single-current/);
  assert.deepEqual(recordsOf(await rhizome.exportGraph({ format: 'jsonl' }), 'retractedFact'), []);
});

test('retracted facts round-trip through import, and every export format carries them with transaction times', async () => {
  const timed = await rhizome.exportGraph({ format: 'jsonl', transactionTime: true });
  const copy = createRhizome({ workspace: path.join(base, 'imported') });
  try {
    const imported = await copy.importGraph(timed, 'timed.jsonl');
    assert.equal(imported.retractedFacts, recordsOf(timed, 'retractedFact').length);
    assert.equal(await copy.exportGraph({ format: 'jsonl', transactionTime: true }), timed);
    assert.match((await copy.query('Who leads the Corvid programme?', { knownAt: firstVersionKnown, asOf: '2024-06' })).answer, /^Tomas Vireo —/);
  } finally {
    await copy.close();
  }
  const key = String(recordsOf(timed, 'retractedFact').find((record) => record.why === 'document-replaced')?.key);
  assert.match(await rhizome.exportGraph({ format: 'graphml', transactionTime: true }), new RegExp(`<edge id="${key}"[^\\n]*<data key="e_retractedWhy">document-replaced</data>`));
  assert.match(await rhizome.exportGraph({ format: 'cypher', transactionTime: true }), new RegExp(`CREATE \\(:RetractedFact \\{key: '${key}'`));
  assert.match((await rhizome.exportGraphCsv({ transactionTime: true })).get('retracted-facts.csv') ?? '', /^key,retractedAt,why,relation,source,target\r\n/);
  assert.equal((await rhizome.exportGraphCsv()).has('retracted-facts.csv'), false);
});

test('remove retracts the document\'s facts: gone from every query, kept for knownAt before the removal', async () => {
  await rhizome.remove(changePath);
  const removalKnown = await pause();
  assert.match((await rhizome.query('Who leads the Corvid programme?', { asOf: '2024-06' })).answer, /^Ilse Marden —/);
  assert.match((await rhizome.query('Who leads the Corvid programme?', { knownAt: correctionKnown, asOf: '2024-06' })).answer, /^Anouk Peral —/);
  assert.match((await rhizome.query('Who leads the Corvid programme?', { knownAt: removalKnown, asOf: '2024-06' })).answer, /^Ilse Marden —/);
  const retracted = recordsOf(await rhizome.exportGraph({ format: 'jsonl', transactionTime: true }), 'retractedFact');
  assert.ok(retracted.some((record) => record.why === 'document-removed' && String((record.relation as Row).evidence).includes('Anouk Peral')));
});

test('remove with erase leaves nothing of the document, older versions included', async () => {
  writeFileSync(changePath, 'Corvid leadership change\n2024-04-01\n\nAnouk Peral leads the Corvid programme from 1 April 2024.\n');
  await rhizome.index(docs);
  await rhizome.remove(changePath, { erase: true });
  const retracted = recordsOf(await rhizome.exportGraph({ format: 'jsonl', transactionTime: true }), 'retractedFact');
  const changeId = String(recordsOf(await rhizome.exportGraph({ format: 'jsonl' }), 'document').find((record) => String(record.path).endsWith('launch.txt'))?.id);
  assert.ok(retracted.length > 0, 'facts of other documents revised along the way stay');
  assert.ok(retracted.every((record) => (record.relation as Row).documentId === changeId), retracted.map((record) => String((record.relation as Row).evidence)).join('\n'));
  assert.deepEqual(retracted.filter((record) => /Tomas Vireo|Anouk Peral/.test(JSON.stringify(record))), [], 'no kept row quotes the erased document (as the fact that closed it)');
  assert.equal((await rhizome.query('Who leads the Corvid programme?', { knownAt: firstVersionKnown, asOf: '2024-06' })).answer.includes('Tomas Vireo'), false);
});
