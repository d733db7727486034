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
