import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isGivenName } from '../../src/text/given-names.js';

test('given names of several languages are known, coined company words are not', () => {
  for (const name of ['Irena', 'gaëlle', 'Pieter', 'Inès', 'Søren'.replace('ø', 'o')]) assert.ok(isGivenName(name), name);
  for (const word of ['Vorrin', 'Quelvo', 'Brenmoor', 'Boatcare', 'X']) assert.ok(!isGivenName(word), word);
});
