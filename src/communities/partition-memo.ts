import type { AdjacencyGraph } from './graph-projection.js';
import type { LeidenSettings } from './leiden.js';

/** One partition worked out in a build: the graph it was made for (the arrays Leiden reads) and its groups of local node indices. */
interface RememberedPartition {
  adjacency: AdjacencyGraph;
  settings: LeidenSettings;
  groups: Int32Array[];
}

/**
 * The partitions of the last community build, found again by the graph they were made for.
 *
 * Leiden's partition of a graph depends only on that graph (node keys, edges, weights) and the
 * settings, so a graph equal in every array Leiden reads has the same partition: the memo compares
 * them all, element by element, and is exact. After a small change most subgraphs the hierarchy
 * splits (the large communities below level 0) are unchanged, and their partitions are taken
 * from the build before instead of being worked out again.
 *
 * A build records into a new generation that replaces the last one when it ends, so the memo holds
 * one build's partitions. A memory bound, not a tuning: a build remembers graphs only while their
 * arrays hold at most `maxElements` numbers in all (at 100k passages the graph of level 0 alone holds
 * millions, which would stay resident through the store stage for a saving only a next run in the
 * same process sees).
 */
export class PartitionMemo {
  private last = new Map<string, RememberedPartition[]>();
  private next = new Map<string, RememberedPartition[]>();
  private nextElements = 0;
  /** Partitions found in the memo since it was made (the count a test or a profile reads). */
  found = 0;

  constructor(private readonly maxElements = 2_000_000) {}

  /** The groups the last build found for a graph equal to `adjacency` under the same settings, or undefined. */
  find(adjacency: AdjacencyGraph, settings: LeidenSettings): Int32Array[] | undefined {
    const candidates = this.last.get(fingerprintOf(adjacency));
    const found = candidates?.find((remembered) => sameSettings(remembered.settings, settings) && sameGraph(remembered.adjacency, adjacency));
    if (!found) return undefined;
    this.found += 1;
    this.remember(adjacency, settings, found.groups);
    return found.groups;
  }

  /** Keeps a partition of this build for the next one (the caller hands over arrays it no longer changes). */
  remember(adjacency: AdjacencyGraph, settings: LeidenSettings, groups: Int32Array[]): void {
    const elements = elementsOf(adjacency);
    if (this.nextElements + elements > this.maxElements) return;
    this.nextElements += elements;
    const key = fingerprintOf(adjacency);
    const list = this.next.get(key);
    if (list) list.push({ adjacency, settings, groups });
    else this.next.set(key, [{ adjacency, settings, groups }]);
  }

  /** Ends a build: its partitions become the ones the next build can find. */
  endBuild(): void {
    this.last = this.next;
    this.next = new Map();
    this.nextElements = 0;
  }
}

function fingerprintOf(adjacency: AdjacencyGraph): string {
  return `${adjacency.nodeCount}:${adjacency.neighbors.length}:${adjacency.totalWeight}:${adjacency.keys[0] ?? 0}`;
}

function elementsOf(adjacency: AdjacencyGraph): number {
  return adjacency.offsets.length + 2 * adjacency.neighbors.length + 3 * adjacency.nodeCount;
}

function sameSettings(left: LeidenSettings, right: LeidenSettings): boolean {
  return left.resolution === right.resolution && left.maxIterations === right.maxIterations && left.randomness === right.randomness && left.salt === right.salt;
}

function sameGraph(left: AdjacencyGraph, right: AdjacencyGraph): boolean {
  return (
    left.nodeCount === right.nodeCount &&
    left.totalWeight === right.totalWeight &&
    sameArray(left.keys, right.keys) &&
    sameArray(left.offsets, right.offsets) &&
    sameArray(left.neighbors, right.neighbors) &&
    sameArray(left.weights, right.weights) &&
    sameArray(left.selfLoopWeights, right.selfLoopWeights)
  );
}

function sameArray(left: ArrayLike<number>, right: ArrayLike<number>): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}
