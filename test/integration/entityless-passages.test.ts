import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { indexedTexts } from '../helpers/indexed-texts.js';

/**
 * Reference pages often hold passages that name no entity ("the output format defaults to iife"): they are
 * not in the graph, so the walk cannot rank them. When the question names no entity either, the walk only
 * smooths the text ranking, and such a passage keeps the rank its text gives it.
 */
const TEXTS: Record<string, string> = {
  'format.txt': 'The output format of worker bundles defaults to iife unless configured otherwise.',
  'plugins.txt': 'Kelvane Builder applies Norrow plugins to worker bundles, as Tessa Marlow explained.',
  'runner.txt': 'Kelvane Builder runs worker bundles in the Pellam runtime unless Dorit Vance configured otherwise.',
  'cache.txt': 'Kelvane Builder caches worker output in the Pellam store, said Tessa Marlow.',
  'release.txt': 'Dorit Vance announced the Kelvane Builder release with Norrow plugins and the Pellam runtime.',
  'team.txt': 'Tessa Marlow and Dorit Vance maintain Kelvane Builder and its Norrow plugins.',
};

describe('a passage that names no entity keeps its text rank for a question that names none', () => {
  const indexed = indexedTexts(TEXTS);

  test('the passage that says the default output format comes first in the context', async () => {
    const context = await indexed.rhizome().retrieve('What output format are worker bundles built in unless configured otherwise?', { mode: 'hybrid' });
    assert.match(context.chunks[0]?.chunk.text ?? '', /defaults to iife/, context.chunks.map((item) => item.chunk.text).join('\n'));
  });
});
