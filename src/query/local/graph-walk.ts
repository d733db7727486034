import { compressGraph, type CompressedGraph } from '../../algorithms/personalized-pagerank.js';
import type { GraphIndex } from '../graph-index.js';

/**
 * The walk graph of local search, as in HippoRAG: entity nodes (0..E-1) and chunk nodes
 * (E..E+C-1); entities link to the chunks that mention them and to related entities.
 */
export function buildWalkGraph(index: GraphIndex): CompressedGraph {
  const entityCount = index.entities.length;
  const { edgeSources, edgeTargets, edgeWeights } = index.relationSummary;
  let mentionEdges = 0;
  for (let entityIndex = 0; entityIndex < entityCount; entityIndex++) mentionEdges += index.chunksOfEntity.sizeOf(entityIndex);
  const edgeCount = mentionEdges + edgeSources.length;
  const sources = new Int32Array(edgeCount);
  const targets = new Int32Array(edgeCount);
  const weights = new Float64Array(edgeCount);
  let edge = 0;
  for (let entityIndex = 0; entityIndex < entityCount; entityIndex++) {
    for (const chunkIndex of index.chunksOfEntity.get(entityIndex)) {
      sources[edge] = entityIndex;
      targets[edge] = entityCount + chunkIndex;
      weights[edge] = 1;
      edge += 1;
    }
  }
  sources.set(edgeSources, mentionEdges);
  targets.set(edgeTargets, mentionEdges);
  weights.set(edgeWeights, mentionEdges);
  return compressGraph({ nodeCount: entityCount + index.chunkIds.length, sources, targets, weights });
}
