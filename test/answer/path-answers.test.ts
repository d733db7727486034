import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import { analyzeQuestion } from '../../src/ask/analyze-question.js';
import { answerExtractively } from '../../src/answer/extractive-answer.js';
import type { RelationPath, RetrievalContext } from '../../src/core/retrieval-context.js';
import { smallGraph } from '../query/small-graph.js';

const schema = validateConfig({}).schema;

/** A local context holding only relation paths (no chunk), as the path answerer reads it. */
function contextOf(paths: RelationPath[], questionEntity: RelationPath['entities'][number]): RetrievalContext {
  return { mode: 'local', chunks: [], paths, entityScores: new Map(), questionEntities: [questionEntity], knownEntities: [], tokens: 0, searchedWith: 'test', rankedChunkIds: [], communities: [] };
}

test('a second path to an answer already given leaves its room to the next answer', () => {
  const graph = smallGraph(
    [{ name: 'Q7', type: 'Product' }, { name: 'Bramble', type: 'Project' }, { name: 'Juniper', type: 'Project' }, { name: 'Hana Okoro', type: 'Person' }, { name: 'Tomas Weir', type: 'Person' }],
    [
      { source: 'Bramble', target: 'Q7', evidence: 'The Bramble programme has fitted Q7 modems to every gauge along the river and the canal towpath since the spring.' },
      { source: 'Hana Okoro', target: 'Bramble', evidence: 'Hana Okoro has been appointed lead of Bramble, the structural monitoring programme, with effect from the first of May.' },
      { source: 'Hana Okoro', target: 'Bramble', evidence: 'Hana Okoro, who leads Bramble, told the board that the first year of readings had gone to plan despite the floods.' },
      { source: 'Juniper', target: 'Q7', evidence: 'Juniper also uses the Q7 modem for its meters.' },
      { source: 'Tomas Weir', target: 'Juniper', evidence: 'Tomas Weir leads Juniper.' },
    ],
  );
  const entity = (name: string) => graph.projection.entities[graph.at(name)] as RelationPath['entities'][number];
  const relation = (position: number) => graph.projection.relations[position] as RelationPath['relations'][number];
  const paths: RelationPath[] = [
    { entities: [entity('Q7'), entity('Bramble'), entity('Hana Okoro')], relations: [relation(0), relation(1)], score: 1 },
    { entities: [entity('Q7'), entity('Bramble'), entity('Hana Okoro')], relations: [relation(0), relation(2)], score: 0.98 },
    { entities: [entity('Q7'), entity('Juniper'), entity('Tomas Weir')], relations: [relation(3), relation(4)], score: 0.95 },
  ];
  const analysis = analyzeQuestion('Who leads the programmes that use the Q7 modems?', schema);
  const answer = answerExtractively(analysis, contextOf(paths, entity('Q7')), { maxSentences: 4, maxWords: 60 });
  assert.match(answer.answer, /^Hana Okoro; Tomas Weir — /, answer.answer);
  assert.match(answer.answer, /Tomas Weir leads Juniper\./);
  assert.doesNotMatch(answer.answer, /told the board/, 'the second sentence about the same answer is left out');
});

test('with the default sentence limit, a three-hop answer leaves room for the hop that reaches a second answer', () => {
  const graph = smallGraph(
    [{ name: 'Tara Quinn', type: 'Person' }, { name: 'Elm Depot', type: 'Location' }, { name: 'PX-3', type: 'Product' }, { name: 'Orvik Electrical', type: 'Organisation' }, { name: 'Brae Power', type: 'Organisation' }],
    [
      { source: 'Tara Quinn', target: 'Elm Depot', evidence: 'Tara Quinn runs Elm Depot.' },
      { source: 'PX-3', target: 'Elm Depot', evidence: 'PX-3 masts stand at Elm Depot.' },
      { source: 'Orvik Electrical', target: 'PX-3', evidence: 'Orvik Electrical maintains the PX-3 masts.' },
      { source: 'Brae Power', target: 'PX-3', evidence: 'Brae Power was also asked to maintain PX-3 masts.' },
    ],
  );
  const entity = (name: string) => graph.projection.entities[graph.at(name)] as RelationPath['entities'][number];
  const relation = (position: number) => graph.projection.relations[position] as RelationPath['relations'][number];
  const paths: RelationPath[] = [
    { entities: [entity('Tara Quinn'), entity('Elm Depot'), entity('PX-3'), entity('Orvik Electrical')], relations: [relation(0), relation(1), relation(2)], score: 1 },
    { entities: [entity('Tara Quinn'), entity('Elm Depot'), entity('PX-3'), entity('Brae Power')], relations: [relation(0), relation(1), relation(3)], score: 0.95 },
  ];
  const query = validateConfig({}).query;
  const analysis = analyzeQuestion('Which firm maintains the masts at the depot run by Tara Quinn?', schema);
  const answer = answerExtractively(analysis, contextOf(paths, entity('Tara Quinn')), { maxSentences: query.answerSentences, maxWords: query.answerWords });
  assert.match(answer.answer, /^Orvik Electrical; Brae Power — /, answer.answer);
  assert.match(answer.answer, /Brae Power was also asked/);
});
