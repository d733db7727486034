import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { saysTakesOver } from '../../src/text/sentence-validity.js';
import { indexedTexts } from '../helpers/indexed-texts.js';

const indexed = indexedTexts({
  'structure.txt': 'New structure\n2021-02-08\n\nWithin infrastructure, Gareth Velbrook remains head of fleet engineering at Corvel Transit, a post he has held since 2014.\n',
  'retirement.txt': 'Retirement\n2023-09-14\n\nAfter nine years as head of fleet engineering, Gareth Velbrook will retire at the end of September. He will be much missed. His successor is Anneliese Vorrin, who takes up the post on 1 October 2023. She will lead the fleet engineering team.\n',
});

describe('"his successor is Y": the successor takes the place of the person named before', () => {
  test('the phrase says who took whose place when only the successor is named', () => {
    assert.equal(saysTakesOver('His successor is Anneliese Vorrin, who takes up the post on 1 October 2023.', ['Gareth Velbrook'], ['Anneliese Vorrin'], 'en'), true);
    assert.equal(saysTakesOver('Sa remplaçante sera Julie Vorrin.', ['Paul Corvel'], ['Julie Vorrin'], 'fr'), true);
    assert.equal(saysTakesOver('His team welcomed Anneliese Vorrin.', ['Gareth Velbrook'], ['Anneliese Vorrin'], 'en'), false);
    assert.equal(saysTakesOver('His successor praised the fleet, said Anneliese Vorrin of the union.', ['Gareth Velbrook'], ['Anneliese Vorrin'], 'en'), false, 'too far from the phrase');
  });

  test('the sentence links the two people, and "currently" finds the successor through the one who left', async () => {
    const lines = (await indexed.rhizome().exportGraph({ format: 'jsonl' })).split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
    const idOf = (name: string) => lines.find((line) => line.kind === 'entity' && line.name === name)?.id;
    const [gareth, anneliese] = [idOf('Gareth Velbrook'), idOf('Anneliese Vorrin')];
    assert.ok(gareth && anneliese, 'both people are entities');
    const link = lines.find((line) => line.kind === 'relation' && new Set([line.sourceId, line.targetId]).has(gareth) && new Set([line.sourceId, line.targetId]).has(anneliese));
    assert.match(String(link?.evidence), /^His successor is Anneliese Vorrin/);
    const answer = await indexed.rhizome().query('Who is currently head of fleet engineering at Corvel Transit?');
    assert.match(answer.answer, /^Anneliese Vorrin\b/, answer.answer);
  });
});
