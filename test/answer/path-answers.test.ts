import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import { analyzeQuestion } from '../../src/ask/analyze-question.js';
import { answerExtractively } from '../../src/answer/extractive-answer.js';
import type { RelationPath, RetrievalContext } from '../../src/core/retrieval-context.js';
import { smallGraph, type SmallEntity, type SmallRelation } from '../query/small-graph.js';

const schema = validateConfig({}).schema;

/**
 * A local context holding only relation paths (no chunk), as the path answerer reads it: each path
 * is its entity names and the positions of its relations, with a score; the first name of the first
 * path is the question's entity.
 */
function contextOf(entities: SmallEntity[], relations: SmallRelation[], paths: Array<{ names: string[]; relations: number[]; score: number }>): RetrievalContext {
  const graph = smallGraph(entities, relations);
  const entity = (name: string) => graph.projection.entities[graph.at(name)] as RelationPath['entities'][number];
  const relationPaths = paths.map((path) => ({ entities: path.names.map(entity), relations: path.relations.map((position) => graph.projection.relations[position] as RelationPath['relations'][number]), score: path.score }));
  return { mode: 'local', chunks: [], paths: relationPaths, entityScores: new Map(), questionEntities: [entity(paths[0]?.names[0] as string)], knownEntities: [], tokens: 0, searchedWith: 'test', rankedChunkIds: [], communities: [] };
}

test('a second path to an answer already given leaves its room to the next answer', () => {
  const context = contextOf(
    [{ name: 'Q7', type: 'Product' }, { name: 'Bramble', type: 'Project' }, { name: 'Juniper', type: 'Project' }, { name: 'Hana Okoro', type: 'Person' }, { name: 'Tomas Weir', type: 'Person' }],
    [
      { source: 'Bramble', target: 'Q7', evidence: 'The Bramble programme has fitted Q7 modems to every gauge along the river and the canal towpath since the spring.' },
      { source: 'Hana Okoro', target: 'Bramble', evidence: 'Hana Okoro has been appointed lead of Bramble, the structural monitoring programme, with effect from the first of May.' },
      { source: 'Hana Okoro', target: 'Bramble', evidence: 'Hana Okoro, who leads Bramble, told the board that the first year of readings had gone to plan despite the floods.' },
      { source: 'Juniper', target: 'Q7', evidence: 'Juniper also uses the Q7 modem for its meters.' },
      { source: 'Tomas Weir', target: 'Juniper', evidence: 'Tomas Weir leads Juniper.' },
    ],
    [
      { names: ['Q7', 'Bramble', 'Hana Okoro'], relations: [0, 1], score: 1 },
      { names: ['Q7', 'Bramble', 'Hana Okoro'], relations: [0, 2], score: 0.98 },
      { names: ['Q7', 'Juniper', 'Tomas Weir'], relations: [3, 4], score: 0.95 },
    ],
  );
  const analysis = analyzeQuestion('Who leads the programmes that use the Q7 modems?', schema);
  const answer = answerExtractively(analysis, context, { maxSentences: 4, maxWords: 60 });
  assert.match(answer.answer, /^Hana Okoro; Tomas Weir — /, answer.answer);
  assert.match(answer.answer, /Tomas Weir leads Juniper\./);
  assert.doesNotMatch(answer.answer, /told the board/, 'the second sentence about the same answer is left out');
});

test('with the default sentence limit, a three-hop answer leaves room for the hop that reaches a second answer', () => {
  const context = contextOf(
    [{ name: 'Tara Quinn', type: 'Person' }, { name: 'Elm Depot', type: 'Location' }, { name: 'PX-3', type: 'Product' }, { name: 'Orvik Electrical', type: 'Organisation' }, { name: 'Brae Power', type: 'Organisation' }],
    [
      { source: 'Tara Quinn', target: 'Elm Depot', evidence: 'Tara Quinn runs Elm Depot.' },
      { source: 'PX-3', target: 'Elm Depot', evidence: 'PX-3 masts stand at Elm Depot.' },
      { source: 'Orvik Electrical', target: 'PX-3', evidence: 'Orvik Electrical maintains the PX-3 masts.' },
      { source: 'Brae Power', target: 'PX-3', evidence: 'Brae Power was also asked to maintain PX-3 masts.' },
    ],
    [
      { names: ['Tara Quinn', 'Elm Depot', 'PX-3', 'Orvik Electrical'], relations: [0, 1, 2], score: 1 },
      { names: ['Tara Quinn', 'Elm Depot', 'PX-3', 'Brae Power'], relations: [0, 1, 3], score: 0.95 },
    ],
  );
  const query = validateConfig({}).query;
  const analysis = analyzeQuestion('Which firm maintains the masts at the depot run by Tara Quinn?', schema);
  const answer = answerExtractively(analysis, context, { maxSentences: query.answerSentences, maxWords: query.answerWords });
  assert.match(answer.answer, /^Orvik Electrical; Brae Power — /, answer.answer);
  assert.match(answer.answer, /Brae Power was also asked/);
});

test('a co-mention in the sentence whose edge phrase gave the answer is no further answer', () => {
  const context = contextOf(
    [{ name: 'Jo Berg', type: 'Person' }, { name: 'Kite', type: 'Project' }, { name: 'VX-9', type: 'Product' }, { name: 'Lumen Optics', type: 'Organisation' }, { name: 'Harbour Robotics', type: 'Organisation' }],
    [
      { source: 'Jo Berg', target: 'Kite', evidence: 'Jo Berg leads Kite.' },
      { source: 'Kite', target: 'VX-9', evidence: 'Kite uses the VX-9 module.' },
      { source: 'Lumen Optics', target: 'VX-9', type: 'SUPPLIES', evidence: 'Harbour Robotics signed with Lumen Optics for the supply of VX-9 modules.' },
      { source: 'Harbour Robotics', target: 'VX-9', evidence: 'Harbour Robotics signed with Lumen Optics for the supply of VX-9 modules.' },
    ],
    [
      { names: ['Jo Berg', 'Kite', 'VX-9', 'Lumen Optics'], relations: [0, 1, 2], score: 1 },
      { names: ['Jo Berg', 'Kite', 'VX-9', 'Harbour Robotics'], relations: [0, 1, 3], score: 0.95 },
    ],
  );
  // Both relations were read from the one sentence: the typed one says who supplies, the other only that Harbour Robotics is named there.
  const [typed, coMention] = [context.paths[0]?.relations[2], context.paths[1]?.relations[2]];
  if (!typed || !coMention || !context.paths[1]) throw new Error('the test paths have three hops');
  context.paths[1].relations[2] = { ...coMention, chunkId: typed.chunkId, start: typed.start, end: typed.end };
  const analysis = analyzeQuestion('Which company supplies the sensor used by the programme led by Jo Berg?', schema);
  const answer = answerExtractively(analysis, context, { maxSentences: 4, maxWords: 60 });
  assert.match(answer.answer, /^Lumen Optics — /, answer.answer);
});

test('path evidence from a chunk outside the context is cited with its document and section', () => {
  const context = contextOf(
    [{ name: 'Pell Yard', type: 'Location' }, { name: 'Corvane', type: 'Organisation' }],
    [{ source: 'Corvane', target: 'Pell Yard', evidence: 'Corvane operates Pell Yard on the east quay.' }],
    [{ names: ['Pell Yard', 'Corvane'], relations: [0], score: 1 }],
  );
  const relation = context.paths[0]?.relations[0];
  assert.ok(relation);
  const analysis = analyzeQuestion('Which company operates Pell Yard?', schema);
  const withSource = answerExtractively(analysis, { ...context, citedSources: new Map([[relation.chunkId, { documentTitle: 'Quay guide', documentPath: 'docs/quays.md', section: 'Quays › East' }]]) }, { maxSentences: 4, maxWords: 60 });
  const citation = withSource.citations.find((item) => item.kind === 'chunk');
  assert.equal(citation?.label, 'Quay guide › Quays › East');
  assert.equal(citation?.path, 'docs/quays.md');
  const without = answerExtractively(analysis, context, { maxSentences: 4, maxWords: 60 });
  assert.notEqual(without.citations.find((item) => item.kind === 'chunk')?.label, '', 'a chunk citation is never unlabelled');
});

test('asked for no kind of entity about the one thing it names, the question is answered from the passage that thing heads, not from a path away from it', () => {
  const context = contextOf(
    [{ name: 'pollMode', type: 'Concept' }, { name: 'Ferrule', type: 'Concept' }],
    [{ source: 'pollMode', target: 'Ferrule', evidence: 'Related: pollMode, and the Ferrule adapters that read it.' }],
    [{ names: ['pollMode', 'Ferrule'], relations: [0], score: 1 }],
  );
  const named = context.questionEntities[0] as RetrievalContext['questionEntities'][number];
  const analysis = { ...analyzeQuestion('Which values does the pollMode option accept, and which is the default?', schema), entities: [{ id: named.id, name: named.name, surface: 'pollmode', match: 'exact' as const }] };
  const text = "pollMode\n\n    Type:    'push' | 'pull'\n\n    Default:    'pull' \n\nHow a Kestrel worker learns of new jobs.";
  const passage = (section?: string) => ({ chunk: { id: 'options', documentId: 'doc_options', index: 0, text, start: 0, end: text.length, tokenCount: 20, documentPath: 'docs/options.md', documentTitle: 'Kestrel options', documentDate: null, ...(section ? { section } : {}) }, score: 1 });
  const headed = answerExtractively(analysis, { ...context, chunks: [passage('Kestrel options › pollMode')] }, { maxSentences: 4, maxWords: 60 });
  assert.match(headed.answer, /^pollMode Type: 'push' \| 'pull' Default: 'pull'/, headed.answer);
  const unheaded = answerExtractively(analysis, { ...context, chunks: [passage()] }, { maxSentences: 4, maxWords: 60 });
  assert.match(unheaded.answer, /^Ferrule — /, 'without the heading the path still answers');
});
