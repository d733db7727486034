import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildCorpusVocabularies } from '../../src/extraction/nlp/corpus-vocabularies.js';
import { buildCueNamedWords, buildLowercaseVocabulary, buildNameVocabulary } from '../../src/extraction/nlp/lowercase-vocabulary.js';

const typeNouns = new Set(['programme', 'platform']);

/** The three vocabularies counted from scratch, as sorted lists. */
function fromScratch(texts: string[]) {
  return {
    vocabulary: [...buildLowercaseVocabulary(texts)].sort(),
    names: [...buildNameVocabulary(texts)].sort(),
    cueNamedWords: [...buildCueNamedWords(texts, typeNouns)].sort(),
  };
}

function built(texts: string[]) {
  const vocabularies = buildCorpusVocabularies(texts, typeNouns);
  return { vocabulary: [...vocabularies.vocabulary].sort(), names: [...vocabularies.names].sort(), cueNamedWords: [...vocabularies.cueNamedWords].sort() };
}

const base = [
  'The crew of the Plover programme met the Beacon platform team in Harlow.',
  'A plover nest sat by the beacon on the quay, where the crew rested.',
  'Later the team moved the Willow programme to Dene, and the crew followed Willow there.',
  'Ten times the willow was cut; Ada wrote that acme was written as Acme by the team.',
  ...Array.from({ length: 12 }, (_, index) => `Report ${index}: the team asked Acme about acme again, and met Ada at the Beacon platform.`),
];

describe('buildCorpusVocabularies', () => {
  test('gives the vocabularies counted from scratch across a series of corpora, each built on the counts of the one before', () => {
    const series = [
      base,
      [...base.slice(0, 3), 'The crew of the Plover programme met the Beacon platform team in Harlow, and Margot Vell spoke.', ...base.slice(4)],
      base.slice(2),
      [...base, base[0] as string, base[0] as string],
      [...base, base[0] as string],
      ['Nothing in common with the texts before: the Corvid platform ran in Tarrow.', 'a quiet line in lower case only.'],
      base,
      [],
      base.slice(0, 5),
    ];
    for (const [index, texts] of series.entries()) assert.deepEqual(built(texts), fromScratch(texts), `corpus ${index}`);
  });
});
