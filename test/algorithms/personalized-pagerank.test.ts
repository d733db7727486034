import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compressGraph, personalizedPageRank, personalizedPageRankByPush, type CompressedGraph } from '../../src/algorithms/personalized-pagerank.js';

/** An undirected graph from `[source, target, weight?]` edges over nodes 0..nodeCount-1. */
function graph(nodeCount: number, edges: ReadonlyArray<readonly [number, number, number?]>): CompressedGraph {
  return compressGraph({
    nodeCount,
    sources: Int32Array.from(edges.map(([source]) => source)),
    targets: Int32Array.from(edges.map(([, target]) => target)),
    weights: Float64Array.from(edges.map(([, , weight]) => weight ?? 1)),
  });
}

const sum = (scores: Float64Array): number => scores.reduce((total, value) => total + value, 0);

test('scores sum to 1, whatever the personalization weights add up to and with a dangling node', () => {
  const withDangling = graph(6, [[0, 1], [1, 2, 2], [2, 3], [3, 0, 0.5], [1, 3]]); // node 4 and 5 have no edges
  for (const personalization of [new Map([[0, 1]]), new Map([[0, 3], [2, 1]]), new Map([[4, 2], [1, 5]])]) {
    const scores = personalizedPageRank(withDangling, personalization, { damping: 0.5 });
    assert.ok(Math.abs(sum(scores) - 1) < 1e-9, `sum ${sum(scores)} for ${JSON.stringify([...personalization])}`);
    assert.equal(scores[5], 0);
  }
  assert.ok(Math.abs(sum(personalizedPageRank(withDangling, new Map([[0, 1]]), { damping: 0.85, iterations: 200 })) - 1) < 1e-9);
});

test('on a line graph the restart node ranks first and scores fall with distance from it', () => {
  const line = graph(5, [[0, 1], [1, 2], [2, 3], [3, 4]]);
  const scores = [...personalizedPageRank(line, new Map([[0, 1]]))];
  const order = scores.map((_, node) => node).sort((left, right) => (scores[right] as number) - (scores[left] as number));
  assert.deepEqual(order, [0, 1, 2, 3, 4]);
  const fromMiddle = [...personalizedPageRank(line, new Map([[2, 1]]))];
  assert.equal(fromMiddle.indexOf(Math.max(...fromMiddle)), 2);
});

test('a symmetric graph with a symmetric restart gives symmetric scores', () => {
  // A 4-cycle restarting at 0: nodes 1 and 3 mirror each other.
  const cycle = personalizedPageRank(graph(4, [[0, 1], [1, 2], [2, 3], [3, 0]]), new Map([[0, 1]]));
  assert.ok(Math.abs((cycle[1] as number) - (cycle[3] as number)) < 1e-12);
  assert.ok((cycle[1] as number) > (cycle[2] as number));
  // A star restarting at its centre: every leaf scores the same.
  const star = personalizedPageRank(graph(5, [[0, 1], [0, 2], [0, 3], [0, 4]]), new Map([[0, 1]]));
  for (const leaf of [2, 3, 4]) assert.ok(Math.abs((star[leaf] as number) - (star[1] as number)) < 1e-12);
});

test('damping 0 returns the personalization, normalised', () => {
  const scores = personalizedPageRank(graph(4, [[0, 1], [1, 2], [2, 3]]), new Map([[1, 3], [3, 1]]), { damping: 0 });
  assert.deepEqual([...scores], [0, 0.75, 0, 0.25]);
});

test('a component the restart cannot reach scores exactly 0; no restart mass gives all zeros', () => {
  const twoParts = graph(5, [[0, 1], [1, 2], [3, 4, 5]]);
  const scores = personalizedPageRank(twoParts, new Map([[0, 1]]));
  assert.equal(scores[3], 0);
  assert.equal(scores[4], 0);
  assert.ok((scores[2] as number) > 0);
  assert.deepEqual([...personalizedPageRank(twoParts, new Map())], [0, 0, 0, 0, 0]);
  assert.deepEqual([...personalizedPageRank(twoParts, new Map([[9, 1], [1, 0]]))], [0, 0, 0, 0, 0]);
});

test('matches the exact solution of x = (1 − d)·r + d·Pᵀx on a weighted 4-node graph to 1e-6', () => {
  const edges: Array<[number, number, number]> = [[0, 1, 1], [0, 2, 2], [1, 2, 1], [2, 3, 3], [1, 3, 0.5]];
  const damping = 0.5;
  const restart = [0.7, 0, 0.3, 0];
  // Row-stochastic transition matrix P from the weights, written out independently of compressGraph.
  const weights = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  for (const [source, target, weight] of edges) {
    (weights[source] as number[])[target] = ((weights[source] as number[])[target] as number) + weight;
    (weights[target] as number[])[source] = ((weights[target] as number[])[source] as number) + weight;
  }
  const transition = weights.map((row) => row.map((weight) => weight / row.reduce((total, value) => total + value, 0)));
  // Solve (I − d·Pᵀ)x = (1 − d)·r by Gaussian elimination.
  const matrix = [0, 1, 2, 3].map((row) => [...[0, 1, 2, 3].map((column) => (row === column ? 1 : 0) - damping * ((transition[column] as number[])[row] as number)), (1 - damping) * (restart[row] as number)]);
  for (let pivot = 0; pivot < 4; pivot += 1) {
    const pivotRow = matrix[pivot] as number[];
    for (let row = 0; row < 4; row += 1) {
      if (row === pivot) continue;
      const current = matrix[row] as number[];
      const factor = (current[pivot] as number) / (pivotRow[pivot] as number);
      for (let column = pivot; column <= 4; column += 1) current[column] = (current[column] as number) - factor * (pivotRow[column] as number);
    }
  }
  const exact = matrix.map((row, node) => (row[4] as number) / (row[node] as number));
  const scores = personalizedPageRank(graph(4, edges), new Map([[0, 0.7], [2, 0.3]]), { damping });
  for (let node = 0; node < 4; node += 1) assert.ok(Math.abs((scores[node] as number) - (exact[node] as number)) < 1e-6, `node ${node}: ${scores[node]} vs ${exact[node]}`);
  assert.ok(Math.abs(exact.reduce((total, value) => total + value, 0) - 1) < 1e-12);
});

test('edge weights matter: the neighbour over the heavier edge scores higher, in proportion', () => {
  // From 0, the walk goes to 1 with probability 3/4 and to 2 with 1/4; 1 and 2 only lead back to 0.
  const scores = personalizedPageRank(graph(3, [[0, 1, 3], [0, 2, 1]]), new Map([[0, 1]]), { damping: 0.5 });
  assert.ok((scores[1] as number) > (scores[2] as number));
  assert.ok(Math.abs((scores[1] as number) / (scores[2] as number) - 3) < 1e-9);
  const duplicated = personalizedPageRank(graph(3, [[0, 1, 1], [0, 1, 2], [0, 2, 1]]), new Map([[0, 1]]), { damping: 0.5 });
  for (let node = 0; node < 3; node += 1) assert.ok(Math.abs((duplicated[node] as number) - (scores[node] as number)) < 1e-12, 'duplicate edges add their weights');
});

test('forward push gives power iteration\'s scores within its tolerance, leaves far nodes unvisited, and keeps the edge cases', () => {
  // Two dense clusters joined by one edge, a dangling node, a tail far from the seed.
  const edges: Array<[number, number, number?]> = [];
  for (let left = 0; left < 6; left++) for (let right = left + 1; right < 6; right++) edges.push([left, right, 1 + ((left + right) % 3)]);
  for (let left = 6; left < 12; left++) for (let right = left + 1; right < 12; right++) edges.push([left, right]);
  edges.push([5, 6, 0.5]);
  for (let node = 12; node < 40; node++) edges.push([node - 1, node]);
  const walk = graph(41, edges); // node 40 has no edges
  for (const personalization of [new Map([[0, 1]]), new Map([[0, 2], [9, 1]]), new Map([[40, 1], [3, 1]])]) {
    const exact = personalizedPageRank(walk, personalization, { damping: 0.5, iterations: 200, tolerance: 1e-15 });
    const pushed = personalizedPageRankByPush(walk, personalization, { damping: 0.5, epsilon: 1e-12 });
    for (let node = 0; node < 41; node++) assert.ok(Math.abs((exact[node] as number) - (pushed[node] as number)) < 1e-9, `node ${node}: ${exact[node]} against ${pushed[node]}`);
    assert.ok(sum(pushed) <= 1 + 1e-12 && sum(pushed) > 1 - 1e-9);
  }
  // A coarse tolerance stops near the seed: the tail gets nothing, the seed still ranks first, no score is far from power iteration's.
  const coarse = personalizedPageRankByPush(walk, new Map([[0, 1]]), { damping: 0.5, epsilon: 1e-3 });
  const exact = personalizedPageRank(walk, new Map([[0, 1]]), { damping: 0.5 });
  assert.equal(coarse[20], 0);
  assert.ok((exact[20] as number) > 0);
  assert.equal(coarse.indexOf(Math.max(...coarse)), 0);
  for (let node = 0; node < 41; node++) assert.ok(Math.abs((exact[node] as number) - (coarse[node] as number)) < 0.02, `node ${node}`);
  // Damping 0 returns the personalization; damping 1 and a zero tolerance fall back to power iteration; no mass, no scores.
  assert.deepEqual([...personalizedPageRankByPush(graph(4, [[0, 1], [1, 2], [2, 3]]), new Map([[1, 3], [3, 1]]), { damping: 0 })], [0, 0.75, 0, 0.25]);
  const line = graph(5, [[0, 1], [1, 2], [2, 3], [3, 4]]);
  assert.deepEqual([...personalizedPageRankByPush(line, new Map([[0, 1]]), { damping: 1 })], [...personalizedPageRank(line, new Map([[0, 1]]), { damping: 1 })]);
  assert.deepEqual([...personalizedPageRankByPush(line, new Map([[2, 1]]), { epsilon: 0 })], [...personalizedPageRank(line, new Map([[2, 1]]))]);
  assert.deepEqual([...personalizedPageRankByPush(line, new Map([[2, 0]]))], [0, 0, 0, 0, 0]);
});
