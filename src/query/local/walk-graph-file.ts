import { allBelow, pack, unpack } from '../../core/packed-file.js';
import type { CompressedGraph } from '../../algorithms/personalized-pagerank.js';
import type { DerivedFileKind } from '../kept-or-made.js';

/** Bump when the layout below, or how the walk graph is built (see buildWalkGraph), changes: a file of another layout is not read. */
const LAYOUT = 1;

interface Header {
  layout: number;
  nodeCount: number;
}

/** The walk graph as a packed file: its rows' offsets, neighbours, transition probabilities, and the nodes that have none (as 0/1). */
function encodeWalkGraph(graph: CompressedGraph): Uint8Array {
  const header: Header = { layout: LAYOUT, nodeCount: graph.nodeCount };
  return pack(header, [graph.offsets, graph.neighbours, graph.probabilities, Int32Array.from(graph.dangling)]);
}

/** The walk graph the bytes hold, or null when they are not a whole one of this layout. */
function decodeWalkGraph(bytes: Uint8Array | null): CompressedGraph | null {
  const unpacked = unpack(bytes);
  const header = unpacked?.header as Header | undefined;
  if (!unpacked || header?.layout !== LAYOUT || !Number.isInteger(header.nodeCount) || header.nodeCount < 0 || unpacked.arrays.length !== 4) return null;
  const [offsets, neighbours, probabilities, dangling] = unpacked.arrays;
  const { nodeCount } = header;
  if (!(offsets instanceof Int32Array) || !(neighbours instanceof Int32Array) || !(probabilities instanceof Float64Array) || !(dangling instanceof Int32Array)) return null;
  if (offsets.length !== nodeCount + 1 || offsets[0] !== 0 || offsets[nodeCount] !== neighbours.length || probabilities.length !== neighbours.length || dangling.length !== nodeCount) return null;
  for (let node = 0; node < nodeCount; node += 1) if ((offsets[node + 1] as number) < (offsets[node] as number)) return null;
  if (!allBelow(neighbours, nodeCount)) return null;
  return { nodeCount, offsets, neighbours, probabilities, dangling: Uint8Array.from(dangling) };
}

/** Local search's walk graph, kept beside a store (about 12 bytes an edge slot: 85 MB at 100k passages, where building it took about a second). */
export const WALK_GRAPH_FILE: DerivedFileKind<CompressedGraph> = { name: 'walk-graph', encode: encodeWalkGraph, decode: decodeWalkGraph };
