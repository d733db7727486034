import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stemWord } from '../../src/core/stem.js';
import { createSuffixStemmer, mergeStemRules } from '../../src/text/lang/suffix-stem.js';

test('words that are property names of a plain object stem as words ("constructor" in a framework\'s documentation)', () => {
  for (const word of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) assert.equal(typeof stemWord(word), 'string', word);
  assert.equal(stemWord('constructor'), 'constructor');
  const stem = createSuffixStemmer(mergeStemRules([{ irregularForms: { mice: 'mouse' }, suffixes: ['s'] }]));
  assert.equal(stem('mice'), 'mouse');
  assert.equal(stem('constructors'), 'constructor');
});

test('a word and its derived noun share a stem: the "e" a suffix leaves goes, as it goes from the bare word', () => {
  for (const family of [['management', 'manage', 'manages', 'managed', 'managing'], ['agreement', 'agree', 'agrees', 'agreed', 'agreeing'], ['requirements', 'requires', 'required'], ['gouvernement', 'gouverner', 'gouverne'], ['changement', 'changer', 'change']]) {
    assert.equal(new Set(family.map(stemWord)).size, 1, family.join(', '));
  }
  assert.equal(stemWord('seeing'), stemWord('see'), 'a stem never falls below three letters');
});
