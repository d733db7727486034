import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cropSentence } from '../../src/answer/crop-sentence.js';

const long =
  'Up on the hill, Corvel Ropeways began refurbishing the Velbrook Link cabins in November, taking four at a time to its workshop so that the service can continue with a reduced fleet; new seats, Kestrel lighting and a new door drive are being fitted to every cabin.';

test('a long sentence is cut to the words around the names it is quoted for, with the cuts marked', () => {
  const cropped = cropSentence(long, ['Kestrel'], 12);
  assert.ok(cropped.startsWith('… '), cropped);
  assert.ok(cropped.endsWith(' …'), cropped);
  assert.match(cropped, /Kestrel lighting/);
  assert.doesNotMatch(cropped, /Corvel Ropeways/);
});

test('a sentence within the limit comes back whole', () => {
  assert.equal(cropSentence('Corvel Ropeways refurbishes the cabins.', ['Corvel Ropeways'], 30), 'Corvel Ropeways refurbishes the cabins.');
});
