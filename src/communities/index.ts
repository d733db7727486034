export type { WeightedGraph } from './graph-projection.js';
export { detectCommunitiesLeiden, type LeidenOptions, type LeidenResult } from './leiden.js';
export {
  detectHierarchicalCommunities,
  type CommunityHierarchy,
  type CommunityLevelSummary,
  type HierarchicalCommunity,
  type HierarchicalLeidenOptions,
} from './hierarchical-leiden.js';
export { computeModularity } from './modularity.js';
export { createSeededRandom, type RandomSource } from './seeded-random.js';
