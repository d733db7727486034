import { compressGraph, type CompressedGraph } from '../../algorithms/personalized-pagerank.js';
import type { GraphIndex } from '../graph-index.js';

/**
 * The walk graph of local search, as in HippoRAG: entity nodes (0..E-1) and chunk nodes
 * (E..E+C-1); entities link to the chunks that mention them and to related entities.
 */
export function buildWalkGraph(index: GraphIndex): CompressedGraph {
  const entityCount = index.entities.length;
  const sources: number[] = [];
  const targets: number[] = [];
  const weights: number[] = [];
  index.chunksOfEntity.forEach((chunks, entityIndex) => {
    for (const chunkIndex of chunks) {
      sources.push(entityIndex);
      targets.push(entityCount + chunkIndex);
      weights.push(1);
    }
  });
  const { edgeSources, edgeTargets, edgeWeights } = index.relationSummary;
  for (let edge = 0; edge < edgeSources.length; edge += 1) {
    sources.push(edgeSources[edge] as number);
    targets.push(edgeTargets[edge] as number);
    weights.push(edgeWeights[edge] as number);
  }
  return compressGraph({
    nodeCount: entityCount + index.chunkIds.length,
    sources: Int32Array.from(sources),
    targets: Int32Array.from(targets),
    weights: Float64Array.from(weights),
  });
}
