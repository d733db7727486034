import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_RANKING_PROFILE, type RankingProfile } from '../../src/config/ranking-profile.js';
import type { RelationPath } from '../../src/core/retrieval-context.js';
import { answerHeadStem } from '../../src/ask/expected-answer-type.js';
import { contentStems } from '../../src/text/content-stems.js';
import { rankRelationPaths, type PathQuery } from '../../src/query/local/rank-relation-paths.js';
import { smallGraph, type SmallGraph } from './small-graph.js';
import type { Entity } from '../../src/core/records.js';
import { saysTakesOver } from '../../src/text/sentence-validity.js';

const PATHS = DEFAULT_RANKING_PROFILE.paths;

/** A path query from the seed names and the question's words (the seed's own words left out, as local search does). */
function query(graph: SmallGraph, seeds: string[], words: string, overrides: Partial<PathQuery> = {}): PathQuery {
  return {
    questionStems: new Set(contentStems(words)),
    seeds: seeds.map((name) => graph.at(name)),
    wantedTypes: new Map(),
    headStem: null,
    headFirst: false,
    entityScore: () => 0,
    temporal: null,
    maxHops: 2,
    profile: PATHS,
    ...overrides,
  };
}

const names = (path: RelationPath | undefined): string => (path ? path.entities.map((entity) => entity.name).join(' → ') : '(none)');
const profile = (changes: Partial<RankingProfile['paths']>): RankingProfile['paths'] => ({ ...PATHS, ...changes });
/** Score of the path through exactly these entities. */
function scoreOf(paths: RelationPath[], route: string): number {
  const path = paths.find((candidate) => names(candidate) === route);
  assert.ok(path, `no path ${route} among ${paths.map(names).join('; ')}`);
  return path.score;
}
const close = (actual: number, expected: number, message?: string) => assert.ok(Math.abs(actual - expected) < 1e-9, `${message ?? ''} ${actual} ≠ ${expected}`);

test('the path whose evidence covers the question wins', async () => {
  const graph = smallGraph(
    [{ name: 'Alder Works' }, { name: 'Brightwater' }, { name: 'Corvane FC' }],
    [
      { source: 'Alder Works', target: 'Brightwater', evidence: 'Alder Works supplies sensors to Brightwater.' },
      { source: 'Alder Works', target: 'Corvane FC', evidence: 'Alder Works sponsors the football club Corvane FC.' },
    ],
  );
  const paths = (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'who supplies sensors'), 8));
  assert.deepEqual(paths.map(names), ['Alder Works → Brightwater', 'Alder Works → Corvane FC']);
  close(paths[0]?.score as number, 1 - PATHS.lengthPenalty, 'full coverage minus one hop');
  const football = (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'which football club'), 8));
  assert.equal(names(football[0]), 'Alder Works → Corvane FC');
});

test('a path ending on the asked type beats one ending on another type; typeMatchBonus and typeMismatchPenalty are the gap', async () => {
  const graph = smallGraph(
    [{ name: 'Alder Works', type: 'Organization' }, { name: 'Bea Lund', type: 'Person' }, { name: 'Corvane', type: 'Organization' }, { name: 'Dunmore', type: 'Concept' }],
    [
      { source: 'Alder Works', target: 'Bea Lund', evidence: 'Alder Works works with Bea Lund.' },
      { source: 'Alder Works', target: 'Corvane', evidence: 'Alder Works works with Corvane.' },
      { source: 'Alder Works', target: 'Dunmore', evidence: 'Alder Works works with Dunmore.' },
    ],
  );
  const rank = async (wanted: string, changes: Partial<RankingProfile['paths']> = {}) =>
    (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'works with', { wantedTypes: new Map([[wanted, 1]]), profile: profile(changes) }), 8));
  assert.deepEqual((await rank('Person')).map(names), ['Alder Works → Bea Lund', 'Alder Works → Dunmore', 'Alder Works → Corvane'], 'unknown type (Concept) costs less than a mismatch');
  assert.equal(names((await rank('Organization'))[0]), 'Alder Works → Corvane');
  const byPerson = (await rank('Person'));
  close(scoreOf(byPerson, 'Alder Works → Bea Lund') - scoreOf(byPerson, 'Alder Works → Corvane'), PATHS.typeMatchBonus + PATHS.typeMismatchPenalty);
  close(scoreOf(byPerson, 'Alder Works → Corvane') - scoreOf(byPerson, 'Alder Works → Dunmore'), PATHS.unknownTypePenalty - PATHS.typeMismatchPenalty);
  const withoutBonus = (await rank('Person', { typeMatchBonus: 0 }));
  close(scoreOf(withoutBonus, 'Alder Works → Bea Lund') - scoreOf(withoutBonus, 'Alder Works → Corvane'), PATHS.typeMismatchPenalty, 'typeMatchBonus 0 leaves only the penalty');
  const neutral = (await rank('Person', { typeMatchBonus: 0, typeMismatchPenalty: 0, unknownTypePenalty: 0 }));
  assert.equal(new Set(neutral.map((path) => path.score)).size, 1, 'with every type weight at 0 the three paths tie');
});

test('a path ending on an entity described with the question\'s head noun wins', async () => {
  const graph = smallGraph(
    [
      { name: 'Alder Works', type: 'Organization' },
      { name: 'Brightwater Trust', type: 'Organization', description: 'a grant-giving charity' },
      { name: 'Corvane', type: 'Organization', description: 'a football club' },
    ],
    [
      { source: 'Alder Works', target: 'Corvane', evidence: 'Alder Works funded Corvane.' },
      { source: 'Alder Works', target: 'Brightwater Trust', evidence: 'Alder Works funded Brightwater Trust.' },
    ],
  );
  const question = 'Which charity did Alder Works fund?';
  const headStem = answerHeadStem(question);
  assert.ok(headStem !== null);
  const paths = (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'fund', { headStem }), 8));
  assert.deepEqual(paths.map(names), ['Alder Works → Brightwater Trust', 'Alder Works → Corvane']);
  close((paths[0]?.score as number) - (paths[1]?.score as number), PATHS.typeMatchBonus);
  const clubs = (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'fund', { headStem: answerHeadStem('Which club did Alder Works fund?') }), 8));
  assert.equal(names(clubs[0]), 'Alder Works → Corvane');
});

test('the head noun counts as a phrase\'s head or a name\'s, not as a modifier', async () => {
  const graph = smallGraph(
    [
      { name: 'Alder Works', type: 'Organization' },
      { name: 'Keel', type: 'Project', description: 'quay-wall monitoring programme' },
      { name: 'Birch Quay', type: 'Project' },
    ],
    [
      { source: 'Alder Works', target: 'Keel', evidence: 'Alder Works runs Keel.' },
      { source: 'Alder Works', target: 'Birch Quay', evidence: 'Alder Works runs Birch Quay.' },
    ],
  );
  const ranked = async (question: string) => (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'run', { headStem: answerHeadStem(question) }), 8));
  const quays = (await ranked('Which quay does Alder Works run?'));
  assert.equal(names(quays[0]), 'Alder Works → Birch Quay', 'the name ends with the head noun');
  close(scoreOf(quays, 'Alder Works → Birch Quay') - scoreOf(quays, 'Alder Works → Keel'), PATHS.typeMatchBonus, '"quay-wall" only qualifies the programme');
  assert.equal(names((await ranked('Which programme does Alder Works run?'))[0]), 'Alder Works → Keel');
  const french = (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'run', { headStem: answerHeadStem('Which programme does Alder Works run?'), headFirst: true }), 8));
  assert.equal(scoreOf(french, 'Alder Works → Keel'), scoreOf(french, 'Alder Works → Birch Quay'), 'read head-first, the phrase is about quays, not programmes');
});

test('a hub bridge (mentioned in most chunks) loses to a specific bridge with equal evidence', async () => {
  const everywhere = Array.from({ length: 9 }, (_, position) => `c${position}`);
  const graph = smallGraph(
    [
      { name: 'Alder Works', chunks: ['c0'] },
      { name: 'Harbour City', chunks: everywhere },
      { name: 'Selby Yard', chunks: ['c9'] },
      { name: 'Zephyr Turbines', chunks: ['c8'] },
    ],
    [
      { source: 'Alder Works', target: 'Harbour City', evidence: 'Alder Works is near Harbour City.' },
      { source: 'Alder Works', target: 'Selby Yard', evidence: 'Alder Works is near Selby Yard.' },
      { source: 'Harbour City', target: 'Zephyr Turbines', evidence: 'Harbour City builds turbines with Zephyr Turbines.' },
      { source: 'Selby Yard', target: 'Zephyr Turbines', evidence: 'Selby Yard builds turbines with Zephyr Turbines.' },
    ],
  );
  const paths = (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'builds turbines'), 8));
  assert.equal(names(paths[0]), 'Alder Works → Selby Yard → Zephyr Turbines');
  // Commonness = 1 − ln(chunks / mentions) / ln(chunks): 10 chunks, the hub in 9, the specific bridge in 1.
  const gap = scoreOf(paths, 'Alder Works → Selby Yard → Zephyr Turbines') - scoreOf(paths, 'Alder Works → Harbour City → Zephyr Turbines');
  close(gap, PATHS.hubPenalty * (1 - Math.log(10 / 9) / Math.log(10)));
  const noHubCost = (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'builds turbines', { profile: profile({ hubPenalty: 0 }) }), 8));
  close(scoreOf(noHubCost, 'Alder Works → Selby Yard → Zephyr Turbines'), scoreOf(noHubCost, 'Alder Works → Harbour City → Zephyr Turbines'), 'hubPenalty 0: a tie');
});

test('a weak hop (weight below 0.5) costs weakHopPenalty; 0.5 is not weak', async () => {
  const graph = smallGraph(
    [{ name: 'Alder Works' }, { name: 'Bea Lund' }, { name: 'Cole Marsh' }, { name: 'Dana Fry' }],
    [
      { source: 'Alder Works', target: 'Bea Lund', evidence: 'Alder Works hired Bea Lund.', weight: 0.4 },
      { source: 'Alder Works', target: 'Cole Marsh', evidence: 'Alder Works hired Cole Marsh.', weight: 1 },
      { source: 'Alder Works', target: 'Dana Fry', evidence: 'Alder Works hired Dana Fry.', weight: 0.5 },
    ],
  );
  const paths = (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'hired', { maxHops: 1 }), 8));
  assert.equal(names(paths[2]), 'Alder Works → Bea Lund');
  close(scoreOf(paths, 'Alder Works → Cole Marsh') - scoreOf(paths, 'Alder Works → Bea Lund'), PATHS.weakHopPenalty);
  close(scoreOf(paths, 'Alder Works → Dana Fry'), scoreOf(paths, 'Alder Works → Cole Marsh'));
  const free = (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'hired', { maxHops: 1, profile: profile({ weakHopPenalty: 0 }) }), 8));
  assert.equal(new Set(free.map((path) => path.score)).size, 1);
});

/** Two chairs of Alder Works, the second from 2021; `closed` ends the first one's term when the second begins. */
function chairs(closed: boolean): SmallGraph {
  return smallGraph(
    [{ name: 'Alder Works' }, { name: 'Bea Lund' }, { name: 'Cole Marsh' }],
    [
      { source: 'Alder Works', target: 'Bea Lund', evidence: 'Alder Works is chaired by Bea Lund.', validFrom: '2015-03-01', validTo: closed ? '2021-06-01' : null },
      { source: 'Alder Works', target: 'Cole Marsh', evidence: 'Alder Works is chaired by Cole Marsh.', validFrom: '2021-06-01' },
    ],
  );
}

/** The chair paths for a temporal preference; Bea Lund leads on walk relevance (1 against 0.5), a small lead inside the window. */
async function rankChairs(graph: SmallGraph, temporal: PathQuery['temporal'], changes: Partial<RankingProfile['paths']> = {}): Promise<string[]> {
  const entityScore = (entityIndex: number) => (entityIndex === graph.at('Bea Lund') ? 1 : entityIndex === graph.at('Cole Marsh') ? 0.5 : 0);
  return (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'chaired', { maxHops: 1, entityScore, temporal, profile: profile(changes) }), 8)).map(names);
}

const OLDER_FIRST = ['Alder Works → Bea Lund', 'Alder Works → Cole Marsh'];
const RECENT_FIRST = ['Alder Works → Cole Marsh', 'Alder Works → Bea Lund'];

test('"latest" picks the most recent fact among near-equal paths; temporalBonus 0 or a zero window turn it off', async () => {
  const graph = chairs(false);
  const lead = PATHS.endRelevance * 0.5;
  assert.ok(lead < PATHS.temporalWindow && lead < PATHS.temporalBonus);
  assert.deepEqual((await rankChairs(graph, null)), OLDER_FIRST, 'without a temporal preference the walk decides');
  assert.deepEqual((await rankChairs(graph, { prefer: 'latest' })), RECENT_FIRST);
  assert.deepEqual((await rankChairs(graph, { prefer: 'latest' }, { temporalBonus: 0 })), OLDER_FIRST);
  assert.deepEqual((await rankChairs(graph, { prefer: 'latest' }, { temporalWindow: 0 })), OLDER_FIRST, 'a zero window leaves the best path the only contender');
  assert.deepEqual((await rankChairs(graph, { prefer: 'latest' }, { endRelevance: 1 })), OLDER_FIRST, 'a lead larger than the window is not overturned by dates');
});

test('a date favours the fact valid at that date; a closed fact is not "latest"', async () => {
  const graph = chairs(true);
  assert.deepEqual((await rankChairs(graph, { prefer: 'at', date: '2018-01-01' })), OLDER_FIRST);
  assert.deepEqual((await rankChairs(graph, { prefer: 'at', date: '2022-01-01' })), RECENT_FIRST);
  assert.deepEqual((await rankChairs(graph, { prefer: 'latest' }, { temporalWindow: 0 })), RECENT_FIRST, 'the best path alone, closed, is pushed down');
  // An open-ended older fact stays valid at a later date, so the walk's lead decides again.
  assert.deepEqual((await rankChairs(chairs(false), { prefer: 'at', date: '2022-01-01' })), OLDER_FIRST);
});

test('a shorter path that explains as much wins by lengthPenalty per hop', async () => {
  const graph = smallGraph(
    [{ name: 'Alder Works' }, { name: 'Bea Lund' }, { name: 'Cole Marsh' }],
    [
      { source: 'Alder Works', target: 'Cole Marsh', evidence: 'Alder Works pays Cole Marsh.' },
      { source: 'Alder Works', target: 'Bea Lund', evidence: 'Alder Works knows Bea Lund.' },
      { source: 'Bea Lund', target: 'Cole Marsh', evidence: 'Bea Lund pays Cole Marsh.' },
    ],
  );
  const paths = (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'pays'), 8));
  assert.equal(names(paths[0]), 'Alder Works → Cole Marsh');
  close(scoreOf(paths, 'Alder Works → Cole Marsh') - scoreOf(paths, 'Alder Works → Bea Lund → Cole Marsh'), PATHS.lengthPenalty);
});

test('"latest": a path whose last fact ended hands its place to the same-type successor whose fact began then', async () => {
  const graph = smallGraph(
    [{ name: 'Alder Works' }, { name: 'Bea Lund', type: 'Person' }, { name: 'Cole Marsh', type: 'Person' }, { name: 'Dana Fry', type: 'Person' }],
    [
      { source: 'Alder Works', target: 'Bea Lund', evidence: 'After ten years at the head of Alder Works, Bea Lund retires on 31 March.', validFrom: null, validTo: '2024-03-31' },
      { source: 'Alder Works', target: 'Cole Marsh', evidence: 'Cole Marsh takes up the post on 1 April.', validFrom: '2024-04-01' },
      { source: 'Alder Works', target: 'Dana Fry', evidence: 'Dana Fry visited Alder Works.', validFrom: '2023-01-01' },
    ],
  );
  const ask = async (temporal: PathQuery['temporal']) => (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'head', { maxHops: 1, temporal }), 8)).map(names);
  assert.equal((await ask(null))[0], 'Alder Works → Bea Lund', 'the evidence words alone reach the retired head');
  assert.equal((await ask({ prefer: 'latest' }))[0], 'Alder Works → Cole Marsh', 'the successor, whose term starts the day after, takes the lead');
  assert.equal((await ask({ prefer: 'at', date: '2024-03' }))[0], 'Alder Works → Bea Lund', 'in March the retired head still held the post');
});

test('"latest": the successor may be a name the text never typed, but not one of another type', async () => {
  const graph = smallGraph(
    [{ name: 'Alder Works' }, { name: 'Halden Care', type: 'Organization' }, { name: 'Vorrin', type: 'Concept' }, { name: 'Tarn Quay', type: 'Location' }],
    [
      { source: 'Alder Works', target: 'Halden Care', evidence: 'Halden Care maintains the boats of Alder Works until 31 May.', validFrom: null, validTo: '2024-05-31' },
      { source: 'Alder Works', target: 'Vorrin', evidence: 'From 1 June the boats are looked after by Vorrin.', validFrom: '2024-06-01' },
      { source: 'Alder Works', target: 'Tarn Quay', evidence: 'From 1 July Alder Works moors at Tarn Quay.', validFrom: '2024-07-01' },
    ],
  );
  const ask = async (temporal: PathQuery['temporal']) => (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'maintains boats', { maxHops: 1, temporal }), 8)).map(names);
  assert.equal((await ask(null))[0], 'Alder Works → Halden Care');
  assert.equal((await ask({ prefer: 'latest' }))[0], 'Alder Works → Vorrin', 'the untyped successor takes over; the quay, a place, does not');
});

test('"latest" is as of the latest the documents know: a successor whose term ends after that is a plan still running, not an ending', async () => {
  const graph = smallGraph(
    [{ name: 'Alder Works' }, { name: 'Halden Care', type: 'Organization' }, { name: 'Vorrin Marine', type: 'Organization' }, { name: 'Tarn Quay', type: 'Location' }],
    [
      { source: 'Alder Works', target: 'Halden Care', evidence: 'Halden Care maintains the boats of Alder Works until 31 May 2024.', validFrom: '2022-04-01', validTo: '2024-05-31' },
      { source: 'Alder Works', target: 'Vorrin Marine', evidence: 'From 1 June 2024 the boats are looked after by Vorrin Marine for two years.', validFrom: '2024-06-01', validTo: '2026-05-31' },
      { source: 'Alder Works', target: 'Tarn Quay', evidence: 'Alder Works moors at Tarn Quay.', validFrom: '2024-09-01' },
    ],
  );
  const ask = async (temporal: PathQuery['temporal']) => (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'maintains boats', { maxHops: 1, temporal }), 8)).map(names);
  assert.equal((await ask({ prefer: 'latest' }))[0], 'Alder Works → Vorrin Marine', 'the latest start is 2024-09-01: an end in 2026 lies ahead of it');
  const known = smallGraph(
    [{ name: 'Alder Works' }, { name: 'Halden Care', type: 'Organization' }, { name: 'Vorrin Marine', type: 'Organization' }, { name: 'Tarn Quay', type: 'Location' }],
    [
      { source: 'Alder Works', target: 'Halden Care', evidence: 'Halden Care maintains the boats of Alder Works until 31 May 2024.', validFrom: '2022-04-01', validTo: '2024-05-31' },
      { source: 'Alder Works', target: 'Vorrin Marine', evidence: 'From 1 June 2024 the boats are looked after by Vorrin Marine for two years.', validFrom: '2024-06-01', validTo: '2026-05-31' },
      { source: 'Alder Works', target: 'Tarn Quay', evidence: 'Alder Works moors at Tarn Quay.', validFrom: '2026-09-01' },
    ],
  );
  const askKnown = (await rankRelationPaths(known.index, query(known, ['Alder Works'], 'maintains boats', { maxHops: 1, temporal: { prefer: 'latest' } }), 8)).map(names);
  assert.notEqual(askKnown[0], 'Alder Works → Vorrin Marine', 'once the documents reach past its end, the term has ended');
});

test('a pair\'s validity reads every relation between the two: a later end closes an earlier start', async () => {
  const graph = smallGraph(
    [{ name: 'Alder Works' }, { name: 'Bea Lund', type: 'Person' }, { name: 'Cole Marsh', type: 'Person' }],
    [
      { source: 'Alder Works', target: 'Bea Lund', evidence: 'Bea Lund heads Alder Works.', validFrom: '2016-01-01' },
      { source: 'Bea Lund', target: 'Alder Works', evidence: 'Bea Lund will retire on 31 March.', validFrom: null, validTo: '2024-03-31' },
      // Written after the retirement: the documents know the end has come (see the "as of the latest the documents know" test).
      { source: 'Alder Works', target: 'Cole Marsh', evidence: 'Cole Marsh joined the board of Alder Works.', validFrom: '2024-05-01' },
    ],
  );
  const rank = async (temporal: PathQuery['temporal']) => (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'heads', { maxHops: 1, temporal }), 8));
  // The path takes the relation whose evidence says "heads" (open-ended); the pair is still closed by the other one.
  close(scoreOf((await rank({ prefer: 'latest' })), 'Alder Works → Bea Lund'), scoreOf((await rank(null)), 'Alder Works → Bea Lund') - PATHS.temporalBonus);
});

test('evidence that says a question word with another word of its relation earns alternativeWordShare of its weight', async () => {
  const graph = smallGraph(
    [{ name: 'Pump X' }, { name: 'Alder Works', type: 'Organisation' }, { name: 'Brook Ltd', type: 'Organisation' }],
    [
      { source: 'Alder Works', target: 'Pump X', evidence: 'Alder Works assembles Pump X.' },
      { source: 'Brook Ltd', target: 'Pump X', evidence: 'Brook Ltd visited the Pump X stand.' },
    ],
  );
  const alternatives = new Map([[contentStems('assembles')[0] as string, contentStems('manufactures')[0] as string]]);
  const rank = async (share: number) => (await rankRelationPaths(graph.index, query(graph, ['Pump X'], 'manufactures', { maxHops: 1, relationAlternatives: alternatives, profile: profile({ alternativeWordShare: share }) }), 8));
  close(scoreOf((await rank(0.5)), 'Pump X → Alder Works') - scoreOf((await rank(0)), 'Pump X → Alder Works'), 0.5, 'the only question word, met through its alternative, at half weight');
  close(scoreOf((await rank(0.5)), 'Pump X → Brook Ltd'), scoreOf((await rank(0)), 'Pump X → Brook Ltd'));
  assert.equal(names((await rank(0.5))[0]), 'Pump X → Alder Works');
});

test('a chain through the kinds the question names on the way wins a tie, by bridgeKindBonus times the share met', async () => {
  const graph = smallGraph(
    [
      { name: 'Alder Works', type: 'Organisation' }, { name: 'Harrow Depot', type: 'Location' }, { name: 'Kite', type: 'Project' },
      { name: 'Bea Lund', type: 'Person' }, { name: 'Civic Board', type: 'Organisation' }, { name: 'Cal Moss', type: 'Person' },
    ],
    [
      { source: 'Alder Works', target: 'Harrow Depot', evidence: 'Alder Works inspected Harrow Depot.' },
      { source: 'Harrow Depot', target: 'Kite', evidence: 'Kite is built at Harrow Depot.' },
      { source: 'Kite', target: 'Bea Lund', evidence: 'Bea Lund runs Kite.' },
      { source: 'Alder Works', target: 'Civic Board', evidence: 'Alder Works reports to Civic Board.' },
      { source: 'Civic Board', target: 'Cal Moss', evidence: 'Cal Moss sits on Civic Board.' },
    ],
  );
  // Neither chain's evidence holds a word of the question: only the kinds tell them apart.
  const BONUS = 0.1;
  const ask = async (bridgeKinds: Set<string>, bonus = BONUS) => (await rankRelationPaths(graph.index, query(graph, ['Alder Works'], 'who', { maxHops: 3, bridgeKinds, profile: profile({ bridgeKindBonus: bonus }) }), 20));
  const withKinds = (await ask(new Set(['Location', 'Project'])));
  const without = (await ask(new Set()));
  const chain = 'Alder Works → Harrow Depot → Kite → Bea Lund';
  close(scoreOf(withKinds, chain) - scoreOf(without, chain), BONUS, 'both kinds met');
  close(scoreOf(withKinds, 'Alder Works → Civic Board → Cal Moss'), scoreOf(without, 'Alder Works → Civic Board → Cal Moss'), 'no kind met');
  close(scoreOf((await ask(new Set(['Location', 'Event']))), chain) - scoreOf(without, chain), BONUS / 2, 'one kind of two met');
  close(scoreOf((await ask(new Set(['Location', 'Project']), 0)), chain), scoreOf(without, chain), 'off at 0');
});

test('"currently" compares the facts of one slot: a recent fact further away does not beat the latest of the entity\'s own', async () => {
  const graph = smallGraph(
    [{ name: 'Kite', type: 'Project' }, { name: 'Ada Rhee', type: 'Person' }, { name: 'Ben Oduya', type: 'Person' }, { name: 'Lark', type: 'Project' }, { name: 'Cy Marr', type: 'Person' }],
    [
      { source: 'Kite', target: 'Ada Rhee', evidence: 'Kite is led by Ada Rhee.', validFrom: '2021-01-10' },
      { source: 'Kite', target: 'Ben Oduya', evidence: 'Kite is led by Ben Oduya.', validFrom: '2024-06-01' },
      { source: 'Kite', target: 'Lark', evidence: 'Kite shares a budget with Lark.', validFrom: '2024-02-01' },
      { source: 'Lark', target: 'Cy Marr', evidence: 'Cy Marr leads Lark.', validFrom: '2024-09-01' },
    ],
  );
  const ranked = (await rankRelationPaths(graph.index, query(graph, ['Kite'], 'who leads', { temporal: { prefer: 'latest' }, wantedTypes: new Map([['Person', 1]]) }), 8)).map(names);
  assert.equal(ranked[0], 'Kite → Ben Oduya', ranked.join('; '));
  assert.ok(ranked.indexOf('Kite → Ada Rhee') > ranked.indexOf('Kite → Ben Oduya'), 'the older fact of the same slot comes after');
});

test('"now": a supplier whose evidence says another took its place hands the answer over', async () => {
  const graph = smallGraph(
    [
      { name: 'Kite', type: 'Project' },
      { name: 'Brook Works', type: 'Organization' },
      { name: 'Vane Metal', type: 'Organization' },
      { name: 'Lumen', type: 'Organization' },
    ],
    [
      { source: 'Brook Works', target: 'Kite', evidence: 'Brook Works will build the gates for Kite.' },
      { source: 'Lumen', target: 'Kite', evidence: 'Lumen audits Kite.' },
      { source: 'Brook Works', target: 'Vane Metal', evidence: 'Brook Works has had its contract terminated. Vane Metal has been appointed to build the rest.' },
    ],
  );
  const takesOver = (evidence: string, earlier: Entity, later: Entity) => saysTakesOver(evidence, [earlier.name], [later.name], 'en');
  const ask = async (temporal: PathQuery['temporal']) => (await rankRelationPaths(graph.index, query(graph, ['Kite'], 'build gates', { temporal, takesOver, maxHops: 1 }), 8));
  assert.equal(names((await ask({ prefer: 'latest' }))[0]), 'Kite → Brook Works → Vane Metal', 'the successor answers "who builds them now"');
  assert.equal(names((await ask(null))[0]), 'Kite → Brook Works', 'without "now", the stated builder');
  const noReading = (await rankRelationPaths(graph.index, query(graph, ['Kite'], 'build gates', { temporal: { prefer: 'latest' }, maxHops: 1 }), 8));
  assert.equal(names(noReading[0]), 'Kite → Brook Works', 'with no take-over reader, no hand-over');
});

test('an anchor date (the starting event\'s) dates the path\'s first fact, not its last', async () => {
  // The ferry's incident is dated 2023-05; who built it is a fact from 1998 that the date says nothing about.
  const graph = smallGraph(
    [{ name: 'Corvel Point' }, { name: 'Velbrook' }, { name: 'Dunmore' }, { name: 'Ardlow' }],
    [
      { source: 'Corvel Point', target: 'Velbrook', evidence: 'The ferry Velbrook ran aground at Corvel Point.', validFrom: '2023-05-14' },
      { source: 'Corvel Point', target: 'Ardlow', evidence: 'Ardlow ran aground at Corvel Point.', validFrom: '2019-02-01' },
      { source: 'Velbrook', target: 'Dunmore', evidence: 'Velbrook was built by Dunmore.', validFrom: '1998-01-01', validTo: '2000-01-01' },
    ],
  );
  const entityScore = (entityIndex: number) => (entityIndex === graph.at('Ardlow') ? 1 : 0);
  const ranked = async (temporal: PathQuery['temporal']) => (await rankRelationPaths(graph.index, query(graph, ['Corvel Point'], 'ran aground', { entityScore, temporal }), 8)).map(names);
  assert.equal((await ranked(null))[0], 'Corvel Point → Ardlow', 'without a date the walk decides');
  assert.equal((await ranked({ prefer: 'at', date: '2023-05', anchor: true }))[0], 'Corvel Point → Velbrook', 'the event of May 2023 is the one the question starts from');
  assert.ok((await ranked({ prefer: 'at', date: '2023-05', anchor: true })).indexOf('Corvel Point → Velbrook → Dunmore') < (await ranked({ prefer: 'at', date: '2023-05' })).indexOf('Corvel Point → Velbrook → Dunmore'), 'read as the answer\'s date it would hold the 1998 fact against the path');
});

test('a path ends on a seed only when the query lets that seed answer', async () => {
  const graph = smallGraph(
    [{ name: 'QX-90', type: 'Product' }, { name: 'Brantwell', type: 'Organization' }, { name: 'Tollan', type: 'Organization' }],
    [
      { source: 'Brantwell', target: 'QX-90', evidence: 'Brantwell installed the QX-90 system.' },
      { source: 'Tollan', target: 'QX-90', evidence: 'Tollan services the QX-90 system.' },
    ],
  );
  const ask = async (answerable: string[]) => (await rankRelationPaths(graph.index, query(graph, ['QX-90', 'Brantwell'], 'who installed the system', { wantedTypes: new Map([['Organization', 1]]), answerableSeeds: new Set(answerable.map((name) => graph.at(name))) }), 8));
  assert.ok(!(await ask([])).some((path) => names(path).endsWith('Brantwell')), (await ask([])).map(names).join('; '));
  assert.equal(names((await ask(['Brantwell']))[0]), 'QX-90 → Brantwell');
});

test('the answers one bridge reaches compete on the main clause their last fact states: each loses offMainClausePenalty times its shortfall', async () => {
  const graph = smallGraph(
    [
      { name: 'Ridgemoor Drilling', type: 'Organisation' }, { name: 'Kettle Prospect', type: 'Location' },
      { name: 'Sandvale Assays', type: 'Organisation' }, { name: 'Aldervane Drilling', type: 'Organisation' }, { name: 'Tam Voss', type: 'Person' },
    ],
    [
      { source: 'Ridgemoor Drilling', target: 'Kettle Prospect', evidence: 'The agreement with Ridgemoor Drilling was terminated and its rigs left Kettle Prospect.' },
      { source: 'Kettle Prospect', target: 'Sandvale Assays', evidence: 'Samples from Kettle Prospect, a copper prospect, are assayed by Sandvale Assays.' },
      { source: 'Kettle Prospect', target: 'Aldervane Drilling', evidence: 'Aldervane Drilling resumed drilling at Kettle Prospect.' },
      { source: 'Kettle Prospect', target: 'Tam Voss', evidence: 'Tam Voss resumed drilling reports for Kettle Prospect.' },
    ],
  );
  const question = 'which contractor resumed drilling at the prospect where the agreement was terminated';
  const mainClauseStems = new Set(contentStems('resumed drilling at the prospect'));
  const ask = async (penalty: number) =>
    rankRelationPaths(graph.index, query(graph, ['Ridgemoor Drilling'], question, { wantedTypes: new Map([['Organisation', 1]]), mainClauseStems, profile: profile({ offMainClausePenalty: penalty }) }), 20);
  const off = await ask(0);
  const on = await ask(0.1);
  const aldervane = 'Ridgemoor Drilling → Kettle Prospect → Aldervane Drilling';
  const sandvale = 'Ridgemoor Drilling → Kettle Prospect → Sandvale Assays';
  close(scoreOf(on, aldervane), scoreOf(off, aldervane), 'the sibling stating the most of the main clause keeps its score');
  assert.ok(scoreOf(on, sandvale) < scoreOf(off, sandvale), 'a sibling stating less of it falls back');
  assert.ok(scoreOf(on, aldervane) > scoreOf(on, sandvale));
  // A sibling of another type sets no bar: the person's fact states as much, and no organisation loses by it.
  const person = 'Ridgemoor Drilling → Kettle Prospect → Tam Voss';
  close(scoreOf(on, person), scoreOf(off, person));
  // Without a main clause (no subordinate clause in the question), nothing changes.
  const plain = await rankRelationPaths(graph.index, query(graph, ['Ridgemoor Drilling'], question, { wantedTypes: new Map([['Organisation', 1]]), profile: profile({ offMainClausePenalty: 0.1 }) }), 20);
  assert.deepEqual(plain.map((path) => path.score), off.map((path) => path.score));
});
