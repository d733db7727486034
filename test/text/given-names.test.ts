import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isGivenName } from '../../src/text/given-names.js';

test('given names of several languages are known, coined company words are not', () => {
  for (const name of ['Hannah', 'nadège', 'Tomasz', 'Yannick', 'Inès', 'Søren'.normalize('NFC').replace('ø', 'o')]) assert.ok(isGivenName(name), name);
  for (const word of ['Zentrell', 'Orbilink', 'Nexalis', 'Boatcare', 'X']) assert.ok(!isGivenName(word), word);
});
