import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { firstDayBefore, lastDayOf } from '../../src/text/duration-bounds.js';
import { readSentenceValidity } from '../../src/text/sentence-validity.js';

const read = (sentence: string, documentDate: string, language: 'en' | 'fr') => readSentenceValidity(sentence, documentDate, language);

describe('a span of time written in the sentence bounds its fact', () => {
  test('English: "for N units" after a stated start ends the fact on the span\'s last day, at the start\'s precision', () => {
    assert.deepEqual(read('Corvel Ltd supplies the modems for three years from 1 March 2022.', '2022-01-10', 'en'), { validFrom: '2022-03-01', validTo: '2025-02-28' });
    assert.deepEqual(read('Ann Roe was appointed interim director on 3 May 2024 for six months.', '2024-04-20', 'en'), { validFrom: '2024-05-03', validTo: '2024-11-02' });
    assert.deepEqual(read('From March 2022, Velbrook supplies Corvel for two years.', '2022-01-01', 'en'), { validFrom: '2022-03', validTo: '2024-02' });
    assert.deepEqual(read('Corvel signed a three-year contract with Velbrook on 2 May 2023.', '2023-05-10', 'en'), { validFrom: '2023-05-02', validTo: null }, 'a compound adjective may qualify something else ("a ten-year battery life"): no span');
    assert.deepEqual(read('Velbrook leads the programme from 2021 for a term of 3 years.', '2020-06-01', 'en'), { validFrom: '2021', validTo: '2023' });
  });

  test('French: « pour une durée de », « pendant » forward; « depuis N ans » starts the fact before the document date', () => {
    assert.deepEqual(read('Hydralys fournit les analyses pour une durée de trois ans à compter du 1er juillet 2022.', '2022-06-20', 'fr'), { validFrom: '2022-07-01', validTo: '2025-06-30' });
    assert.deepEqual(read('À partir du 1er septembre 2024, Corvel assure la maintenance pendant dix-huit mois.', '2024-06-01', 'fr'), { validFrom: '2024-09-01', validTo: '2026-02-28' });
    assert.deepEqual(read('Nadia Vorrin gère la station depuis trois ans.', '2024-02-19', 'fr'), { validFrom: '2021', validTo: null });
    assert.deepEqual(read('Nadia Vorrin gère la station depuis six mois.', '2024-02-19', 'fr'), { validFrom: '2023-08', validTo: null });
    assert.deepEqual(read('Nadia Vorrin gère la station depuis 2020.', '2024-02-19', 'fr'), { validFrom: '2020', validTo: null }, '« depuis » before a year is the start, as before');
  });

  test('a span never overrides a stated bound, needs a stated start to run forward, and leaves an ending sentence alone', () => {
    assert.deepEqual(read('Velbrook supplies Corvel for three years.', '2024-01-01', 'en'), { validFrom: '2024-01-01', validTo: null }, 'no start written: the document date is no start to count from');
    assert.deepEqual(read('From 1 March 2022 until 30 June 2023, Velbrook supplies Corvel for two years.', '2022-01-01', 'en'), { validFrom: '2022-03-01', validTo: '2023-06-30' });
    assert.deepEqual(read('Velbrook retires on 1 May 2024 after ten years.', '2024-01-01', 'en'), { validFrom: null, validTo: '2024-05-01' });
    assert.deepEqual(read('The plant has run for the past 18 months.', '2024-06-12', 'en'), { validFrom: '2022-12', validTo: null });
    assert.deepEqual(read('Velbrook waited for a few days.', '2024-06-12', 'en'), { validFrom: '2024-06-12', validTo: null }, 'no count, no span');
  });

  test('date arithmetic: month ends, leap days, precision', () => {
    assert.equal(lastDayOf('2024-01-31', { count: 1, unit: 'months' }), '2024-02-28', '31 January + 1 month is 29 February (never March), less a day');
    assert.equal(firstDayBefore('2024-03-31', { count: 1, unit: 'months' }), '2024-02', 'month precision for months');
    assert.equal(lastDayOf('2023-03-01', { count: 1, unit: 'years' }), '2024-02-29');
    assert.equal(lastDayOf('2024-05-03', { count: 2, unit: 'weeks' }), '2024-05-16');
    assert.equal(lastDayOf('2024', { count: 1, unit: 'years' }), '2024');
    assert.equal(lastDayOf('June', { count: 1, unit: 'years' }), null);
    assert.equal(firstDayBefore('2024-02-19', { count: 10, unit: 'days' }), '2024-02-09');
    assert.equal(firstDayBefore('2024', { count: 2, unit: 'months' }), '2023');
  });
});
