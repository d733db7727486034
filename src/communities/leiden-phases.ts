import { buildAdjacency, mixKey, type AdjacencyGraph } from './graph-projection.js';

/*
 * The three phases of one Leiden level (Traag, Waltman & van Eck 2019). Quality gains are in edge-weight units:
 * moving node v into community C gains w(v, C) − v.degree · C.degree · scale, with scale = γ / 2m.
 * Community ids are always in 0..nodeCount-1, so flat typed arrays index them.
 */

/**
 * Fast local moving: visits nodes from a queue (in the order of their keys mixed with `salt`), moves
 * each to its best community, and re-queues neighbours it left behind.
 */
export function moveNodesFast(graph: AdjacencyGraph, partition: Int32Array, scale: number, salt: number): void {
  const { nodeCount, offsets, neighbors, weights, degrees } = graph;
  const communityDegrees = new Float64Array(nodeCount);
  const communitySizes = new Int32Array(nodeCount);
  for (let node = 0; node < nodeCount; node++) {
    communityDegrees[partition[node]!]! += degrees[node]!;
    communitySizes[partition[node]!]!++;
  }
  const emptyCommunities: number[] = [];
  for (let community = nodeCount - 1; community >= 0; community--) {
    if (communitySizes[community] === 0) emptyCommunities.push(community);
  }
  const queue = keyedOrder(graph.keys, salt);
  const queued = new Uint8Array(nodeCount).fill(1);
  let head = 0;
  let queueLength = nodeCount;
  const weightToCommunity = new Float64Array(nodeCount);
  const touchedCommunities = new Int32Array(nodeCount);

  while (queueLength > 0) {
    const node = queue[head]!;
    head = head + 1 === nodeCount ? 0 : head + 1;
    queueLength--;
    queued[node] = 0;
    const current = partition[node]!;
    const degree = degrees[node]!;
    let touchedCount = 0;
    for (let slot = offsets[node]!; slot < offsets[node + 1]!; slot++) {
      const community = partition[neighbors[slot]!]!;
      if (weightToCommunity[community] === 0) touchedCommunities[touchedCount++] = community;
      weightToCommunity[community]! += weights[slot]!;
    }
    communityDegrees[current]! -= degree;
    communitySizes[current]!--;
    let best = current;
    let bestGain = weightToCommunity[current]! - degree * communityDegrees[current]! * scale;
    for (let index = 0; index < touchedCount; index++) {
      const community = touchedCommunities[index]!;
      const gain = weightToCommunity[community]! - degree * communityDegrees[community]! * scale;
      if (gain > bestGain) {
        best = community;
        bestGain = gain;
      }
      weightToCommunity[community] = 0;
    }
    weightToCommunity[current] = 0;
    if (bestGain < 0) {
      // Leaving for an empty community gains exactly 0, which beats every candidate.
      best = communitySizes[current] === 0 ? current : emptyCommunities.pop()!;
    }
    partition[node] = best;
    communityDegrees[best]! += degree;
    communitySizes[best]!++;
    if (best === current) continue;
    if (communitySizes[current] === 0) emptyCommunities.push(current);
    for (let slot = offsets[node]!; slot < offsets[node + 1]!; slot++) {
      const neighbor = neighbors[slot]!;
      if (queued[neighbor] === 1 || partition[neighbor] === best) continue;
      queued[neighbor] = 1;
      queue[(head + queueLength) % nodeCount] = neighbor;
      queueLength++;
    }
  }
}

/**
 * Refinement: starts from singletons and, inside each community of `partition`, merges well-connected singleton
 * nodes into well-connected refined clusters, choosing randomly among non-negative gains with probability
 * ∝ exp(gain / randomness). Every refined cluster is a connected subset of one community. Returns cluster ids per node.
 */
export function refinePartition(
  graph: AdjacencyGraph,
  partition: Int32Array,
  scale: number,
  randomness: number,
  salt: number,
): Int32Array {
  const { nodeCount, offsets, neighbors, weights, degrees } = graph;
  const refined = new Int32Array(nodeCount);
  const clusterDegrees = Float64Array.from(degrees);
  const clusterIsSingleton = new Uint8Array(nodeCount).fill(1);
  const communityDegrees = new Float64Array(nodeCount);
  // Weight from a node (then a cluster) to the rest of its community, self-loops excluded.
  const nodeExternalWeights = new Float64Array(nodeCount);
  for (let node = 0; node < nodeCount; node++) {
    refined[node] = node;
    communityDegrees[partition[node]!]! += degrees[node]!;
    for (let slot = offsets[node]!; slot < offsets[node + 1]!; slot++) {
      if (partition[neighbors[slot]!] === partition[node]) nodeExternalWeights[node]! += weights[slot]!;
    }
  }
  const clusterExternalWeights = Float64Array.from(nodeExternalWeights);
  const weightToCluster = new Float64Array(nodeCount);
  const touchedClusters = new Int32Array(nodeCount);
  const candidateClusters = new Int32Array(nodeCount);
  const candidateGains = new Float64Array(nodeCount);

  const order = keyedOrder(graph.keys, salt);
  const drawSalt = mixKey(salt ^ 0x9e3779b9);
  for (let position = 0; position < nodeCount; position++) {
    const node = order[position]!;
    const own = refined[node]!;
    if (clusterIsSingleton[own] === 0) continue;
    const community = partition[node]!;
    const communityDegree = communityDegrees[community]!;
    const degree = degrees[node]!;
    if (nodeExternalWeights[node]! < degree * (communityDegree - degree) * scale) continue;

    let touchedCount = 0;
    for (let slot = offsets[node]!; slot < offsets[node + 1]!; slot++) {
      const neighbor = neighbors[slot]!;
      if (partition[neighbor] !== community) continue;
      const cluster = refined[neighbor]!;
      if (weightToCluster[cluster] === 0) touchedClusters[touchedCount++] = cluster;
      weightToCluster[cluster]! += weights[slot]!;
    }
    // Staying alone gains 0 and is always a candidate.
    let candidateCount = 1;
    candidateClusters[0] = own;
    candidateGains[0] = 0;
    let bestGain = 0;
    for (let index = 0; index < touchedCount; index++) {
      const cluster = touchedClusters[index]!;
      const clusterDegree = clusterDegrees[cluster]!;
      const wellConnected = clusterExternalWeights[cluster]! >= clusterDegree * (communityDegree - clusterDegree) * scale;
      const gain = weightToCluster[cluster]! - degree * clusterDegree * scale;
      if (wellConnected && gain >= 0) {
        candidateClusters[candidateCount] = cluster;
        candidateGains[candidateCount++] = gain;
        if (gain > bestGain) bestGain = gain;
      }
    }
    const chosen = chooseCandidate(candidateClusters, candidateGains, candidateCount, bestGain, randomness, mixKey(graph.keys[node]! ^ drawSalt) / 4294967296);
    if (chosen !== own) {
      refined[node] = chosen;
      clusterDegrees[chosen]! += degree;
      clusterDegrees[own] = 0;
      clusterIsSingleton[chosen] = 0;
      clusterExternalWeights[chosen]! += nodeExternalWeights[node]! - 2 * weightToCluster[chosen]!;
    }
    for (let index = 0; index < touchedCount; index++) weightToCluster[touchedClusters[index]!] = 0;
  }
  return refined;
}

/**
 * Draws a candidate with probability ∝ exp((gain − bestGain) / randomness); randomness 0 means the first best.
 * `draw` is the node's own uniform number in [0, 1) (from its key), so no other node's draws change it.
 */
function chooseCandidate(
  clusters: Int32Array,
  gains: Float64Array,
  count: number,
  bestGain: number,
  randomness: number,
  draw: number,
): number {
  if (randomness <= 0) {
    for (let index = 0; index < count; index++) if (gains[index] === bestGain) return clusters[index]!;
  }
  let total = 0;
  for (let index = 0; index < count; index++) total += Math.exp((gains[index]! - bestGain) / randomness);
  let threshold = draw * total;
  for (let index = 0; index < count; index++) {
    threshold -= Math.exp((gains[index]! - bestGain) / randomness);
    if (threshold < 0) return clusters[index]!;
  }
  return clusters[count - 1]!;
}

/** Node indices ordered by their keys mixed with a salt (ties, which need equal keys, by index). */
export function keyedOrder(keys: Uint32Array, salt: number): Int32Array {
  const count = keys.length;
  const indexSpan = 2 ** Math.max(1, Math.ceil(Math.log2(count + 1)));
  if (indexSpan > PACKED_INDEX_LIMIT) {
    const mixed = Uint32Array.from(keys, (key) => mixKey(key ^ salt));
    return Int32Array.from({ length: count }, (_, node) => node).sort((left, right) => mixed[left]! - mixed[right]! || left - right);
  }
  // Each node as one exact number, mixed key × span + index: a numeric sort orders by key, then by index.
  const packed = new Float64Array(count);
  for (let node = 0; node < count; node++) packed[node] = mixKey(keys[node]! ^ salt) * indexSpan + node;
  packed.sort();
  const order = new Int32Array(count);
  for (let position = 0; position < count; position++) order[position] = packed[position]! % indexSpan;
  return order;
}

/** Index spans up to this keep key × span + index (a 32-bit key) an exact double (below 2^53). */
const PACKED_INDEX_LIMIT = 2 ** 21;

/**
 * Renumbers the communities of a dense assignment (ids 0..count-1) in place by their members'
 * smallest key, so that the numbering of aggregated nodes (and the order of their adjacency rows)
 * depends on each community's own members, not on the rest of the graph.
 */
export function renumberByKey(assignment: Int32Array, count: number, keys: Uint32Array): void {
  const smallest = new Float64Array(count).fill(Infinity);
  for (let node = 0; node < assignment.length; node++) smallest[assignment[node]!] = Math.min(smallest[assignment[node]!]!, keys[node]!);
  const order = Int32Array.from({ length: count }, (_, community) => community).sort((left, right) => smallest[left]! - smallest[right]! || left - right);
  const rank = new Int32Array(count);
  order.forEach((community, position) => {
    rank[community] = position;
  });
  for (let node = 0; node < assignment.length; node++) assignment[node] = rank[assignment[node]!]!;
}

/** Renumbers community ids in place to 0..k-1 in order of first appearance and returns k. */
export function renumberCommunities(assignment: Int32Array): number {
  const denseIds = new Int32Array(assignment.length).fill(-1);
  let count = 0;
  for (let node = 0; node < assignment.length; node++) {
    const community = assignment[node]!;
    if (denseIds[community] === -1) denseIds[community] = count++;
    assignment[node] = denseIds[community]!;
  }
  return count;
}

/** Collapses each community of a dense assignment (ids 0..communityCount-1) into one node; inner edges become its self-loop. */
export function aggregateGraph(graph: AdjacencyGraph, assignment: Int32Array, communityCount: number): AdjacencyGraph {
  const { nodeCount, offsets, neighbors, weights, selfLoopWeights } = graph;
  const memberStarts = new Int32Array(communityCount + 1);
  for (let node = 0; node < nodeCount; node++) memberStarts[assignment[node]! + 1]!++;
  for (let community = 0; community < communityCount; community++) memberStarts[community + 1]! += memberStarts[community]!;
  const members = new Int32Array(nodeCount);
  const cursor = memberStarts.slice(0, communityCount);
  for (let node = 0; node < nodeCount; node++) members[cursor[assignment[node]!]!++] = node;

  const sources: number[] = [];
  const targets: number[] = [];
  const edgeWeights: number[] = [];
  const weightToCommunity = new Float64Array(communityCount);
  const touched: number[] = [];
  for (let community = 0; community < communityCount; community++) {
    let innerWeight = 0;
    for (let position = memberStarts[community]!; position < memberStarts[community + 1]!; position++) {
      const node = members[position]!;
      innerWeight += selfLoopWeights[node]!;
      for (let slot = offsets[node]!; slot < offsets[node + 1]!; slot++) {
        const other = assignment[neighbors[slot]!]!;
        if (other === community) {
          innerWeight += weights[slot]! / 2;
        } else if (other > community) {
          // Each inter-community edge is emitted once, from its lower-numbered side.
          if (weightToCommunity[other] === 0) touched.push(other);
          weightToCommunity[other]! += weights[slot]!;
        }
      }
    }
    if (innerWeight > 0) {
      sources.push(community);
      targets.push(community);
      edgeWeights.push(innerWeight);
    }
    for (const other of touched) {
      sources.push(community);
      targets.push(other);
      edgeWeights.push(weightToCommunity[other]!);
      weightToCommunity[other] = 0;
    }
    touched.length = 0;
  }
  const keys = new Uint32Array(communityCount).fill(0xffffffff);
  for (let node = 0; node < nodeCount; node++) keys[assignment[node]!] = Math.min(keys[assignment[node]!]!, graph.keys[node]!);
  return buildAdjacency(communityCount, sources, targets, edgeWeights, keys);
}
