import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { indexedTexts } from '../helpers/indexed-texts.js';

/** Wiki-like pages, each titled with what it is about; the distractors share the question's words, the bridge page barely does. */
const PAGES: Record<string, string> = {
  'harrow-lights-soundtrack.txt': 'Harrow Lights (soundtrack)\n\nThe soundtrack album of the film Harrow Lights was produced by Oren Vasque and released by Dunmore Records.',
  'oren-vasque.txt': 'Oren Vasque\n\nOren Vasque is an American musician and record producer. Vasque was born in 1961 in Cleveland, Ohio.',
  'grey-tide.txt': 'Grey Tide\n\nGrey Tide is a 1994 film. Its soundtrack was produced in the year of its release by a studio in Toronto.',
  'film-scores.txt': 'Film Scores of the 1990s\n\nA film soundtrack of that decade was often produced by a man born in the city where the film was shot.',
  'copper-bay.txt': 'Copper Bay\n\nCopper Bay is a film whose soundtrack was produced by the director, who was born in the year the studio opened.',
  'salt-road.txt': 'Salt Road (film)\n\nSalt Road is a film; the soundtrack was produced by a choir founded in the year its conductor was born.',
  'dunmore-records.txt': 'Dunmore Records\n\nDunmore Records is a label founded in 1979. It released soundtrack albums for several films.',
};

describe('bridge questions reach the page of the entity the first page names', () => {
  const indexed = indexedTexts(PAGES);

  test('the page about the entity a relation path reaches is ranked right after the page the question names', async () => {
    const rhizome = indexed.rhizome();
    const context = await rhizome.retrieve('The soundtrack of the film Harrow Lights was produced by a man born in what year?', { mode: 'local' });
    const sources = await rhizome.chunkSources(context.rankedChunkIds);
    const pages = context.rankedChunkIds.map((id) => (sources.get(id) ?? '').split('/').pop());
    assert.equal(pages[0], 'harrow-lights-soundtrack.txt', pages.join(', '));
    assert.equal(pages[1], 'oren-vasque.txt', pages.join(', '));
  });
});
