import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validateConfig } from '../../src/config/load-config.js';
import { analyzeQuestion } from '../../src/ask/analyze-question.js';
import { answerExtractively } from '../../src/answer/extractive-answer.js';
import type { ChunkWithSource } from '../../src/graph/store.js';
import type { RetrievalContext } from '../../src/core/retrieval-context.js';

const schema = validateConfig({}).schema;
const limits = { maxSentences: 4, maxWords: 60 };

function chunk(id: string, text: string, extra: Partial<ChunkWithSource> = {}): ChunkWithSource {
  return { id, documentId: `doc_${id}`, index: 0, text, start: 0, end: text.length, tokenCount: Math.ceil(text.length / 4), documentPath: `docs/${id}.md`, documentTitle: 'Kestrel guide', documentDate: null, ...extra };
}

function contextOf(chunks: ChunkWithSource[]): RetrievalContext {
  return { mode: 'naive', chunks: chunks.map((item, index) => ({ chunk: item, score: 1 / (1 + index) })), paths: [], entityScores: new Map(), questionEntities: [], knownEntities: [], tokens: 0, searchedWith: 'test', rankedChunkIds: chunks.map((item) => item.id), communities: [] };
}

test('a table is quoted by the row that answers, under its header line', () => {
  const rows = ['Edition  Opened      Closed', '', 'Alder    2019-04-02  2021-05-30', 'Birch    2021-06-01  2023-07-14', 'Cedar    2023-07-15  2025-08-31', 'Dunmore  2025-09-01  open'];
  const table = chunk('editions', rows.join('\n'), { kind: 'table', section: 'Kestrel guide › Editions' });
  const prose = chunk('intro', 'Every Kestrel edition is supported until the next one opens. Editions are named after trees.');
  const analysis = analyzeQuestion('When did the Kestrel edition opened on 2023-07-15 close?', schema);
  const answer = answerExtractively(analysis, contextOf([prose, table]), limits);
  assert.match(answer.answer, /Edition · Opened · Closed\nCedar · 2023-07-15 · 2025-08-31\n/, answer.answer);
  assert.doesNotMatch(answer.answer, /Alder|Birch/, 'rows whose own cells do not meet the question are left out');
  const citation = answer.citations.find((item) => item.kind === 'chunk' && item.id === 'editions');
  assert.equal(citation?.span?.start, rows.slice(0, 4).join('\n').length + 1, 'the citation points at the row quoted');
});

test('a line that repeats its section heading is read with the sentence under it', () => {
  const text = 'maxPayload\n\nThe default is 4096 bytes.\n\nLarger requests are refused with a warning.';
  const analysis = analyzeQuestion('What is the default maxPayload of a Kestrel node?', schema);
  const answer = answerExtractively(analysis, contextOf([chunk('options', text, { section: 'Kestrel guide › Options › maxPayload' })]), limits);
  assert.match(answer.answer, /^maxPayload The default is 4096 bytes\. \[1\]/, answer.answer);
});

test('the field lines opening a reference entry are read with the sentence that describes it', () => {
  const text = "queue.mode\n\n    Type:    'fifo' | 'lifo'\n\n    Default:    'fifo' \n\nOrder in which a Kestrel queue hands out jobs.\n\nJobs already running are never reordered.";
  const analysis = analyzeQuestion('In which order does a Kestrel queue hand out jobs unless configured otherwise?', schema);
  const context = contextOf([chunk('queue', text, { section: 'Kestrel guide › Queue Options › queue.mode' })]);
  const answer = answerExtractively(analysis, context, { ...limits, maxSentences: 1 });
  assert.match(answer.answer, /^queue\.mode Type: 'fifo' \| 'lifo' Default: 'fifo' Order in which a Kestrel queue hands out jobs\. \[1\]/, answer.answer);
  const alone = answerExtractively(analysis, context, { ...limits, maxSentences: 1, ranking: { ...validateConfig({}).query.ranking.sentences, leadInWords: 0 } });
  assert.match(alone.answer, /^Order in which/, 'with leadInWords 0 the description is read alone');
  const prose = 'Kestrel: a scheduler for batch jobs.\n\nIt runs on one node.';
  const plain = answerExtractively(analyzeQuestion('What is Kestrel?', schema), contextOf([chunk('intro', prose)]), { ...limits, maxSentences: 1 });
  assert.doesNotMatch(plain.answer, /It runs/, 'a sentence that ends with a stop is not a field line');
});

test('a date the question gives counts for the sentence dated so', () => {
  const text = 'The Finch release of the scheduler shipped on 2024-11-20 and added quotas to the scheduler. The Wren release shipped on 2024-03-02 with the new scheduler.';
  const analysis = analyzeQuestion('What did the scheduler release of 2024-03-02 ship?', schema);
  const answer = answerExtractively(analysis, contextOf([chunk('releases', text)]), { ...limits, maxSentences: 1 });
  assert.match(answer.answer, /^The Wren release/, answer.answer);
});

test('a sentence ending with a colon is read with the list items it introduces', () => {
  const text = 'Routing and caching are handled by two modules:\n\n  Spindle for request routing\n\n  Keeper for response caching\n\nBoth are loaded at start-up and can be replaced.';
  const analysis = analyzeQuestion('Which module does Kestrel use for request routing, and which one caches responses?', schema);
  const context = contextOf([chunk('modules', text, { section: 'Kestrel guide › Modules' })]);
  const answer = answerExtractively(analysis, context, limits);
  assert.match(answer.answer, /two modules: Spindle for request routing; Keeper for response caching \[1\]/, answer.answer);
  const alone = answerExtractively(analysis, context, { ...limits, ranking: { ...validateConfig({}).query.ranking.sentences, leadInWords: 0 } });
  assert.doesNotMatch(alone.answer, /modules: Spindle/, 'with leadInWords 0 the items are read alone');
});

test('the row that holds the day the question names is quoted, though prose shares more of the question\'s words', () => {
  const rows = ['Version  Released    Supported until', '', '1.0.0    2019-03-06  2020-09-01', '2.0.0    2021-06-08  2023-06-30', '3.0.0    2023-09-17  2025-01-31'];
  const prose = chunk('policy', 'Major Kestrel versions are supported for at least six months after their release date. Each major Kestrel version is verified against the supported runtimes. Support of a major Kestrel version ends with its successor.');
  const table = chunk('schedule', rows.join('\n'), { kind: 'table', section: 'Kestrel guide › Schedule' });
  const analysis = analyzeQuestion('Until which date is the major Kestrel version released on 2021-06-08 supported?', schema);
  const answer = answerExtractively(analysis, contextOf([prose, table]), { maxSentences: 2, maxWords: 60 });
  assert.match(answer.answer, /Version · Released · Supported until\n2\.0\.0 · 2021-06-08 · 2023-06-30\n/, answer.answer);
});

test('the evidence of a relation path too weak to answer from earns no path bonus', () => {
  const launch = chunk('launch', 'The Kestrel node was presented at a conference by the team.');
  const cache = chunk('cache', 'Resolved requests are cached with the headers max-age and immutable.');
  const relation = { id: 'r1', type: 'RELATED_TO', sourceId: 'kestrel', targetId: 'team', chunkId: 'launch', documentId: 'doc_launch', start: 0, end: launch.text.length, evidence: launch.text, weight: 0.5 };
  const entity = (id: string) => ({ id, type: 'Concept', name: id, aliases: [], description: '', mentionCount: 1 });
  const withPath = (score: number): RetrievalContext => ({ ...contextOf([launch, cache]), mode: 'local', paths: [{ entities: [entity('kestrel'), entity('team')], relations: [relation], score }] as unknown as RetrievalContext['paths'] });
  const analysis = analyzeQuestion('Which headers does a Kestrel node send for resolved requests?', schema);
  const answer = answerExtractively(analysis, withPath(0.1), { ...limits, maxSentences: 1 });
  assert.match(answer.answer, /^Resolved requests are cached/, answer.answer);
});

test('a sentence saying what the main part of the question asks outranks one saying only what its subordinate clause identifies', () => {
  const text = 'The Kestrel vault was evacuated at 14:20 after the gas release. The investigation found the alarm sensor had been tripped by a welding arc.';
  const analysis = analyzeQuestion('What tripped the alarm sensor that caused the gas release in the Kestrel vault?', schema);
  const context = contextOf([chunk('incident', text)]);
  const answer = answerExtractively(analysis, context, { ...limits, maxSentences: 1 });
  assert.match(answer.answer, /^The investigation found/, answer.answer);
  const even = answerExtractively(analysis, context, { ...limits, maxSentences: 1, ranking: { ...validateConfig({}).query.ranking.sentences, subordinateWordShare: 1 } });
  assert.match(even.answer, /^The Kestrel vault was evacuated/, 'with every word weighed alike, the sentence holding more of the question wins');
});
