import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { computeModularity, detectCommunitiesLeiden, detectHierarchicalCommunities } from '../src/communities/index.js';
import { runLouvainBaseline, toGraphology } from '../test/fixtures/louvain-baseline.js';
import { generatePlantedPartition } from '../test/fixtures/planted-partition.js';

const groupCount = 200;
const groupSize = 100;
const edgeCount = 100_000;

/** Times hierarchical Leiden on a seeded 20k-node, 100k-edge planted-partition graph against graphology's Louvain. */
export async function benchCommunities(): Promise<Record<string, number | string>> {
  const { graph } = generatePlantedPartition({ groupCount, groupSize, edgeCount, intraGroupProbability: 0.8, seed: 7 });

  const leidenStart = performance.now();
  const hierarchy = detectHierarchicalCommunities(graph, { maxClusterSize: 10, seed: 42 });
  const leidenSeconds = (performance.now() - leidenStart) / 1000;

  const flatStart = performance.now();
  const flat = detectCommunitiesLeiden(graph, { seed: 42 });
  const flatLeidenSeconds = (performance.now() - flatStart) / 1000;

  const graphologyGraph = toGraphology(graph);
  const louvainStart = performance.now();
  const louvain = runLouvainBaseline(graphologyGraph, 42);
  const louvainSeconds = (performance.now() - louvainStart) / 1000;

  const figures = {
    nodes: graph.nodes.length,
    edges: graph.edges.length,
    hierarchicalLeidenSeconds: round(leidenSeconds, 3),
    flatLeidenSeconds: round(flatLeidenSeconds, 3),
    louvainSeconds: round(louvainSeconds, 3),
    ratio: round(leidenSeconds / louvainSeconds, 2),
    levels: hierarchy.levels.length,
    communities: hierarchy.communities.length,
    leidenModularity: round(flat.modularity, 4),
    louvainModularity: round(computeModularity(graph, louvain.membership), 4),
  };
  console.log(
    `communities: ${figures.nodes} nodes, ${figures.edges} edges, hierarchical Leiden ${leidenSeconds.toFixed(2)} s ` +
      `(graphology Louvain baseline ${louvainSeconds.toFixed(2)} s, ratio ${figures.ratio}); ` +
      `${figures.levels} levels, ${figures.communities} communities; flat Leiden ${flatLeidenSeconds.toFixed(2)} s, ` +
      `modularity ${figures.leidenModularity} vs Louvain ${figures.louvainModularity}`,
  );
  return figures;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchCommunities();
}
