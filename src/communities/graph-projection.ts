import { RhizomeError } from '../errors/rhizome-error.js';

/** An undirected, weighted graph as community detection receives it; weights default to 1, duplicate edges add up, zero-weight edges are ignored. */
export interface WeightedGraph {
  nodes: string[];
  edges: Array<{ source: string; target: string; weight?: number }>;
}

/**
 * Compressed sparse row adjacency over node indices 0..nodeCount-1.
 * Every non-loop edge appears in both endpoints' rows; a self-loop lives only in `selfLoopWeights`.
 * `degrees[v]` is the weighted degree: row sum plus twice the self-loop, so `sum(degrees) = 2 * totalWeight`.
 */
export interface AdjacencyGraph {
  nodeCount: number;
  offsets: Int32Array;
  neighbors: Int32Array;
  weights: Float64Array;
  selfLoopWeights: Float64Array;
  degrees: Float64Array;
  totalWeight: number;
  /**
   * A key per node that orders the node visits and draws of Leiden: hashed from the node's id, so a
   * node keeps its key when the graph around it changes, and a change to the graph moves only the
   * communities it reaches (an aggregated node takes its members' smallest key).
   */
  keys: Uint32Array;
}

/** A validated graph: node ids by index, their index by id, and the adjacency the algorithms run on. */
export interface ProjectedGraph {
  nodeIds: string[];
  indexById: Map<string, number>;
  adjacency: AdjacencyGraph;
}

/** Validates a WeightedGraph and builds its CSR adjacency; throws INPUT_INVALID on unknown endpoints, duplicate nodes or bad weights. */
export function projectGraph(graph: WeightedGraph): ProjectedGraph {
  const indexById = new Map<string, number>();
  graph.nodes.forEach((node, index) => {
    if (indexById.has(node)) {
      throw new RhizomeError('INPUT_INVALID', `Graph node "${node}" is listed more than once.`, { details: { node } });
    }
    indexById.set(node, index);
  });
  const sources: number[] = [];
  const targets: number[] = [];
  const weights: number[] = [];
  graph.edges.forEach((edge, position) => {
    const source = indexById.get(edge.source);
    const target = indexById.get(edge.target);
    const weight = edge.weight ?? 1;
    const label = `edge #${position} (${edge.source} -> ${edge.target})`;
    if (source === undefined || target === undefined) {
      const missing = source === undefined ? edge.source : edge.target;
      throw new RhizomeError('INPUT_INVALID', `Graph ${label} names unknown node "${missing}".`, {
        details: { edge: position, source: edge.source, target: edge.target },
      });
    }
    if (!Number.isFinite(weight) || weight < 0) {
      throw new RhizomeError('INPUT_INVALID', `Graph ${label} has weight ${weight}; weights must be finite and non-negative.`, {
        details: { edge: position, weight },
      });
    }
    if (weight === 0) return;
    sources.push(source);
    targets.push(target);
    weights.push(weight);
  });
  return { nodeIds: [...graph.nodes], indexById, adjacency: buildAdjacency(graph.nodes.length, sources, targets, weights, Uint32Array.from(graph.nodes, hashKey)) };
}

/** Builds CSR adjacency from parallel edge arrays; duplicate edges stay as separate entries, which the algorithms sum. */
export function buildAdjacency(
  nodeCount: number,
  sources: ArrayLike<number>,
  targets: ArrayLike<number>,
  edgeWeights: ArrayLike<number>,
  keys: Uint32Array = Uint32Array.from({ length: nodeCount }, (_, node) => node),
): AdjacencyGraph {
  const rowLengths = new Int32Array(nodeCount + 1);
  const selfLoopWeights = new Float64Array(nodeCount);
  const degrees = new Float64Array(nodeCount);
  let totalWeight = 0;
  for (let edge = 0; edge < sources.length; edge++) {
    const source = sources[edge]!;
    const target = targets[edge]!;
    const weight = edgeWeights[edge]!;
    totalWeight += weight;
    degrees[source]! += weight;
    degrees[target]! += weight;
    if (source === target) {
      selfLoopWeights[source]! += weight;
    } else {
      rowLengths[source + 1]!++;
      rowLengths[target + 1]!++;
    }
  }
  const offsets = rowLengths;
  for (let node = 0; node < nodeCount; node++) offsets[node + 1]! += offsets[node]!;
  const neighbors = new Int32Array(offsets[nodeCount]!);
  const weights = new Float64Array(offsets[nodeCount]!);
  const cursor = offsets.slice(0, nodeCount);
  for (let edge = 0; edge < sources.length; edge++) {
    const source = sources[edge]!;
    const target = targets[edge]!;
    if (source === target) continue;
    const weight = edgeWeights[edge]!;
    const sourceSlot = cursor[source]!++;
    neighbors[sourceSlot] = target;
    weights[sourceSlot] = weight;
    const targetSlot = cursor[target]!++;
    neighbors[targetSlot] = source;
    weights[targetSlot] = weight;
  }
  return { nodeCount, offsets, neighbors, weights, selfLoopWeights, degrees, totalWeight, keys };
}

/** FNV-1a over a node id's UTF-16 code units, finished with a 32-bit mix. */
export function hashKey(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return mixKey(hash);
}

/** A 32-bit integer mix (murmur3's finaliser): a key xor a salt gives a fresh, uniform key. */
export function mixKey(value: number): number {
  let mixed = value >>> 0;
  mixed = Math.imul(mixed ^ (mixed >>> 16), 0x85ebca6b);
  mixed = Math.imul(mixed ^ (mixed >>> 13), 0xc2b2ae35);
  return (mixed ^ (mixed >>> 16)) >>> 0;
}

/**
 * The subgraph induced by `members` (node indices of `adjacency`), renumbered 0..members.length-1 in the given order.
 * `scratch` must have length adjacency.nodeCount and be filled with -1; it is restored before returning.
 */
export function induceSubgraph(adjacency: AdjacencyGraph, members: ArrayLike<number>, scratch: Int32Array): AdjacencyGraph {
  for (let local = 0; local < members.length; local++) scratch[members[local]!] = local;
  const sources: number[] = [];
  const targets: number[] = [];
  const weights: number[] = [];
  for (let local = 0; local < members.length; local++) {
    const node = members[local]!;
    const selfLoop = adjacency.selfLoopWeights[node]!;
    if (selfLoop > 0) {
      sources.push(local);
      targets.push(local);
      weights.push(selfLoop);
    }
    for (let slot = adjacency.offsets[node]!; slot < adjacency.offsets[node + 1]!; slot++) {
      const neighborLocal = scratch[adjacency.neighbors[slot]!]!;
      if (neighborLocal <= local) continue;
      sources.push(local);
      targets.push(neighborLocal);
      weights.push(adjacency.weights[slot]!);
    }
  }
  for (let local = 0; local < members.length; local++) scratch[members[local]!] = -1;
  return buildAdjacency(members.length, sources, targets, weights, Uint32Array.from({ length: members.length }, (_, local) => adjacency.keys[members[local]!]!));
}
