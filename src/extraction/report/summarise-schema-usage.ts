import { COOCCURRENCE_EDGE_TYPE, FALLBACK_NODE_TYPE, type GraphSchema } from '../../config/graph-schema.js';
import type { ChunkExtraction, ExtractedEntity, ExtractedRelation, TypeCue } from '../../core/records.js';
import { typeOfRelationEnd } from './type-of-relation-end.js';

/** How often one cue voted for a node type, and how often the mention it voted for got that type. */
export interface CueUse {
  cue: TypeCue;
  phrase?: string;
  fired: number;
  won: number;
}

/** What one node type got: resolved entities, extracted mentions, and the cues that voted for it. */
export interface NodeTypeUse {
  name: string;
  entities: number;
  mentions: number;
  cues: CueUse[];
}

/** What one edge type got: resolved relations, extracted relations, and the phrases that stated them. */
export interface EdgeTypeUse {
  name: string;
  relations: number;
  extracted: number;
  phrases: Array<{ phrase: string; voice: 'active' | 'passive'; count: number }>;
}

/** Two typed entities met in one sentence with no edge phrase between them: a candidate for a new pattern. */
export interface UnlinkedPair {
  sourceType: string;
  targetType: string;
  count: number;
  samples: Array<{ source: string; target: string; sentence: string; chunkId: string }>;
}

/** How the extraction used the schema, over every stored chunk. */
export interface SchemaUsage {
  nodeTypes: NodeTypeUse[];
  edgeTypes: EdgeTypeUse[];
  /** Most frequent first. Only sentences the extractor linked by co-occurrence count (none when `extraction.cooccurrence` is off). */
  unlinkedPairs: UnlinkedPair[];
  /** Extracted chunks whose records carry no votes or phrases (model extractions). */
  chunksWithoutProvenance: number;
}

/** What `summariseSchemaUsage` reads: the stored extractions and the resolved counts per type. */
export interface SchemaUsageInput {
  schema: GraphSchema;
  extractions: ReadonlyArray<ChunkExtraction | null>;
  entitiesByType: Record<string, number>;
  relationsByType: Record<string, number>;
}

const SAMPLES_PER_PAIR = 3;

/** Counts, per node and edge type, the mentions, cues, relations and phrases of the stored extractions, and the typed pairs left unlinked. */
export function summariseSchemaUsage(input: SchemaUsageInput): SchemaUsage {
  const nodeNames = [...input.schema.nodeTypes.map((type) => type.name), FALLBACK_NODE_TYPE];
  const edgeNames = [...input.schema.edgeTypes.map((type) => type.name), COOCCURRENCE_EDGE_TYPE];
  const nodes = new Map(nodeNames.map((name) => [name, { name, entities: input.entitiesByType[name] ?? 0, mentions: 0, cues: new Map<string, CueUse>() }]));
  const edges = new Map(edgeNames.map((name) => [name, { name, relations: input.relationsByType[name] ?? 0, extracted: 0, phrases: new Map<string, EdgeTypeUse['phrases'][number]>() }]));
  const pairs = new Map<string, UnlinkedPair>();
  let chunksWithoutProvenance = 0;
  for (const extraction of input.extractions) {
    if (!extraction) continue;
    if (!hasProvenance(extraction)) chunksWithoutProvenance += 1;
    for (const entity of extraction.entities) countEntity(nodes, entity);
    for (const relation of extraction.relations) {
      countRelation(edges, relation);
      if (relation.basis === 'sentence') countUnlinkedPair(pairs, relation, extraction);
    }
  }
  return {
    nodeTypes: [...nodes.values()].map((node) => ({ name: node.name, entities: node.entities, mentions: node.mentions, cues: [...node.cues.values()].sort((left, right) => right.fired - left.fired) })),
    edgeTypes: [...edges.values()].map((edge) => ({ name: edge.name, relations: edge.relations, extracted: edge.extracted, phrases: [...edge.phrases.values()].sort((left, right) => right.count - left.count) })),
    unlinkedPairs: [...pairs.values()].sort((left, right) => right.count - left.count),
    chunksWithoutProvenance,
  };
}

function hasProvenance(extraction: ChunkExtraction): boolean {
  return extraction.entities.some((entity) => entity.votes !== undefined) || extraction.relations.some((relation) => relation.basis !== undefined);
}

type NodeTally = { mentions: number; cues: Map<string, CueUse> };

function countEntity(nodes: Map<string, NodeTally>, entity: ExtractedEntity): void {
  const node = nodes.get(entity.type);
  if (node) node.mentions += 1;
  for (const vote of entity.votes ?? []) {
    const target = nodes.get(vote.type);
    if (!target) continue;
    const key = `${vote.cue}\u0000${vote.phrase ?? ''}`;
    const use = target.cues.get(key) ?? { cue: vote.cue, ...(vote.phrase !== undefined ? { phrase: vote.phrase } : {}), fired: 0, won: 0 };
    use.fired += 1;
    if (vote.type === entity.type) use.won += 1;
    target.cues.set(key, use);
  }
}

type EdgeTally = { extracted: number; phrases: Map<string, EdgeTypeUse['phrases'][number]> };

function countRelation(edges: Map<string, EdgeTally>, relation: ExtractedRelation): void {
  const edge = edges.get(relation.type);
  if (!edge) return;
  edge.extracted += 1;
  if (relation.phrase === undefined) return;
  const voice = relation.voice ?? 'active';
  const key = `${voice}\u0000${relation.phrase}`;
  const use = edge.phrases.get(key) ?? { phrase: relation.phrase, voice, count: 0 };
  use.count += 1;
  edge.phrases.set(key, use);
}

function countUnlinkedPair(pairs: Map<string, UnlinkedPair>, relation: ExtractedRelation, extraction: ChunkExtraction): void {
  const sourceType = typeOfRelationEnd(relation.source, relation.span, extraction.entities);
  const targetType = typeOfRelationEnd(relation.target, relation.span, extraction.entities);
  if (sourceType === FALLBACK_NODE_TYPE || targetType === FALLBACK_NODE_TYPE) return;
  const key = `${sourceType}\u0000${targetType}`;
  const pair = pairs.get(key) ?? { sourceType, targetType, count: 0, samples: [] };
  pair.count += 1;
  if (pair.samples.length < SAMPLES_PER_PAIR && !pair.samples.some((sample) => sample.sentence === relation.evidence)) {
    pair.samples.push({ source: relation.source, target: relation.target, sentence: relation.evidence, chunkId: extraction.chunkId });
  }
  pairs.set(key, pair);
}
