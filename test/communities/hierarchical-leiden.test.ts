import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  detectCommunitiesLeiden,
  detectHierarchicalCommunities,
  type HierarchicalCommunity,
  type WeightedGraph,
} from '../../src/communities/index.js';
import { PartitionMemo } from '../../src/communities/partition-memo.js';
import { karateClub } from '../fixtures/karate.js';
import { generatePlantedPartition } from '../fixtures/planted-partition.js';
import { inducesConnectedSubgraph, normalizedMutualInformation } from './partition-checks.js';

const planted = generatePlantedPartition({ groupCount: 20, groupSize: 50, edgeCount: 8000, intraGroupProbability: 0.85, seed: 1 });
const sparseRandom = generatePlantedPartition({ groupCount: 1, groupSize: 600, edgeCount: 900, intraGroupProbability: 0, seed: 5 });

/** The subgraph of `graph` induced by `members`. */
function induced(graph: WeightedGraph, members: string[]): WeightedGraph {
  const inside = new Set(members);
  return { nodes: members, edges: graph.edges.filter(({ source, target }) => inside.has(source) && inside.has(target)) };
}

/** Checks ids, levels, parent links, coverage of level 0 and that children partition their parent exactly. */
function assertConsistentHierarchy(graph: WeightedGraph, communities: HierarchicalCommunity[], maxClusterSize: number): void {
  const byId = new Map(communities.map((community) => [community.id, community]));
  assert.equal(byId.size, communities.length, 'community ids are unique');
  const levelZeroMembers = communities.filter((community) => community.level === 0).flatMap((community) => community.members);
  assert.deepEqual([...levelZeroMembers].sort(), [...graph.nodes].sort(), 'level 0 covers every node once');
  const childrenByParent = new Map<string, HierarchicalCommunity[]>();
  for (const community of communities) {
    assert.match(community.id, new RegExp(`^c${community.level}_\\d+$`));
    assert.ok(inducesConnectedSubgraph(graph, community.members), `${community.id} is connected`);
    if (community.parentId === null) {
      assert.equal(community.level, 0);
      continue;
    }
    const parent = byId.get(community.parentId);
    assert.ok(parent, `${community.id} has parent ${community.parentId}`);
    assert.equal(community.level, parent.level + 1);
    childrenByParent.set(parent.id, [...(childrenByParent.get(parent.id) ?? []), community]);
  }
  for (const community of communities) {
    const children = childrenByParent.get(community.id);
    if (children === undefined) {
      if (community.members.length > maxClusterSize) {
        const split = detectCommunitiesLeiden(induced(graph, community.members));
        assert.equal(split.communityCount, 1, `oversized leaf ${community.id} could have been split`);
      }
      continue;
    }
    assert.ok(community.members.length > maxClusterSize, `${community.id} was split although small`);
    assert.ok(children.length >= 2);
    const childMembers = children.flatMap((child) => child.members).sort();
    assert.deepEqual(childMembers, [...community.members].sort(), `children of ${community.id} partition it`);
  }
}

describe('detectHierarchicalCommunities', () => {
  it('puts the karate optimum at level 0 and splits large communities below it', () => {
    const { communities, levels } = detectHierarchicalCommunities(karateClub, { maxClusterSize: 10 });
    const bestModularity = Math.max(...levels.map((level) => level.modularity));
    assert.ok(bestModularity >= 0.41, `best level modularity ${bestModularity}`);
    assert.ok(levels.length >= 2);
    assertConsistentHierarchy(karateClub, communities, 10);
  });

  it('recovers the planted groups at level 0 and respects maxClusterSize below', () => {
    const { communities } = detectHierarchicalCommunities(planted.graph, { maxClusterSize: 10 });
    const levelZero = new Map<string, string>();
    for (const community of communities.filter((candidate) => candidate.level === 0)) {
      for (const member of community.members) levelZero.set(member, community.id);
    }
    assert.ok(normalizedMutualInformation(levelZero, planted.groupByNode) > 0.999);
    assertConsistentHierarchy(planted.graph, communities, 10);
    const leaves = communities.filter((community) => !communities.some((child) => child.parentId === community.id));
    assert.ok(leaves.every((leaf) => leaf.members.length <= 10));
  });

  it('stays consistent on a sparse random graph with many components', () => {
    const { communities } = detectHierarchicalCommunities(sparseRandom.graph, { maxClusterSize: 25 });
    assertConsistentHierarchy(sparseRandom.graph, communities, 25);
  });

  it('ranks communities of a level by size, then by smallest member id', () => {
    const { communities } = detectHierarchicalCommunities(planted.graph, { maxClusterSize: 10 });
    for (const level of new Set(communities.map((community) => community.level))) {
      const ranked = communities.filter((community) => community.level === level);
      ranked.forEach((community, rank) => assert.equal(community.id, `c${level}_${rank}`));
      for (let rank = 1; rank < ranked.length; rank++) {
        const [previous, current] = [ranked[rank - 1]!, ranked[rank]!];
        assert.ok(previous.members.length >= current.members.length);
        if (previous.members.length === current.members.length) {
          assert.ok([...previous.members].sort()[0]! < [...current.members].sort()[0]!);
        }
      }
    }
  });

  it('is deterministic for a seed', () => {
    const first = detectHierarchicalCommunities(planted.graph, { seed: 3 });
    const second = detectHierarchicalCommunities(planted.graph, { seed: 3 });
    assert.deepEqual(first, second);
  });

  it('takes from the memo only the partitions of unchanged subgraphs, and gives what a build without it gives', () => {
    const memo = new PartitionMemo();
    assert.deepEqual(detectHierarchicalCommunities(planted.graph, { maxClusterSize: 10, memo }), detectHierarchicalCommunities(planted.graph, { maxClusterSize: 10 }));
    assert.equal(memo.found, 0);
    // One more node hanging off one group, and one edge of another group weighing more: level 0 and the
    // subgraphs of those groups change, the other groups' subgraphs do not.
    const [first, second] = planted.graph.edges;
    const changed: WeightedGraph = {
      nodes: [...planted.graph.nodes, 'newcomer'],
      edges: [{ ...first!, weight: 3 }, ...planted.graph.edges.slice(1), { source: 'newcomer', target: second!.source }],
    };
    const withMemo = detectHierarchicalCommunities(changed, { maxClusterSize: 10, memo });
    assert.deepEqual(withMemo, detectHierarchicalCommunities(changed, { maxClusterSize: 10 }));
    assert.ok(memo.found > 0, 'the unchanged subgraphs were found');
    const splits = withMemo.communities.filter((community) => community.members.length > 10).length;
    assert.ok(memo.found < splits + 1, `not every partition was taken from the memo (${memo.found} of ${splits + 1})`);
    // The same graph again: every partition, level 0 included, comes from the memo.
    const before = memo.found;
    assert.deepEqual(detectHierarchicalCommunities(changed, { maxClusterSize: 10, memo }), withMemo);
    assert.equal(memo.found - before, splits + 1);
  });

  it('remembers no graph beyond its bound', () => {
    const memo = new PartitionMemo(100);
    detectHierarchicalCommunities(planted.graph, { maxClusterSize: 10, memo });
    detectHierarchicalCommunities(planted.graph, { maxClusterSize: 10, memo });
    assert.equal(memo.found, 0);
  });

  it('keeps a clique larger than maxClusterSize whole, since no split improves modularity', () => {
    const nodes = Array.from({ length: 15 }, (_, index) => `k${index}`);
    const edges = nodes.flatMap((source, index) => nodes.slice(index + 1).map((target) => ({ source, target })));
    const { communities, levels } = detectHierarchicalCommunities({ nodes, edges }, { maxClusterSize: 10 });
    assert.equal(communities.length, 1);
    assert.deepEqual(communities[0], { id: 'c0_0', level: 0, parentId: null, members: nodes });
    assert.deepEqual(levels, [{ level: 0, communityCount: 1, modularity: 0 }]);
  });

  it('gives isolated nodes their own community and handles the empty graph', () => {
    assert.deepEqual(detectHierarchicalCommunities({ nodes: [], edges: [] }), { communities: [], levels: [] });
    const { communities } = detectHierarchicalCommunities({ nodes: ['b', 'a', 'c'], edges: [{ source: 'b', target: 'c' }] });
    assert.deepEqual(
      communities.map(({ id, members }) => [id, members]),
      [['c0_0', ['b', 'c']], ['c0_1', ['a']]],
    );
  });

  it('rejects a maxClusterSize below 1', () => {
    assert.throws(() => detectHierarchicalCommunities(karateClub, { maxClusterSize: 0 }), /maxClusterSize/);
  });
});
