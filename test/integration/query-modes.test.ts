import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createRhizome, type Rhizome } from '../../src/index.js';
import { routeQuestion as routeAnalysis, type QuestionSignals } from '../../src/ask/route-question.js';
import { analyzeQuestion } from '../../src/ask/analyze-question.js';
import { validateConfig } from '../../src/config/load-config.js';

const schema = validateConfig({}).schema;
/** Routes a question text as the ask layer does: analysed once, then routed. */
const routeQuestion = (question: string, signals: QuestionSignals) => routeAnalysis(analyzeQuestion(question, schema), signals);
import { makeTempDir } from '../helpers/temp-dir.js';

const DOCUMENTS: Record<string, string> = {
  'rail-1.txt': 'Signalling contract\n\nCastra Rail Signalling supplies the interlocking for the Kestrel programme. Priya Raman leads the Kestrel programme.',
  'rail-2.txt': 'Kestrel delay\n\nKestrel testing on the Harbour Line is three weeks late after faults in the Castra Rail Signalling interlocking. The main risk is a delay to the Harbour Line opening.',
  'rail-3.txt': 'Kestrel funding\n\nThe Harbour Region Transport Fund finances the Kestrel programme. Priya Raman thanked the Harbour Region Transport Fund.',
  'water-1.txt': 'Tidewater works\n\nHalden Pumps supplies the pumps for the Tidewater programme at Harlow Pumping Station. Marcus Lindqvist manages the Tidewater programme.',
  'water-2.txt': 'Tidewater flooding\n\nTidewater reduces the risk of flooding around Harlow Pumping Station. Morrow Industries replaced Halden Pumps as pump supplier for Tidewater.',
  'water-3.txt': 'Pump audit\n\nThornbury Assurance audited Harlow Pumping Station and praised Marcus Lindqvist for the Tidewater records.',
};

const base = makeTempDir();

describe('communities, global, hybrid and automatic routing on real Kuzu', () => {
  let rhizome: Rhizome;
  before(async () => {
    const root = path.join(base, 'docs');
    mkdirSync(root, { recursive: true });
    for (const [name, text] of Object.entries(DOCUMENTS)) writeFileSync(path.join(root, name), text);
    rhizome = createRhizome({ workspace: path.join(base, 'workspace'), communities: { maxClusterSize: 4, seed: 7 } });
    const summary = await rhizome.index(root);
    assert.ok(summary.communities > 0);
  });
  after(() => rhizome.close());

  test('communities form a hierarchy with reports that cite their evidence, and survive re-indexing unchanged', async () => {
    const communities = await rhizome.communities();
    const levels = new Set(communities.map((community) => community.level));
    assert.ok(levels.has(0));
    const ids = new Set(communities.map((community) => community.id));
    for (const community of communities) {
      assert.ok(community.memberIds.length >= 2);
      if (community.parentId) assert.ok(ids.has(community.parentId), `parent ${community.parentId} exists`);
      assert.ok(community.report.title.length > 0);
      for (const finding of community.report.findings) assert.ok(finding.chunkId.startsWith('chunk_'));
    }
    const tidewater = communities.find((community) => community.level === 0 && community.report.keyEntities.some((entity) => entity.name === 'Tidewater'));
    const kestrel = communities.find((community) => community.level === 0 && community.report.keyEntities.some((entity) => entity.name === 'Kestrel'));
    assert.ok(tidewater && kestrel && tidewater.id !== kestrel.id, 'the two programmes fall into different top-level communities');
    await rhizome.index(path.join(base, 'docs'));
    const again = await rhizome.communities();
    assert.deepEqual(again.map((community) => community.inputHash), communities.map((community) => community.inputHash));
  });

  test('global search lists the entities a list question asks for, with citations', async () => {
    const answer = await rhizome.query('Which suppliers does the programme work with across all the documents?', { mode: 'global' });
    assert.equal(answer.mode, 'global');
    for (const name of ['Castra Rail Signalling', 'Halden Pumps']) assert.match(answer.answer, new RegExp(name));
    assert.ok(answer.citations.some((citation) => citation.kind === 'community'));
    assert.ok(answer.citations.some((citation) => citation.kind === 'chunk'));
  });

  test('global search summarises the main themes from several communities', async () => {
    const answer = await rhizome.query('What are the main risks across these documents?', { mode: 'global' });
    assert.match(answer.answer, /\(1\)/);
    assert.match(answer.answer, /delay/);
    assert.match(answer.answer, /flooding/);
  });

  test('hybrid search answers a question that names no entity from passages and community reports', async () => {
    const context = await rhizome.retrieve('which pump supplier was replaced?', { mode: 'hybrid' });
    assert.equal(context.mode, 'hybrid');
    assert.ok(context.communities.length > 0);
    const answer = await rhizome.query('which pump supplier was replaced?', { mode: 'hybrid' });
    assert.match(answer.answer, /Morrow Industries/);
  });

  test('auto routing picks a mode per question and says why', async () => {
    const themes = await rhizome.query('What are the main themes across these documents?', { mode: 'auto' });
    assert.equal(themes.metadata.route, 'global');
    assert.match(themes.metadata.reason, /corpus-wide/);
    const named = await rhizome.query('Who manages the Tidewater programme?', { mode: 'auto' });
    assert.equal(named.metadata.route, 'local');
    assert.match(named.metadata.reason, /Tidewater/);
    assert.match(named.answer, /Marcus Lindqvist/);
    const unnamed = await rhizome.query('which pump supplier was replaced?', { mode: 'auto' });
    assert.equal(unnamed.metadata.route, 'hybrid');
  });
});

test('the router follows the documented signals', () => {
  const withCommunities = { namedEntities: [], hasCommunities: true };
  assert.equal(routeQuestion('What are the main themes?', withCommunities).mode, 'global');
  assert.equal(routeQuestion('Quels sont les grands thèmes du corpus ?', withCommunities).mode, 'global');
  assert.equal(routeQuestion('Which contractors does the Authority work with?', { namedEntities: ['Authority'], hasCommunities: true }).mode, 'global');
  const temporal = routeQuestion('Who currently leads Kestrel?', { namedEntities: ['Kestrel'], hasCommunities: true });
  assert.equal(temporal.mode, 'local');
  assert.match(temporal.reason, /temporal/);
  assert.equal(routeQuestion('what changed last year?', withCommunities).mode, 'hybrid');
  assert.equal(routeQuestion('What problems come up most often in these documents?', withCommunities).mode, 'global');
  const risks = routeQuestion('Which risks did the auditors find?', withCommunities);
  assert.equal(risks.mode, 'global');
  assert.match(risks.reason, /risks or problems/);
  assert.equal(routeQuestion('What is the risk of flooding?', withCommunities).mode, 'hybrid', 'one risk asked about: passages');
  assert.equal(routeQuestion('Which risks does Kestrel face?', { namedEntities: ['Kestrel'], hasCommunities: true }).mode, 'local');
  assert.equal(routeQuestion('what changed last year?', { namedEntities: [], hasCommunities: false }).mode, 'naive');
});
