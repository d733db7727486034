import { RhizomeError } from '../errors/rhizome-error.js';
import { projectGraph, type AdjacencyGraph, type WeightedGraph } from './graph-projection.js';

/**
 * Newman–Girvan modularity with a resolution γ: Σ_c [ L_c / m − γ (K_c / 2m)² ], where L_c is the weight inside
 * community c (self-loops counted once), K_c its total degree and m the total edge weight; 0 for a graph without edges.
 */
export function computeModularity(graph: WeightedGraph, membership: Map<string, number>, resolution = 1): number {
  const { nodeIds, adjacency } = projectGraph(graph);
  const assignment = new Int32Array(nodeIds.length);
  const denseIdByCommunity = new Map<number, number>();
  nodeIds.forEach((node, index) => {
    const community = membership.get(node);
    if (community === undefined) {
      throw new RhizomeError('INPUT_INVALID', `Membership has no community for node "${node}".`, { details: { node } });
    }
    let denseId = denseIdByCommunity.get(community);
    if (denseId === undefined) {
      denseId = denseIdByCommunity.size;
      denseIdByCommunity.set(community, denseId);
    }
    assignment[index] = denseId;
  });
  return modularityOfAssignment(adjacency, assignment, resolution);
}

/** Modularity of an assignment of adjacency nodes to community ids in 0..nodeCount-1. */
export function modularityOfAssignment(adjacency: AdjacencyGraph, assignment: Int32Array, resolution = 1): number {
  const { nodeCount, offsets, neighbors, weights, selfLoopWeights, degrees, totalWeight } = adjacency;
  if (totalWeight === 0) return 0;
  const communityDegrees = new Float64Array(nodeCount);
  let internalWeight = 0;
  for (let node = 0; node < nodeCount; node++) {
    const community = assignment[node]!;
    communityDegrees[community]! += degrees[node]!;
    internalWeight += selfLoopWeights[node]!;
    for (let slot = offsets[node]!; slot < offsets[node + 1]!; slot++) {
      // Each non-loop edge is seen from both ends, so each sighting adds half its weight.
      if (assignment[neighbors[slot]!] === community) internalWeight += weights[slot]! / 2;
    }
  }
  let squaredDegrees = 0;
  for (let community = 0; community < nodeCount; community++) squaredDegrees += communityDegrees[community]! ** 2;
  return internalWeight / totalWeight - (resolution * squaredDegrees) / (4 * totalWeight * totalWeight);
}
