import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import { relationAlternatives } from '../../src/ask/relation-alternatives.js';
import { contentStems } from '../../src/text/content-stems.js';

const schema = validateConfig({
  schema: {
    nodeTypes: [{ name: 'Organisation' }, { name: 'Product' }],
    edgeTypes: [
      { name: 'MAKES', source: ['Organisation'], target: ['Product'], patterns: ['makes', 'manufactures', 'assembles', 'part of'], passivePatterns: ['made by'] },
      { name: 'SUPPLIES', source: ['Organisation'], target: ['Product'], patterns: ['supplies', 'delivers'] },
    ],
  },
}).schema;

test('a question word of one edge type stands in for the other one-word phrases of that type, and only those', () => {
  const question = contentStems('Which company manufactures the pumps?');
  const alternatives = relationAlternatives(question, schema);
  const manufactures = contentStems('manufactures')[0] as string;
  assert.equal(alternatives.get(contentStems('assembles')[0] as string), manufactures);
  assert.equal(alternatives.get(contentStems('makes')[0] as string), manufactures);
  assert.equal(alternatives.has(contentStems('supplies')[0] as string), false, 'another edge type is no alternative');
  assert.equal(alternatives.has(contentStems('part')[0] as string), false, 'words of longer phrases are left out');
  assert.equal(relationAlternatives(contentStems('Where are the pumps?'), schema).size, 0);
});

test('an edge type says the question words among its one-word phrases, whatever its evidence says', async () => {
  const { relationTypeWords } = await import('../../src/ask/relation-alternatives.js');
  const words = relationTypeWords(contentStems('Which company manufactures the pumps?'), schema);
  assert.deepEqual([...words], [['MAKES', contentStems('manufactures')]]);
  assert.equal(relationTypeWords(contentStems('Where are the pumps?'), schema).size, 0);
});

test('a question word is met by the words the language pack derives from it or it from them, schema words first', () => {
  const stem = (word: string) => contentStems(word)[0] as string;
  const alternatives = relationAlternatives(contentStems('Which firm maintains the pumps that Kelvane supplied?'), schema);
  assert.equal(alternatives.get(stem('maintenance')), stem('maintains'));
  assert.equal(alternatives.get(stem('supplier')), stem('supplied'));
  // "delivers" is a schema word of the edge type "supplied" names: it stands for that word, not for anything WordNet relates it to.
  assert.equal(alternatives.get(stem('delivers')), stem('supplied'));
  assert.equal(alternatives.has(stem('pumps')), false, "the question's own words are no alternatives");
  assert.equal(relationAlternatives(contentStems('Where is Kelvane?'), schema).size, 0);
});

test('derivational relatives come both ways, from the English pack only, and never relate a word to its own stem', async () => {
  const { derivationalRelatives } = await import('../../src/text/derivational-relatives.js');
  const stem = (word: string) => contentStems(word)[0] as string;
  assert.ok(derivationalRelatives(stem('maintains')).has(stem('maintenance')));
  assert.ok(derivationalRelatives(stem('maintenance')).has(stem('maintained')));
  assert.ok(derivationalRelatives(stem('operator')).has(stem('operates')));
  for (const word of ['maintains', 'operator', 'owner']) assert.equal(derivationalRelatives(stem(word)).has(stem(word)), false);
  // French has no table: "entretient" and "entretien" meet only if their stems do.
  assert.equal(derivationalRelatives(stem('entretient')).size, 0);
});
