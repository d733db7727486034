import { RhizomeError } from '../errors/rhizome-error.js';
import { projectGraph, type AdjacencyGraph, type WeightedGraph } from './graph-projection.js';
import { mixKey } from './graph-projection.js';
import { aggregateGraph, moveNodesFast, refinePartition, renumberByKey, renumberCommunities } from './leiden-phases.js';
import { modularityOfAssignment } from './modularity.js';

/** Tuning for Leiden; the defaults suit knowledge graphs of a few hundred to a few hundred thousand edges. */
export interface LeidenOptions {
  /** γ in modularity; higher values give more, smaller communities. */
  resolution?: number;
  /** Salt of the node keys that order node visits and draw refinement choices; equal seeds give equal results. */
  seed?: number;
  /** Upper bound on full Leiden iterations; iteration stops earlier as soon as one changes nothing. */
  maxIterations?: number;
  /** θ of the refinement phase: 0 merges greedily, larger values explore more. */
  randomness?: number;
}

/** Communities numbered 0..communityCount-1 by decreasing size (ties: earlier first node); modularity at the requested resolution. */
export interface LeidenResult {
  membership: Map<string, number>;
  modularity: number;
  communityCount: number;
}

/** Settings resolved from LeidenOptions; `salt` comes from the seed and mixes every node key (see AdjacencyGraph.keys). */
export interface LeidenSettings {
  resolution: number;
  maxIterations: number;
  randomness: number;
  salt: number;
}

const defaultMaxIterations = 20;

/** Leiden community detection (Traag et al. 2019) maximising modularity; every community is connected. */
export function detectCommunitiesLeiden(graph: WeightedGraph, options: LeidenOptions = {}): LeidenResult {
  const { nodeIds, adjacency } = projectGraph(graph);
  const settings = resolveLeidenSettings(options);
  const assignment = partitionAdjacency(adjacency, settings);
  const communityCount = orderCommunitiesBySize(assignment);
  const membership = new Map<string, number>();
  nodeIds.forEach((node, index) => membership.set(node, assignment[index]!));
  return { membership, modularity: modularityOfAssignment(adjacency, assignment, settings.resolution), communityCount };
}

/** Validates options and fills defaults; throws INPUT_INVALID for values the algorithm cannot use. */
export function resolveLeidenSettings(options: LeidenOptions): LeidenSettings {
  const { resolution = 1, seed = 42, maxIterations = defaultMaxIterations, randomness = 0.01 } = options;
  requireOption(Number.isFinite(resolution) && resolution > 0, 'resolution', resolution, 'a positive number');
  requireOption(Number.isInteger(seed), 'seed', seed, 'an integer');
  requireOption(Number.isInteger(maxIterations) && maxIterations >= 1, 'maxIterations', maxIterations, 'an integer ≥ 1');
  requireOption(Number.isFinite(randomness) && randomness >= 0, 'randomness', randomness, 'a non-negative number');
  return { resolution, maxIterations, randomness, salt: mixKey(seed) };
}

function requireOption(valid: boolean, name: string, value: unknown, expected: string): void {
  if (!valid) {
    throw new RhizomeError('INPUT_INVALID', `Leiden option ${name} is ${String(value)}; expected ${expected}.`, {
      details: { option: name, value },
    });
  }
}

/**
 * Runs Leiden iterations on an adjacency, each starting from the previous partition, until one leaves the partition
 * unchanged or maxIterations is reached. Returns a community id per node (ids in 0..nodeCount-1, not ordered).
 */
export function partitionAdjacency(adjacency: AdjacencyGraph, settings: LeidenSettings): Int32Array {
  let assignment: Int32Array = new Int32Array(adjacency.nodeCount);
  for (let node = 0; node < adjacency.nodeCount; node++) assignment[node] = node;
  if (adjacency.totalWeight === 0) return assignment;
  for (let iteration = 0; iteration < settings.maxIterations; iteration++) {
    const next = runLeidenIteration(adjacency, assignment, settings);
    const unchanged = samePartition(assignment, next);
    assignment = next;
    if (unchanged) break;
  }
  return assignment;
}

/** One Leiden iteration: local moving, refinement and aggregation on ever coarser graphs until nothing merges. */
function runLeidenIteration(original: AdjacencyGraph, initial: Int32Array, settings: LeidenSettings): Int32Array {
  const scale = settings.resolution / (2 * original.totalWeight);
  let graph = original;
  let partition = Int32Array.from(initial);
  // Which node of the current (aggregated) graph each original node has been folded into.
  const originalToCurrent = new Int32Array(original.nodeCount);
  for (let node = 0; node < original.nodeCount; node++) originalToCurrent[node] = node;
  let needsConnectivityRepair = false;

  for (;;) {
    moveNodesFast(graph, partition, scale, settings.salt);
    const communityCount = renumberCommunities(partition);
    if (communityCount === graph.nodeCount) break;
    const refined = refinePartition(graph, partition, scale, settings.randomness, settings.salt);
    const refinedCount = renumberCommunities(refined);
    renumberByKey(refined, refinedCount, graph.keys);
    if (refinedCount === graph.nodeCount) {
      // Nothing merged, so aggregation cannot progress; the local-moving partition may hold disconnected parts.
      needsConnectivityRepair = true;
      break;
    }
    const aggregatePartition = new Int32Array(refinedCount);
    for (let node = 0; node < graph.nodeCount; node++) aggregatePartition[refined[node]!] = partition[node]!;
    for (let node = 0; node < original.nodeCount; node++) originalToCurrent[node] = refined[originalToCurrent[node]!]!;
    graph = aggregateGraph(graph, refined, refinedCount);
    partition = aggregatePartition;
  }
  const assignment = new Int32Array(original.nodeCount);
  for (let node = 0; node < original.nodeCount; node++) assignment[node] = partition[originalToCurrent[node]!]!;
  return needsConnectivityRepair ? splitIntoConnectedParts(original, assignment) : assignment;
}

/** Splits every community into its connected components; this never lowers modularity. */
function splitIntoConnectedParts(graph: AdjacencyGraph, assignment: Int32Array): Int32Array {
  const { nodeCount, offsets, neighbors } = graph;
  const parts = new Int32Array(nodeCount).fill(-1);
  const stack = new Int32Array(nodeCount);
  let partCount = 0;
  for (let start = 0; start < nodeCount; start++) {
    if (parts[start] !== -1) continue;
    parts[start] = partCount;
    let stackSize = 0;
    stack[stackSize++] = start;
    while (stackSize > 0) {
      const node = stack[--stackSize]!;
      for (let slot = offsets[node]!; slot < offsets[node + 1]!; slot++) {
        const neighbor = neighbors[slot]!;
        if (parts[neighbor] !== -1 || assignment[neighbor] !== assignment[node]) continue;
        parts[neighbor] = partCount;
        stack[stackSize++] = neighbor;
      }
    }
    partCount++;
  }
  return parts;
}

function samePartition(left: Int32Array, right: Int32Array): boolean {
  const leftDense = Int32Array.from(left);
  const rightDense = Int32Array.from(right);
  renumberCommunities(leftDense);
  renumberCommunities(rightDense);
  for (let node = 0; node < leftDense.length; node++) if (leftDense[node] !== rightDense[node]) return false;
  return true;
}

/** Renumbers communities in place to 0..k-1 by decreasing size, ties broken by lowest node index; returns k. */
function orderCommunitiesBySize(assignment: Int32Array): number {
  const count = renumberCommunities(assignment);
  const sizes = new Int32Array(count);
  for (let node = 0; node < assignment.length; node++) sizes[assignment[node]!]!++;
  // After first-appearance renumbering, a lower id already means a lower first node.
  const order = Array.from({ length: count }, (_, community) => community);
  order.sort((left, right) => sizes[right]! - sizes[left]! || left - right);
  const rank = new Int32Array(count);
  order.forEach((community, position) => (rank[community] = position));
  for (let node = 0; node < assignment.length; node++) assignment[node] = rank[assignment[node]!]!;
  return count;
}
