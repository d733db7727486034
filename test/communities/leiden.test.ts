import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';
import { computeModularity, detectCommunitiesLeiden, type WeightedGraph } from '../../src/communities/index.js';
import { mixKey } from '../../src/communities/graph-projection.js';
import { keyedOrder } from '../../src/communities/leiden-phases.js';
import { isRhizomeError } from '../../src/errors/rhizome-error.js';
import { karateClub } from '../fixtures/karate.js';
import { runLouvainBaseline, toGraphology } from '../fixtures/louvain-baseline.js';
import { generatePlantedPartition } from '../fixtures/planted-partition.js';
import { groupMembers, inducesConnectedSubgraph, normalizedMutualInformation } from './partition-checks.js';

const planted = generatePlantedPartition({ groupCount: 20, groupSize: 50, edgeCount: 8000, intraGroupProbability: 0.85, seed: 1 });
const noisyPlanted = generatePlantedPartition({ groupCount: 40, groupSize: 25, edgeCount: 4000, intraGroupProbability: 0.5, seed: 3 });
const sparseRandom = generatePlantedPartition({ groupCount: 1, groupSize: 2000, edgeCount: 3000, intraGroupProbability: 0, seed: 2 });
const namedGraphs: Array<[string, WeightedGraph]> = [
  ['karate club', karateClub],
  ['planted partition', planted.graph],
  ['noisy planted partition', noisyPlanted.graph],
  ['sparse random graph', sparseRandom.graph],
];

/** Two triangles {a,b,c} and {d,e,f} joined by a light edge, with a self-loop on e. */
const weightedTriangles: WeightedGraph = {
  nodes: ['a', 'b', 'c', 'd', 'e', 'f'],
  edges: [
    { source: 'a', target: 'b', weight: 2 },
    { source: 'b', target: 'c' },
    { source: 'a', target: 'c' },
    { source: 'c', target: 'd', weight: 0.5 },
    { source: 'd', target: 'e', weight: 3 },
    { source: 'e', target: 'e', weight: 1.5 },
    { source: 'd', target: 'f' },
    { source: 'e', target: 'f' },
  ],
};

describe('computeModularity', () => {
  it('matches networkx on a weighted graph with a self-loop', () => {
    const triangles = new Map(['a', 'b', 'c', 'd', 'e', 'f'].map((node, index) => [node, index < 3 ? 0 : 1]));
    const pairs = new Map(['a', 'b', 'c', 'd', 'e', 'f'].map((node, index) => [node, Math.floor(index / 2)]));
    // Reference values from networkx.algorithms.community.modularity 3.6.
    assert.ok(Math.abs(computeModularity(weightedTriangles, triangles) - 0.42871900826446285) < 1e-12);
    assert.ok(Math.abs(computeModularity(weightedTriangles, triangles, 1.5) - 0.165805785123967) < 1e-12);
    assert.ok(Math.abs(computeModularity(weightedTriangles, pairs) - 0.1115702479338843) < 1e-12);
  });

  it('counts a duplicate edge like one edge of double weight', () => {
    const doubled: WeightedGraph = { nodes: ['a', 'b', 'c'], edges: [{ source: 'a', target: 'b' }, { source: 'a', target: 'b' }, { source: 'b', target: 'c' }] };
    const weighted: WeightedGraph = { nodes: ['a', 'b', 'c'], edges: [{ source: 'a', target: 'b', weight: 2 }, { source: 'b', target: 'c' }] };
    const membership = new Map([['a', 0], ['b', 0], ['c', 1]]);
    assert.equal(computeModularity(doubled, membership), computeModularity(weighted, membership));
  });
});

describe('detectCommunitiesLeiden', () => {
  it('reaches the known optimum modularity on the karate club', () => {
    const result = detectCommunitiesLeiden(karateClub);
    assert.ok(result.modularity >= 0.41, `karate modularity ${result.modularity}`);
    assert.equal(result.communityCount, 4);
    assert.ok(Math.abs(result.modularity - computeModularity(karateClub, result.membership)) < 1e-12);
  });

  it('recovers a planted partition of 20 groups of 50 exactly', () => {
    const result = detectCommunitiesLeiden(planted.graph);
    assert.equal(result.communityCount, 20);
    assert.ok(normalizedMutualInformation(result.membership, planted.groupByNode) > 0.999);
  });

  for (const [name, graph] of namedGraphs) {
    it(`gives every community a connected induced subgraph: ${name}`, () => {
      const { membership } = detectCommunitiesLeiden(graph, { seed: 7 });
      for (const [community, members] of groupMembers(membership)) {
        assert.ok(inducesConnectedSubgraph(graph, members), `community ${community} of ${name} is disconnected`);
      }
    });

    it(`scores at least graphology Louvain's best of five seeds: ${name}`, () => {
      const graphologyGraph = toGraphology(graph);
      const louvainBest = Math.max(
        ...[1, 2, 3, 4, 5].map((seed) => computeModularity(graph, runLouvainBaseline(graphologyGraph, seed).membership)),
      );
      const leiden = detectCommunitiesLeiden(graph).modularity;
      assert.ok(leiden >= louvainBest - 1e-9, `${name}: Leiden ${leiden} < Louvain ${louvainBest}`);
    });
  }

  it('keeps communities connected on graphs where local moving alone leaves disconnected ones', () => {
    // Without the refinement phase these seeds yield 3, 2 and 1 disconnected communities respectively.
    const cases = [
      { graph: { groupCount: 200, groupSize: 25, edgeCount: 6000, intraGroupProbability: 0.5, seed: 1 }, leidenSeed: 1 },
      { graph: { groupCount: 100, groupSize: 50, edgeCount: 8000, intraGroupProbability: 0.6, seed: 2 }, leidenSeed: 2 },
      { graph: { groupCount: 1, groupSize: 3000, edgeCount: 3300, intraGroupProbability: 0, seed: 0 }, leidenSeed: 0 },
    ];
    for (const { graph: spec, leidenSeed } of cases) {
      const { graph } = generatePlantedPartition(spec);
      const { membership } = detectCommunitiesLeiden(graph, { seed: leidenSeed });
      const disconnected = [...groupMembers(membership).values()].filter((members) => !inducesConnectedSubgraph(graph, members));
      assert.equal(disconnected.length, 0, `graph seed ${spec.seed}`);
    }
  });

  it('returns identical results for the same seed', () => {
    const first = detectCommunitiesLeiden(noisyPlanted.graph, { seed: 11 });
    const second = detectCommunitiesLeiden(noisyPlanted.graph, { seed: 11 });
    assert.deepEqual([...first.membership], [...second.membership]);
    assert.equal(first.modularity, second.modularity);
  });

  it('lets edge weights decide between two equally plausible splits of a ring', () => {
    const ring = ['r0', 'r1', 'r2', 'r3', 'r4', 'r5'];
    const weightedRing = (heavyFromEven: boolean): WeightedGraph => ({
      nodes: ring,
      edges: ring.map((source, index) => ({
        source,
        target: ring[(index + 1) % ring.length]!,
        weight: (index % 2 === 0) === heavyFromEven ? 10 : 1,
      })),
    });
    const pairsOf = (graph: WeightedGraph): string[][] =>
      [...groupMembers(detectCommunitiesLeiden(graph).membership).values()].map((members) => members.sort()).sort();
    assert.deepEqual(pairsOf(weightedRing(true)), [['r0', 'r1'], ['r2', 'r3'], ['r4', 'r5']]);
    assert.deepEqual(pairsOf(weightedRing(false)), [['r0', 'r5'], ['r1', 'r2'], ['r3', 'r4']]);
  });

  it('keeps isolated nodes alone and separates components', () => {
    const graph: WeightedGraph = {
      nodes: ['a', 'b', 'c', 'x', 'y', 'z', 'lonely'],
      edges: [
        { source: 'a', target: 'b' }, { source: 'b', target: 'c' }, { source: 'a', target: 'c' },
        { source: 'x', target: 'y' }, { source: 'y', target: 'z' }, { source: 'x', target: 'z' },
      ],
    };
    const { membership, communityCount } = detectCommunitiesLeiden(graph);
    assert.equal(communityCount, 3);
    assert.equal(membership.get('a'), membership.get('c'));
    assert.notEqual(membership.get('a'), membership.get('x'));
    assert.equal(membership.get('lonely'), 2);
  });

  it('handles graphs without nodes or without edges', () => {
    assert.deepEqual(detectCommunitiesLeiden({ nodes: [], edges: [] }), { membership: new Map(), modularity: 0, communityCount: 0 });
    const edgeless = detectCommunitiesLeiden({ nodes: ['a', 'b'], edges: [] });
    assert.equal(edgeless.communityCount, 2);
    assert.equal(edgeless.modularity, 0);
  });

  it('rejects an edge with an unknown endpoint, naming the edge', () => {
    const graph: WeightedGraph = { nodes: ['a', 'b'], edges: [{ source: 'a', target: 'b' }, { source: 'b', target: 'ghost' }] };
    assert.throws(
      () => detectCommunitiesLeiden(graph),
      (error: unknown) => isRhizomeError(error, 'INPUT_INVALID') && /edge #1 \(b -> ghost\).*"ghost"/.test(error.message),
    );
  });

  it('rejects negative weights and unusable options', () => {
    const negative: WeightedGraph = { nodes: ['a', 'b'], edges: [{ source: 'a', target: 'b', weight: -1 }] };
    assert.throws(() => detectCommunitiesLeiden(negative), (error: unknown) => isRhizomeError(error, 'INPUT_INVALID'));
    assert.throws(() => detectCommunitiesLeiden(karateClub, { resolution: 0 }), /resolution/);
  });
});

test('keyedOrder orders nodes by mixed key, ties by index, as a comparator sort does', () => {
  const byComparator = (keys: Uint32Array, salt: number) => {
    const mixed = Uint32Array.from(keys, (key) => mixKey(key ^ salt));
    return Array.from(Int32Array.from({ length: keys.length }, (_, node) => node).sort((left, right) => mixed[left]! - mixed[right]! || left - right));
  };
  for (const count of [0, 1, 2, 3, 8, 257, 5000]) {
    for (const salt of [0, 1, 48271, 0xffffffff]) {
      // Every seventh node shares one key: ties fall back to the index.
      const keys = Uint32Array.from({ length: count }, (_, node) => (node % 7 === 0 ? 42 : mixKey(node * 31 + 7)));
      assert.deepEqual(Array.from(keyedOrder(keys, salt)), byComparator(keys, salt), `${count} nodes, salt ${salt}`);
    }
  }
});
