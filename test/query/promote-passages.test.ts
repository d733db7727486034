import assert from 'node:assert/strict';
import { test } from 'node:test';
import { promoteAboutPassages } from '../../src/query/local/promote-passages.js';
import type { TitleIndex } from '../../src/query/local/title-passages.js';

/** A fused ranking of 200 passages, best first, scored as reciprocal-rank fusion of two rankings scores them: the question's page 4th, a page a path reaches deep down. */
function ranking(): Array<{ id: string; score: number }> {
  const ids = Array.from({ length: 200 }, (_, position) => `d${position}`);
  ids[3] = 'q-page';
  ids[120] = 'b-page-2';
  ids[150] = 'b-page-1';
  return ids.map((id, position) => ({ id, score: 2 / (60 + position) }));
}

const titles: TitleIndex = {
  longestKeyWords: 0,
  titles: new Map(),
  headings: new Map(),
  documentOf: new Map([
    ['q-page', 'doc-q'],
    ['b-page-1', 'doc-b'],
    ['b-page-2', 'doc-b'],
    ['s-section', 'doc-guide'],
  ]),
};

test('the question\'s pages come first, then the best-ranked passage of each page a path reaches, above every other passage', () => {
  const fused = ranking();
  promoteAboutPassages(fused, new Set(['q-page']), { pages: new Set(['b-page-1', 'b-page-2']), sections: new Set() }, titles);
  const order = fused.map((item) => item.id);
  assert.deepEqual(order.slice(0, 2), ['q-page', 'b-page-2'], order.join(', '));
  // The page's other passage is raised by half as much: far up, but not above the best-ranked passages.
  assert.ok(order.indexOf('b-page-1') > order.indexOf('d0') && order.indexOf('b-page-1') < order.indexOf('d50'), String(order.indexOf('b-page-1')));
});

test('a section headed with a path entity\'s name is raised by half, and a passage the ranking lacks is added', () => {
  const fused = ranking();
  promoteAboutPassages(fused, new Set(), { pages: new Set(), sections: new Set(['s-section']) }, titles);
  const order = fused.map((item) => item.id);
  assert.ok(order.includes('s-section'));
  assert.equal(order[0], 'd0', 'a section stays below the best-ranked passages');
  assert.ok(order.indexOf('s-section') > order.indexOf('d10') && order.indexOf('s-section') < order.indexOf('d100'), String(order.indexOf('s-section')));
});
