import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findLeadingDate, parseDate, parseDateLine } from '../../src/ingest/parse-date.js';

test('parseDate reads ISO and written English and French dates', () => {
  const cases: Array<[string, string | null]> = [
    ['2022-04-11', '2022-04-11'],
    ['2022-04-11T23:30:00-08:00', '2022-04-11'],
    ['11 April 2022', '2022-04-11'],
    ['11th April, 2022', '2022-04-11'],
    ['April 11, 2022', '2022-04-11'],
    ['Sept. 3, 2021', '2021-09-03'],
    ['11 avril 2022', '2022-04-11'],
    ['1er décembre 2020', '2020-12-01'],
    ['mardi 15 fevrier 2022', '2022-02-15'],
    ['29 February 2024', '2024-02-29'],
    ['29 February 2023', null],
    ['2022-13-01', null],
    ['11 Brumaire 2022', null],
    ['The 11 April 2022 meeting', null],
  ];
  for (const [input, expected] of cases) assert.equal(parseDate(input), expected, input);
});

test('parseDateLine accepts a label before the date', () => {
  assert.equal(parseDateLine('Published: 2 May 2023'), '2023-05-02');
  assert.equal(parseDateLine('Le 2 mai 2023'), '2023-05-02');
  assert.equal(parseDateLine('Meeting held at noon'), null);
});

test('findLeadingDate looks at the first five non-empty lines only', () => {
  assert.equal(findLeadingDate('a\nb\n\nc\nd\n2022-04-11'), '2022-04-11');
  assert.equal(findLeadingDate('a\nb\nc\nd\ne\n2022-04-11'), null);
});
