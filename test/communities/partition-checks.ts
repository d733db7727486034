import type { WeightedGraph } from '../../src/communities/index.js';

/** Groups node ids by community label. */
export function groupMembers<Label>(membership: Map<string, Label>): Map<Label, string[]> {
  const groups = new Map<Label, string[]>();
  for (const [node, label] of membership) {
    const members = groups.get(label) ?? [];
    members.push(node);
    groups.set(label, members);
  }
  return groups;
}

/** True when the subgraph induced by `members` is connected (edges with weight 0 do not connect). */
export function inducesConnectedSubgraph(graph: WeightedGraph, members: string[]): boolean {
  const inside = new Set(members);
  const neighbors = new Map<string, string[]>(members.map((member) => [member, []]));
  for (const { source, target, weight = 1 } of graph.edges) {
    if (weight > 0 && inside.has(source) && inside.has(target)) {
      neighbors.get(source)!.push(target);
      neighbors.get(target)!.push(source);
    }
  }
  const first = members[0];
  if (first === undefined) return true;
  const seen = new Set([first]);
  const stack = [first];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    for (const neighbor of neighbors.get(node) ?? []) {
      if (!seen.has(neighbor)) {
        seen.add(neighbor);
        stack.push(neighbor);
      }
    }
  }
  return seen.size === inside.size;
}

/** Normalised mutual information (arithmetic-mean normalisation) of two labellings of the same nodes; 1 means identical. */
export function normalizedMutualInformation<Left, Right>(left: Map<string, Left>, right: Map<string, Right>): number {
  const total = left.size;
  const joint = new Map<Left, Map<Right, number>>();
  const leftCounts = new Map<Left, number>();
  const rightCounts = new Map<Right, number>();
  for (const [node, leftLabel] of left) {
    const rightLabel = right.get(node);
    if (rightLabel === undefined) throw new Error(`node ${node} has no label on the right`);
    leftCounts.set(leftLabel, (leftCounts.get(leftLabel) ?? 0) + 1);
    rightCounts.set(rightLabel, (rightCounts.get(rightLabel) ?? 0) + 1);
    const row = joint.get(leftLabel) ?? new Map<Right, number>();
    row.set(rightLabel, (row.get(rightLabel) ?? 0) + 1);
    joint.set(leftLabel, row);
  }
  const entropy = (counts: Iterable<number>): number =>
    -[...counts].reduce((sum, count) => sum + (count / total) * Math.log(count / total), 0);
  let mutualInformation = 0;
  for (const [leftLabel, row] of joint) {
    for (const [rightLabel, count] of row) {
      const expected = (leftCounts.get(leftLabel)! * rightCounts.get(rightLabel)!) / total;
      mutualInformation += (count / total) * Math.log(count / expected);
    }
  }
  const meanEntropy = (entropy(leftCounts.values()) + entropy(rightCounts.values())) / 2;
  return meanEntropy === 0 ? 1 : mutualInformation / meanEntropy;
}
