/** An undirected weighted graph over nodes 0..nodeCount-1, as edge lists. */
export interface IndexedGraph {
  nodeCount: number;
  sources: Int32Array;
  targets: Int32Array;
  weights: Float64Array;
}

/** A graph in compressed sparse rows, both directions of every edge stored, for repeated walks. */
export interface CompressedGraph {
  nodeCount: number;
  offsets: Int32Array;
  neighbours: Int32Array;
  /** Transition probability from the row's node to each neighbour. */
  probabilities: Float64Array;
  /** Nodes with no edges: their mass returns to the personalization. */
  dangling: Uint8Array;
}

/** Prepares a graph for personalized PageRank (sums duplicate edges' weights per direction). */
export function compressGraph(graph: IndexedGraph): CompressedGraph {
  const degree = new Int32Array(graph.nodeCount);
  for (let edge = 0; edge < graph.sources.length; edge += 1) {
    const source = graph.sources[edge] as number;
    const target = graph.targets[edge] as number;
    degree[source] = (degree[source] as number) + 1;
    degree[target] = (degree[target] as number) + 1;
  }
  const offsets = new Int32Array(graph.nodeCount + 1);
  for (let node = 0; node < graph.nodeCount; node += 1) offsets[node + 1] = (offsets[node] as number) + (degree[node] as number);
  const neighbours = new Int32Array(offsets[graph.nodeCount] as number);
  const weights = new Float64Array(neighbours.length);
  const cursor = offsets.slice(0, graph.nodeCount);
  for (let edge = 0; edge < graph.sources.length; edge += 1) {
    const source = graph.sources[edge] as number;
    const target = graph.targets[edge] as number;
    const weight = graph.weights[edge] as number;
    neighbours[cursor[source] as number] = target;
    weights[(cursor[source] as number)++] = weight;
    neighbours[cursor[target] as number] = source;
    weights[(cursor[target] as number)++] = weight;
  }
  const probabilities = new Float64Array(weights.length);
  const dangling = new Uint8Array(graph.nodeCount);
  for (let node = 0; node < graph.nodeCount; node += 1) {
    let total = 0;
    for (let slot = offsets[node] as number; slot < (offsets[node + 1] as number); slot += 1) total += weights[slot] as number;
    if (total <= 0) dangling[node] = 1;
    for (let slot = offsets[node] as number; slot < (offsets[node + 1] as number); slot += 1) probabilities[slot] = total > 0 ? (weights[slot] as number) / total : 0;
  }
  return { nodeCount: graph.nodeCount, offsets, neighbours, probabilities, dangling };
}

/** Options of the random walk with restart. */
export interface PageRankOptions {
  /** Probability of following an edge rather than restarting (HippoRAG uses 0.5). */
  damping?: number;
  iterations?: number;
  tolerance?: number;
}

/**
 * Personalized PageRank by power iteration: the stationary distribution of a walk that
 * restarts at the personalization nodes. Scores sum to 1; deterministic.
 */
export function personalizedPageRank(graph: CompressedGraph, personalization: Map<number, number>, options: PageRankOptions = {}): Float64Array {
  const damping = options.damping ?? 0.5;
  const iterations = options.iterations ?? 50;
  const tolerance = options.tolerance ?? 1e-8;
  const restart = new Float64Array(graph.nodeCount);
  let mass = 0;
  for (const [node, weight] of personalization) if (weight > 0 && node >= 0 && node < graph.nodeCount) mass += weight;
  if (mass === 0) return restart;
  for (const [node, weight] of personalization) if (weight > 0 && node >= 0 && node < graph.nodeCount) restart[node] = (restart[node] as number) + weight / mass;
  const { offsets, neighbours, probabilities, dangling } = graph;
  let scores = Float64Array.from(restart);
  let next = new Float64Array(graph.nodeCount);
  for (let iteration = 0; iteration < iterations; iteration += 1) {
    next.fill(0);
    let danglingMass = 0;
    for (let node = 0; node < graph.nodeCount; node += 1) {
      const score = scores[node] as number;
      if (score === 0) continue;
      if (dangling[node]) {
        danglingMass += score;
        continue;
      }
      const spread = damping * score;
      const end = offsets[node + 1] as number;
      for (let slot = offsets[node] as number; slot < end; slot += 1) {
        const neighbour = neighbours[slot] as number;
        next[neighbour] = (next[neighbour] as number) + spread * (probabilities[slot] as number);
      }
    }
    let change = 0;
    for (let node = 0; node < graph.nodeCount; node += 1) {
      const value = (next[node] as number) + ((1 - damping) + damping * danglingMass) * (restart[node] as number);
      change += Math.abs(value - (scores[node] as number));
      next[node] = value;
    }
    [scores, next] = [next, scores];
    if (change < tolerance) break;
  }
  return scores;
}

/**
 * Personalized PageRank by forward push (Andersen, Chung and Lang, 2006): residual mass starts on
 * the personalization; a node holding more residual than `epsilon` times its degree (at least 1)
 * keeps the restart share of it as score and passes the rest to its neighbours by transition
 * probability (a dangling node's back to the personalization), nodes taken first in, first out.
 * The work follows the mass near the seeds, not the graph's size; each score falls short of power
 * iteration's by what the residual left behind would have brought, at most `epsilon` per edge of
 * each node. Deterministic. With damping 1 nothing would settle: power iteration is run instead.
 */
export function personalizedPageRankByPush(graph: CompressedGraph, personalization: Map<number, number>, options: { damping?: number; epsilon?: number } = {}): Float64Array {
  const damping = options.damping ?? 0.5;
  const epsilon = options.epsilon ?? 1e-8;
  if (damping >= 1 || !(epsilon > 0)) return personalizedPageRank(graph, personalization, { damping });
  const scores = new Float64Array(graph.nodeCount);
  const residual = new Float64Array(graph.nodeCount);
  const restart: Array<[number, number]> = [];
  let mass = 0;
  for (const [node, weight] of personalization) if (weight > 0 && node >= 0 && node < graph.nodeCount) mass += weight;
  if (mass === 0) return scores;
  for (const [node, weight] of personalization) {
    if (!(weight > 0 && node >= 0 && node < graph.nodeCount)) continue;
    residual[node] = (residual[node] as number) + weight / mass;
    restart.push([node, weight / mass]);
  }
  const { offsets, neighbours, probabilities, dangling } = graph;
  const queued = new Uint8Array(graph.nodeCount);
  let queue = new Int32Array(Math.max(16, restart.length * 2));
  let head = 0;
  let tail = 0;
  const enqueue = (node: number) => {
    if (queued[node] || (residual[node] as number) <= epsilon * Math.max(1, (offsets[node + 1] as number) - (offsets[node] as number))) return;
    if (tail === queue.length) {
      const grown = new Int32Array(queue.length * 2);
      grown.set(queue.subarray(head, tail));
      tail -= head;
      head = 0;
      queue = grown;
    }
    queue[tail++] = node;
    queued[node] = 1;
  };
  for (const [node] of restart) enqueue(node);
  while (head < tail) {
    const node = queue[head++] as number;
    queued[node] = 0;
    const held = residual[node] as number;
    residual[node] = 0;
    scores[node] = (scores[node] as number) + (1 - damping) * held;
    const spread = damping * held;
    if (dangling[node]) {
      for (const [seed, share] of restart) {
        residual[seed] = (residual[seed] as number) + spread * share;
        enqueue(seed);
      }
      continue;
    }
    const end = offsets[node + 1] as number;
    for (let slot = offsets[node] as number; slot < end; slot += 1) {
      const neighbour = neighbours[slot] as number;
      residual[neighbour] = (residual[neighbour] as number) + spread * (probabilities[slot] as number);
      enqueue(neighbour);
    }
  }
  return scores;
}
