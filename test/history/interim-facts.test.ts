import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { saysInterim } from '../../src/text/sentence-validity.js';
import { indexedTexts } from '../helpers/indexed-texts.js';

const indexed = indexedTexts({
  'interim.txt': 'Corvel programme: interim lead\n2023-05-15\n\nFrom 1 June 2023, Ilse Marden leads the Corvel programme on an interim basis.\n',
  'permanent.txt': 'Corvel programme: new lead\n2024-01-08\n\nTomas Vireo leads the Corvel programme from 1 January 2024.\n',
});

describe('interim facts', () => {
  test('the phrases of each pack, as whole words', () => {
    assert.equal(saysInterim('Julie Vorrin pilote le projet Velbrook par intérim.'), true);
    assert.equal(saysInterim('Ilse Marden is acting director of Corvel.'), true);
    assert.equal(saysInterim('Ilse Marden leads the Corvel programme.'), false);
    assert.equal(saysInterim('The interimage studio designs Corvel.'), false, 'a word that merely starts with the phrase');
  });

  test('history and as-of answers say which fact held for the time being', async () => {
    const history = await indexed.rhizome().history('Corvel');
    const started = history.events.filter((event) => event.kind === 'started');
    assert.deepEqual(started.map((event) => [event.other.name, event.interim ?? false]), [['Ilse Marden', true], ['Tomas Vireo', false]], JSON.stringify(history.events));
    assert.deepEqual(history.facts.map((fact) => [fact.other, fact.interim]).sort(), [['Ilse Marden', true], ['Tomas Vireo', false]]);
    const answer = await indexed.rhizome().query('Who leads the Corvel programme?', { asOf: '2023-09-01' });
    assert.match(answer.answer, /^Ilse Marden\b/, answer.answer);
    assert.ok(answer.facts?.some((fact) => fact.interim && fact.status === 'current'), JSON.stringify(answer.facts));
  });
});
