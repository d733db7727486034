import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildCorpusVocabularies } from '../../src/extraction/nlp/corpus-vocabularies.js';
import { buildCueNamedWords, buildLowercaseVocabulary, buildNameVocabulary, buildNumberedWords } from '../../src/extraction/nlp/lowercase-vocabulary.js';

const typeNouns = new Set(['programme', 'platform']);

/** The vocabularies counted from scratch, as sorted lists. */
function fromScratch(texts: string[]) {
  return {
    vocabulary: [...buildLowercaseVocabulary(texts)].sort(),
    names: [...buildNameVocabulary(texts)].sort(),
    cueNamedWords: [...buildCueNamedWords(texts, typeNouns)].sort(),
    numberedWords: [...buildNumberedWords(texts)].sort(),
  };
}

function built(texts: string[]) {
  const vocabularies = buildCorpusVocabularies(texts, typeNouns);
  return { vocabulary: [...vocabularies.vocabulary].sort(), names: [...vocabularies.names].sort(), cueNamedWords: [...vocabularies.cueNamedWords].sort(), numberedWords: [...vocabularies.numberedWords].sort() };
}

const base = [
  'The crew of the Plover programme met the Beacon platform team in Harlow.',
  'A plover nest sat by the beacon on the quay, where the crew rested.',
  'Later the team moved the Willow programme to Dene, and the crew followed Willow there.',
  'Ten times the willow was cut; Ada wrote that acme was written as Acme by the team.',
  ...Array.from({ length: 12 }, (_, index) => `Report ${index}: the team asked Acme about acme again, and met Ada at the Beacon platform.`),
  'The crew left Hangar 3 for Hangar 1, read phase 2 of the plan, then Phase 2 again, and tested Chrome 111 and Chrome.',
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

describe('buildNumberedWords', () => {
  test('holds the words written capitalised with a number more often than without one and than in lower case', () => {
    const texts = [
      'Niamh runs Hangar 3, and the crew moved from Hangar 1 to the hangar by the apron.',
      'The board read phase 2 of the plan, then Phase 2 again, and the plan runs in Chrome 111 and in Chrome and Firefox.',
    ];
    assert.deepEqual([...buildNumberedWords(texts)].sort(), ['hangar']);
  });
});
