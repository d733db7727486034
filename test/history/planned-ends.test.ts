import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Relation } from '../../src/core/records.js';
import { indexedTexts } from '../helpers/indexed-texts.js';

const indexed = indexedTexts({
  'award.txt': 'Station maintenance contract\n2022-03-21\n\nThe Corvel station is maintained by Orrin Services for three years from 1 April 2022.\n',
  'change.txt': 'Maintenance contract change\n2024-04-22\n\nThe Corvel station contract with Orrin Services will end on 31 May 2024. From 1 June 2024, the Corvel station is maintained by Velbrook Technical for two years.\n',
});

async function relationsBetween(first: string, second: string): Promise<Relation[]> {
  const lines = (await indexed.rhizome().exportGraph({ format: 'jsonl' })).split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
  const idOf = (name: string) => lines.find((line) => line.kind === 'entity' && line.name === name)?.id;
  const ends = new Set([idOf(first), idOf(second)]);
  return lines.filter((line) => line.kind === 'relation' && ends.has(line.sourceId as string) && ends.has(line.targetId as string)) as unknown as Relation[];
}

describe('spans of time and planned ends', () => {
  test('"for N years from <date>" ends the fact; a later document that ends it sooner reschedules that end', async () => {
    const orrin = await relationsBetween('Corvel', 'Orrin Services');
    assert.ok(orrin.length > 0, 'Orrin Services and the station are linked');
    for (const relation of orrin) assert.equal(relation.validTo, '2024-05-31', `${relation.evidence}: the end the later document gives`);
    const velbrook = await relationsBetween('Corvel', 'Velbrook Technical');
    assert.ok(velbrook.some((relation) => relation.validFrom === '2024-06-01' && relation.validTo === '2026-05-31'), JSON.stringify(velbrook.map((relation) => [relation.validFrom, relation.validTo])));
  });

  test('a rescheduled end keeps the later statement that gave it, and history cites it', async () => {
    const orrin = await relationsBetween('Corvel', 'Orrin Services');
    const award = orrin.find((relation) => relation.evidence.includes('three years'));
    const change = orrin.find((relation) => relation.evidence.includes('will end on 31 May 2024'));
    assert.ok(award && change, JSON.stringify(orrin.map((relation) => relation.evidence)));
    assert.equal(award.restatedBy, change.id, 'the award fact records the statement its end came from');
    assert.equal(change.restatedBy, undefined, 'the later statement gave its own end');
  });

  test('"currently" is as of the latest the documents know: a planned end still ahead then is no ending', async () => {
    const answer = await indexed.rhizome().query('Which company currently maintains the Corvel station?');
    assert.match(answer.answer, /^Velbrook Technical\b/, answer.answer);
  });
});

describe('a rescheduled end in history', () => {
  const leads = indexedTexts({
    'memo.txt': 'Corvid programme memo\n2024-01-10\n\nIlse Marden leads the Corvid programme until 30 June 2024.\n',
    'update.txt': 'Corvid programme update\n2024-03-01\n\nIlse Marden leads the Corvid programme until 31 March 2024.\n',
  });

  test('the end a later statement gave is listed with that statement\'s evidence and citation', async () => {
    const history = await leads.rhizome().history('Corvid');
    const ends = history.events.filter((event) => event.kind === 'ended');
    assert.ok(ends.length > 0 && ends.every((event) => event.date === '2024-03-31'), JSON.stringify(history.events.map((event) => [event.date, event.kind, event.evidence])));
    const rescheduled = ends.find((event) => event.evidence.includes('30 June'));
    assert.ok(rescheduled, 'the memo\'s fact, rescheduled');
    assert.match(rescheduled.restatement?.evidence ?? '', /until 31 March 2024/);
    assert.match(rescheduled.restatement?.citation?.path ?? '', /update\.txt$/);
    assert.equal(ends.find((event) => event.evidence.includes('31 March'))?.restatement, undefined, 'the update gave its own end');
  });
});
