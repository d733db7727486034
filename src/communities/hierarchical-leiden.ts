import { RhizomeError } from '../errors/rhizome-error.js';
import { induceSubgraph, projectGraph, type AdjacencyGraph, type WeightedGraph } from './graph-projection.js';
import { partitionAdjacency, resolveLeidenSettings, type LeidenOptions, type LeidenSettings } from './leiden.js';
import { renumberCommunities } from './leiden-phases.js';
import { modularityOfAssignment } from './modularity.js';
import type { PartitionMemo } from './partition-memo.js';

/** Leiden options plus the size above which a community is clustered again one level down. */
export interface HierarchicalLeidenOptions extends LeidenOptions {
  maxClusterSize?: number;
  /** Partitions of an earlier build, found again by their graph (exact; see PartitionMemo); this build's are recorded into it. */
  memo?: PartitionMemo;
}

/** One community of the hierarchy; `members` are node ids in input order. */
export interface HierarchicalCommunity {
  id: string;
  level: number;
  parentId: string | null;
  members: string[];
}

/**
 * One level of the hierarchy: how many communities it introduced, and the modularity (on the whole graph) of the
 * partition made of this level's communities plus the communities of earlier levels that were not split further.
 */
export interface CommunityLevelSummary {
  level: number;
  communityCount: number;
  modularity: number;
}

/** The communities of every level, level 0 first, and one summary per level. */
export interface CommunityHierarchy {
  communities: HierarchicalCommunity[];
  levels: CommunityLevelSummary[];
}

interface PendingSplit {
  parentId: string | null;
  parts: Int32Array[];
}

/**
 * Hierarchical Leiden in the style of GraphRAG / graspologic: level 0 partitions the whole graph; each community larger
 * than maxClusterSize is partitioned again on its induced subgraph to form the next level, until every community fits
 * or Leiden keeps it whole. Isolated nodes become singleton communities. Ids are `c{level}_{rank}`, ranked by size
 * (largest first) then by smallest member id.
 */
export function detectHierarchicalCommunities(graph: WeightedGraph, options: HierarchicalLeidenOptions = {}): CommunityHierarchy {
  const { maxClusterSize = 10, memo, ...leidenOptions } = options;
  if (!Number.isInteger(maxClusterSize) || maxClusterSize < 1) {
    throw new RhizomeError('INPUT_INVALID', `maxClusterSize is ${maxClusterSize}; expected an integer ≥ 1.`, {
      details: { option: 'maxClusterSize', value: maxClusterSize },
    });
  }
  const { nodeIds, adjacency } = projectGraph(graph);
  const settings = resolveLeidenSettings(leidenOptions);
  if (nodeIds.length === 0) {
    memo?.endBuild();
    return { communities: [], levels: [] };
  }

  const communities: HierarchicalCommunity[] = [];
  const levels: CommunityLevelSummary[] = [];
  // The index in `communities` of each node's deepest community so far.
  const deepestCommunity = new Int32Array(nodeIds.length);
  const scratch = new Int32Array(nodeIds.length).fill(-1);
  let pending: PendingSplit[] = [{ parentId: null, parts: partitionIntoGroups(adjacency, settings, memo) }];

  for (let level = 0; pending.length > 0; level++) {
    const ranked = rankCommunities(pending, nodeIds);
    const next: PendingSplit[] = [];
    ranked.forEach(({ parentId, members }, rank) => {
      const id = `c${level}_${rank}`;
      for (const node of members) deepestCommunity[node] = communities.length;
      communities.push({ id, level, parentId, members: Array.from(members, (node) => nodeIds[node]!) });
      if (members.length <= maxClusterSize) return;
      const subgraph = induceSubgraph(adjacency, members, scratch);
      const parts = partitionIntoGroups(subgraph, settings, memo);
      if (parts.length < 2) return;
      next.push({ parentId: id, parts: parts.map((part) => part.map((local) => members[local]!)) });
    });
    const levelAssignment = Int32Array.from(deepestCommunity);
    renumberCommunities(levelAssignment);
    levels.push({
      level,
      communityCount: ranked.length,
      modularity: modularityOfAssignment(adjacency, levelAssignment, settings.resolution),
    });
    pending = next;
  }
  memo?.endBuild();
  return { communities, levels };
}

/** Leiden on an adjacency, returned as member lists (ascending node indices), one per community; taken from the memo when it knows the graph. */
function partitionIntoGroups(adjacency: AdjacencyGraph, settings: LeidenSettings, memo: PartitionMemo | undefined): Int32Array[] {
  const known = memo?.find(adjacency, settings);
  if (known) return known;
  const groups = leidenGroups(adjacency, settings);
  memo?.remember(adjacency, settings, groups);
  return groups;
}

function leidenGroups(adjacency: AdjacencyGraph, settings: LeidenSettings): Int32Array[] {
  const assignment = partitionAdjacency(adjacency, settings);
  const count = renumberCommunities(assignment);
  const sizes = new Int32Array(count);
  for (let node = 0; node < assignment.length; node++) sizes[assignment[node]!]!++;
  const groups = Array.from(sizes, (size) => new Int32Array(size));
  const filled = new Int32Array(count);
  for (let node = 0; node < assignment.length; node++) {
    const community = assignment[node]!;
    groups[community]![filled[community]!++] = node;
  }
  return groups;
}

/** Flattens pending splits into one list ordered by size (largest first), then by smallest member id. */
function rankCommunities(pending: PendingSplit[], nodeIds: string[]): Array<{ parentId: string | null; members: Int32Array }> {
  const entries = pending.flatMap(({ parentId, parts }) =>
    parts.map((members) => ({ parentId, members, smallestId: smallestMemberId(members, nodeIds) })),
  );
  entries.sort(
    (left, right) =>
      right.members.length - left.members.length || compareCodeUnits(left.smallestId, right.smallestId),
  );
  return entries.map(({ parentId, members }) => ({ parentId, members }));
}

function smallestMemberId(members: Int32Array, nodeIds: string[]): string {
  let smallest = nodeIds[members[0]!]!;
  for (const node of members) {
    const id = nodeIds[node]!;
    if (id < smallest) smallest = id;
  }
  return smallest;
}

function compareCodeUnits(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
