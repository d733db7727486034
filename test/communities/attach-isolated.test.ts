import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Entity } from '../../src/core/records.js';
import { attachIsolatedEntities } from '../../src/communities/attach-isolated.js';
import type { HierarchicalCommunity } from '../../src/communities/hierarchical-leiden.js';

const entity = (id: string): Entity => ({ id, type: 'Organisation', name: id, aliases: [], description: '', mentionCount: 1 });

test('an entity no relation reaches joins the deepest community of the entities it shares chunks with, and its ancestors', () => {
  const communities: HierarchicalCommunity[] = [
    { id: 'c0_0', level: 0, parentId: null, members: ['a', 'b', 'c', 'd'] },
    { id: 'c0_1', level: 0, parentId: null, members: ['x', 'y'] },
    { id: 'c1_0', level: 1, parentId: 'c0_0', members: ['a', 'b'] },
    { id: 'c1_1', level: 1, parentId: 'c0_0', members: ['c', 'd'] },
    { id: 'c0_2', level: 0, parentId: null, members: ['lonely'] },
    { id: 'c0_3', level: 0, parentId: null, members: ['hermit'] },
  ];
  const mentions = [
    { chunkId: 'k1', entityId: 'lonely', count: 1 }, { chunkId: 'k1', entityId: 'c', count: 1 },
    { chunkId: 'k2', entityId: 'lonely', count: 1 }, { chunkId: 'k2', entityId: 'd', count: 1 }, { chunkId: 'k2', entityId: 'x', count: 1 },
    { chunkId: 'k3', entityId: 'hermit', count: 1 },
  ];
  const result = attachIsolatedEntities(communities, { entities: ['a', 'b', 'c', 'd', 'x', 'y', 'lonely', 'hermit'].map(entity), relations: [], mentions });
  const members = new Map(result.map((community) => [community.id, community.members]));
  assert.deepEqual(members.get('c1_1'), ['c', 'd', 'lonely']);
  assert.deepEqual(members.get('c0_0'), ['a', 'b', 'c', 'd', 'lonely']);
  assert.deepEqual(members.get('c1_0'), ['a', 'b']);
  assert.deepEqual(members.get('c0_1'), ['x', 'y']);
  assert.ok(!result.some((community) => community.members.length > 1 && community.members.includes('hermit')), 'an entity sharing no chunk stays out');
});

/** The rule stated plainly (every community weighed for every isolated entity): the oracle for the indexed version. */
function attachByScanningEveryCommunity(communities: HierarchicalCommunity[], mentions: Array<{ chunkId: string; entityId: string }>, entityIds: string[]): Map<string, string[]> {
  const grouped = communities.filter((community) => community.members.length >= 2);
  const placed = new Set(grouped.flatMap((community) => community.members));
  const byId = new Map(grouped.map((community) => [community.id, community]));
  const added = new Map<string, string[]>();
  for (const entityId of entityIds) {
    if (placed.has(entityId)) continue;
    const chunks = mentions.filter((mention) => mention.entityId === entityId).map((mention) => mention.chunkId);
    const neighbours = chunks.flatMap((chunk) => mentions.filter((mention) => mention.chunkId === chunk && mention.entityId !== entityId && placed.has(mention.entityId)).map((mention) => mention.entityId));
    let best: HierarchicalCommunity | null = null;
    let bestShare = 0;
    for (const community of grouped) {
      const share = neighbours.filter((other) => community.members.includes(other)).length;
      if (share > bestShare || (share === bestShare && share > 0 && best !== null && community.level > best.level)) {
        best = community;
        bestShare = share;
      }
    }
    for (let community = best; community; community = community.parentId ? (byId.get(community.parentId) ?? null) : null) added.set(community.id, [...(added.get(community.id) ?? []), entityId]);
  }
  return added;
}

test('isolated entities land where scanning every community would put them, ties included', () => {
  let state = 11;
  const next = (limit: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % limit;
  };
  for (let round = 0; round < 20; round += 1) {
    const placedIds = Array.from({ length: 24 }, (_, index) => `p${index}`);
    const isolatedIds = Array.from({ length: 10 }, (_, index) => `i${index}`);
    const communities: HierarchicalCommunity[] = [
      { id: 'top0', level: 0, parentId: null, members: placedIds.slice(0, 12) },
      { id: 'top1', level: 0, parentId: null, members: placedIds.slice(12) },
      { id: 'low0', level: 1, parentId: 'top0', members: placedIds.slice(0, 6) },
      { id: 'low1', level: 1, parentId: 'top0', members: placedIds.slice(6, 12) },
      { id: 'low2', level: 1, parentId: 'top1', members: placedIds.slice(12, 18) },
      ...isolatedIds.map((id, index) => ({ id: `single${index}`, level: 0, parentId: null, members: [id] })),
    ];
    const mentions = Array.from({ length: 60 }, () => ({ chunkId: `k${next(15)}`, entityId: next(3) === 0 ? (isolatedIds[next(10)] as string) : (placedIds[next(24)] as string), count: 1 }));
    const entityIds = [...placedIds, ...isolatedIds];
    const expected = attachByScanningEveryCommunity(communities, mentions, entityIds);
    const result = attachIsolatedEntities(communities, { entities: entityIds.map(entity), relations: [], mentions });
    for (const community of result) {
      const original = communities.find((candidate) => candidate.id === community.id) as HierarchicalCommunity;
      assert.deepEqual(community.members, [...original.members, ...(expected.get(community.id) ?? [])], `round ${round}, ${community.id}`);
    }
  }
});
