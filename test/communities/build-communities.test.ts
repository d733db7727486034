import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildCommunities } from '../../src/communities/build-communities.js';
import { writeExtractiveReport } from '../../src/communities/extractive-report.js';
import { createSeededRandom } from '../../src/communities/seeded-random.js';
import type { Entity, Mention, Relation } from '../../src/core/records.js';
import type { GraphProjection } from '../../src/graph/store.js';

const OPTIONS = { maxClusterSize: 6, seed: 7 };

/** A clustered random graph: groups of entities densely related inside, sparsely across, some isolated names. */
function randomProjection(seed: number, entityCount = 120): GraphProjection {
  const random = createSeededRandom(seed);
  const pick = (count: number) => Math.floor(random() * count);
  const entities: Entity[] = Array.from({ length: entityCount }, (_, index) => ({ id: `ent_${String(index).padStart(3, '0')}`, type: 'Organisation', name: `Name ${index}`, aliases: [], description: '', mentionCount: 1 }));
  const relations: Relation[] = [];
  const mentions: Mention[] = [];
  const linked = Math.floor(entityCount * 0.8);
  for (let index = 0; index < linked * 3; index += 1) {
    const source = pick(linked);
    const sameGroup = random() < 0.85;
    const target = sameGroup ? Math.min(linked - 1, source - (source % 10) + pick(10)) : pick(linked);
    if (source === target) continue;
    const chunkId = `chunk_${pick(60)}`;
    relations.push({ id: `rel_${String(index).padStart(4, '0')}`, type: random() < 0.5 ? 'RELATED_TO' : 'SUPPLIES', sourceId: entities[source]!.id, targetId: entities[target]!.id, evidence: `sentence ${index}`, chunkId, documentId: 'doc_a', start: index, end: index + 5, weight: [1, 0.5, 0.25][pick(3)]!, validFrom: null, validTo: null });
    mentions.push({ chunkId, entityId: entities[source]!.id, count: 1 }, { chunkId, entityId: entities[target]!.id, count: 1 });
  }
  for (let index = linked; index < entityCount; index += 1) mentions.push({ chunkId: `chunk_${pick(60)}`, entityId: entities[index]!.id, count: 1 });
  return { entities, relations, mentions };
}

/** The same graph as another corpus location would give it: other relation and chunk ids, another order. */
function movedElsewhere(projection: GraphProjection): GraphProjection {
  const chunk = (id: string) => `moved_${id}`;
  const relations = projection.relations.map((relation) => ({ ...relation, id: `moved_${relation.id}`, chunkId: chunk(relation.chunkId) })).reverse();
  const mentions = projection.mentions.map((mention) => ({ ...mention, chunkId: chunk(mention.chunkId) })).reverse();
  return { entities: [...projection.entities].reverse(), relations, mentions };
}

const partitionOf = (communities: Awaited<ReturnType<typeof buildCommunities>>['communities']) =>
  communities.map((community) => ({ id: community.id, level: community.level, parentId: community.parentId, members: [...community.memberIds].sort() })).sort((left, right) => left.id.localeCompare(right.id));

test('each report is written from exactly the relations with both ends among the community members, in input order', async () => {
  const projection = randomProjection(3);
  const seen: Array<{ members: string[]; relations: Relation[] }> = [];
  await buildCommunities(projection, OPTIONS, [], (members, relations) => {
    seen.push({ members: members.map((entity) => entity.id), relations });
    return writeExtractiveReport(members, relations);
  });
  assert.ok(seen.length > 5);
  for (const { members, relations } of seen) {
    const memberSet = new Set(members);
    assert.deepEqual(relations, projection.relations.filter((relation) => memberSet.has(relation.sourceId) && memberSet.has(relation.targetId)));
  }
});

test('the partition and the community ids depend on the entities and their links, not on relation ids, chunk ids or input order', async () => {
  for (const seed of [1, 2, 3]) {
    const projection = randomProjection(seed);
    const here = await buildCommunities(projection, OPTIONS);
    const elsewhere = await buildCommunities(movedElsewhere(projection), OPTIONS);
    assert.deepEqual(partitionOf(elsewhere.communities), partitionOf(here.communities));
  }
});

test('a community id is derived from its level and first member, so two runs give the same ids and a parent link names an existing community', async () => {
  const projection = randomProjection(5);
  const first = await buildCommunities(projection, OPTIONS);
  const second = await buildCommunities(projection, OPTIONS);
  assert.deepEqual(first.communities.map((community) => community.id), second.communities.map((community) => community.id));
  const ids = new Set(first.communities.map((community) => community.id));
  assert.equal(ids.size, first.communities.length);
  for (const community of first.communities) {
    assert.match(community.id, /^com_[0-9a-f]{16}$/);
    if (community.parentId !== null) assert.ok(ids.has(community.parentId));
  }
});

test('a small change to the graph moves only the communities it reaches: most keep their members and ids', async () => {
  const projection = randomProjection(11, 1000);
  const before = await buildCommunities(projection, OPTIONS);
  const newcomer: Entity = { id: 'ent_new', type: 'Person', name: 'Velbrook Newcomer', aliases: [], description: '', mentionCount: 1 };
  const link = (id: string, sourceId: string, targetId: string): Relation => ({ id, type: 'RELATED_TO', sourceId, targetId, evidence: `${id} sentence`, chunkId: 'chunk_new', documentId: 'doc_b', start: 0, end: 5, weight: 1, validFrom: null, validTo: null });
  const changed: GraphProjection = {
    entities: [...projection.entities, newcomer],
    relations: [...projection.relations, link('rel_new_1', 'ent_new', 'ent_005'), link('rel_new_2', 'ent_new', 'ent_007')],
    mentions: [...projection.mentions, { chunkId: 'chunk_new', entityId: 'ent_new', count: 1 }],
  };
  const after = await buildCommunities(changed, OPTIONS);
  const kept = new Set(after.communities.map((community) => community.id));
  const unchanged = before.communities.filter((community) => kept.has(community.id)).length;
  assert.ok(before.communities.length > 100, `${before.communities.length} communities`);
  assert.ok(unchanged >= 0.9 * before.communities.length, `${unchanged} of ${before.communities.length} communities unchanged`);
  // The communities the newcomer joined keep their ids (its id sorts after their first members'): citations of them still hold.
  const joined = after.communities.filter((community) => community.memberIds.includes('ent_new'));
  assert.ok(joined.length > 0);
  const known = new Set(before.communities.map((community) => community.id));
  for (const community of joined) assert.ok(known.has(community.id), `${community.id} (level ${community.level}) kept its id`);
});
