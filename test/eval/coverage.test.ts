import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isRhizomeError } from '../../src/errors/rhizome-error.js';
import { isCompleteCoverage, scoreCoverage } from '../../src/eval/coverage.js';
import { normalizeForCoverage } from '../../src/eval/normalize.js';

test('normalizeForCoverage lower-cases, strips accents, collapses whitespace and trims', () => {
  assert.equal(normalizeForCoverage('  Maëlle\t\n  DUPONT  '), 'maelle dupont');
  assert.equal(normalizeForCoverage('Mae\u0308lle'), 'maelle', 'an already decomposed accent is removed too');
  assert.equal(normalizeForCoverage('Ça coûte 12\u00a0€'), 'ca coute 12 €', 'a no-break space is whitespace');
  assert.equal(normalizeForCoverage(''), '');
});

test('accents and case do not matter on either side', () => {
  assert.equal(scoreCoverage('The contract went to Maelle Dupont.', ['Maëlle Dupont']), 1);
  assert.equal(scoreCoverage('The contract went to MAËLLE dupont.', ['maelle DUPONT']), 1);
});

test('whitespace runs and line breaks inside a name still match', () => {
  assert.equal(scoreCoverage('Signed by Priya\n   Raman on Monday', ['Priya Raman']), 1);
  assert.equal(scoreCoverage('Signed by PriyaRaman', ['Priya Raman']), 0, 'removing a space is not collapsing it');
});

test('partial credit is the share of expected items found', () => {
  assert.equal(scoreCoverage('Orbilink supplies the modems.', ['Orbilink', 'Greyline Haulage']), 0.5);
  assert.equal(scoreCoverage('Nobody is named here.', ['Orbilink', 'Greyline Haulage']), 0);
  assert.ok(Math.abs(scoreCoverage('A and B', ['A', 'B', 'Zed']) - 2 / 3) < 1e-12);
});

test('an empty or blank answer scores 0', () => {
  assert.equal(scoreCoverage('', ['Orbilink']), 0);
  assert.equal(scoreCoverage(' \n\t ', ['Orbilink']), 0);
});

test('expected items equal after normalisation count once', () => {
  assert.equal(scoreCoverage('Maëlle', ['Maëlle', 'maelle', ' MAELLE ']), 1);
  assert.equal(scoreCoverage('Maëlle', ['Maëlle', 'MAELLE', 'Orbilink']), 0.5, 'two distinct items, one found');
});

test('an empty expected list or a blank expected item is an error', () => {
  assert.throws(() => scoreCoverage('anything', []), (error) => isRhizomeError(error, 'INPUT_INVALID') && /expected list is empty/.test(error.message));
  assert.throws(() => scoreCoverage('anything', ['Orbilink', '  ']), (error) => isRhizomeError(error, 'INPUT_INVALID') && /expected\[1\]/.test(error.message));
});

test('only a score of exactly 1 is complete', () => {
  assert.equal(isCompleteCoverage(scoreCoverage('Orbilink and Greyline', ['orbilink', 'greyline'])), true);
  assert.equal(isCompleteCoverage(0.999), false);
});
