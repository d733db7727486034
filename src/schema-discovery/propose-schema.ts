import type { RhizomeConfig } from '../config/config-schema.js';
import { COOCCURRENCE_EDGE_TYPE, FALLBACK_NODE_TYPE, graphSchemaSchema, RESERVED_TABLE_NAMES, type GraphSchema } from '../config/graph-schema.js';
import type { ChunkExtraction } from '../core/records.js';
import { collectEdgePhrases, proposeEdgeTypes, type EdgeTypeProposal } from './discover-edge-types.js';
import { applyNodeTypes, collectDescriptorNouns, proposeNodeTypes, type NodeTypeProposal } from './discover-node-types.js';
import { extractCorpus, readCorpus, type ReadCorpus } from './read-corpus.js';
import { countUp, type Tally } from './tally.js';

/** A schema proposed for a corpus, with what each part was read from. */
export interface SchemaProposal {
  folder: string;
  documents: number;
  chunks: number;
  failures: ReadCorpus['failures'];
  /** The proposed schema, valid as is. */
  schema: GraphSchema;
  nodeTypes: NodeTypeProposal[];
  edgeTypes: EdgeTypeProposal[];
  /** Mentions per node type and typed relations per edge type of the proposed schema's node types and starting edge types, read before the new edges. */
  mentionsByType: Tally;
  relationsByType: Tally;
  /** Types of the starting schema left out because the corpus gave them nothing. */
  droppedNodeTypes: string[];
  droppedEdgeTypes: string[];
}

/**
 * Reads a corpus through the indexer's ingest and offline extraction and proposes a schema in two passes.
 * First, extracted under `config.schema`, the descriptor nouns of its names become node types or cue
 * words of declared types. Then, extracted again under those types, the phrases between neighbouring
 * typed names become edge types. Declared types that got no mention or relation are dropped.
 */
export async function proposeSchema(folder: string, config: Pick<RhizomeConfig, 'ingest' | 'chunking' | 'extraction' | 'schema'>, signal?: AbortSignal): Promise<SchemaProposal> {
  const corpus = await readCorpus(folder, config, signal);
  const limit = config.extraction.maxEntitiesPerSentence;
  const first = extractCorpus(corpus, config.schema, limit);
  const nodeTypes = proposeNodeTypes(collectDescriptorNouns(corpus.chunks, first), config.schema, RESERVED_TABLE_NAMES);
  const typed = applyNodeTypes(config.schema, nodeTypes);
  const second = extractCorpus(corpus, typed, limit);
  const { mentionsByType, relationsByType } = countTypes(second);
  const keptNodes = typed.nodeTypes.filter((type) => type.name === FALLBACK_NODE_TYPE || (mentionsByType.get(type.name) ?? 0) > 0);
  const keptNames = new Set(keptNodes.map((type) => type.name));
  const keptEdges = typed.edgeTypes
    .filter((edge) => (relationsByType.get(edge.name) ?? 0) > 0)
    .map((edge) => ({ ...edge, source: edge.source.filter((name) => keptNames.has(name)), target: edge.target.filter((name) => keptNames.has(name)) }))
    .filter((edge) => edge.source.length > 0 && edge.target.length > 0);
  const taken = new Set([...RESERVED_TABLE_NAMES, ...keptNames, ...typed.edgeTypes.map((edge) => edge.name)]);
  // A declared type a phrase extends keeps only node types that stay; with none left on a side, it goes.
  const edgeTypes = proposeEdgeTypes(collectEdgePhrases(corpus.chunks, second), taken, typed.edgeTypes)
    .map((proposal) => (proposal.extends === undefined ? proposal : { ...proposal, definition: { ...proposal.definition, source: proposal.definition.source.filter((name) => keptNames.has(name)), target: proposal.definition.target.filter((name) => keptNames.has(name)) } }))
    .filter((proposal) => proposal.definition.source.length > 0 && proposal.definition.target.length > 0);
  const extended = new Map(edgeTypes.filter((proposal) => proposal.extends !== undefined).map((proposal) => [proposal.extends as string, proposal.definition]));
  const stated = [...keptEdges.map((edge) => extended.get(edge.name) ?? edge), ...edgeTypes.filter((proposal) => proposal.extends !== undefined && !keptEdges.some((edge) => edge.name === proposal.extends)).map((proposal) => proposal.definition)];
  const schema = graphSchemaSchema.parse({ nodeTypes: keptNodes, edgeTypes: [...stated, ...edgeTypes.filter((proposal) => proposal.extends === undefined).map((proposal) => proposal.definition)] });
  return {
    folder,
    documents: corpus.documents,
    chunks: corpus.chunks.length,
    failures: corpus.failures,
    schema,
    nodeTypes,
    edgeTypes,
    mentionsByType,
    relationsByType,
    droppedNodeTypes: typed.nodeTypes.filter((type) => !keptNames.has(type.name)).map((type) => type.name),
    droppedEdgeTypes: typed.edgeTypes.filter((edge) => !keptEdges.some((kept) => kept.name === edge.name) && !extended.has(edge.name)).map((edge) => edge.name),
  };
}

function countTypes(extractions: readonly ChunkExtraction[]): { mentionsByType: Tally; relationsByType: Tally } {
  const mentionsByType: Tally = new Map();
  const relationsByType: Tally = new Map();
  for (const extraction of extractions) {
    for (const entity of extraction.entities) countUp(mentionsByType, entity.type);
    for (const relation of extraction.relations) if (relation.type !== COOCCURRENCE_EDGE_TYPE) countUp(relationsByType, relation.type);
  }
  return { mentionsByType, relationsByType };
}
