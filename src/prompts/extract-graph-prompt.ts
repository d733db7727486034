import { z } from 'zod';
import { FALLBACK_NODE_TYPE, nodeTypeNames, type GraphSchema } from '../config/graph-schema.js';
import type { ChatMessage, JsonSchema } from '../llm/chat-model.js';

/** Version of the extraction prompt; part of the cache key of every extraction request. */
export const EXTRACT_GRAPH_PROMPT_VERSION = 'extract-graph-1';

/**
 * The reply as validated: types and names are plain strings here so that one off-schema item is
 * rejected and counted on its own instead of failing the whole reply.
 */
export const graphReplySchema = z.object({
  nodes: z.array(z.object({ name: z.string(), type: z.string(), description: z.string().default('') })),
  edges: z.array(z.object({ source: z.string(), target: z.string(), type: z.string(), evidence: z.string() })),
});
/** A validated extraction reply. */
export type GraphReply = z.infer<typeof graphReplySchema>;

/**
 * Size bounds written into the guidance schema. A grammar-constrained local model obeys them
 * (which stops a small model's repetition loops); remote providers get the schema without them
 * and the validator does not enforce them, so a long reply from a large model is not rejected.
 */
export interface ReplyLimits {
  maxNodes: number;
  maxEdges: number;
  maxNameLength: number;
  maxDescriptionLength: number;
  maxEvidenceLength: number;
}

/** Bounds generous enough for any 600-token chunk. */
export const DEFAULT_REPLY_LIMITS: ReplyLimits = { maxNodes: 60, maxEdges: 60, maxNameLength: 120, maxDescriptionLength: 300, maxEvidenceLength: 600 };

/** The JSON Schema sent as guidance: node and edge types limited to the declared ones, sizes bounded. */
export function buildGraphReplyJsonSchema(schema: GraphSchema, limits: ReplyLimits = DEFAULT_REPLY_LIMITS): JsonSchema {
  const edgeTypes = schema.edgeTypes.map((edge) => edge.name);
  const object = (properties: Record<string, JsonSchema>) => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });
  const text = (maxLength: number) => ({ type: 'string', maxLength });
  return object({
    nodes: { type: 'array', maxItems: limits.maxNodes, items: object({ name: text(limits.maxNameLength), type: { type: 'string', enum: nodeTypeNames(schema) }, description: text(limits.maxDescriptionLength) }) },
    edges: {
      type: 'array',
      maxItems: limits.maxEdges,
      items: object({ source: text(limits.maxNameLength), target: text(limits.maxNameLength), type: edgeTypes.length > 0 ? { type: 'string', enum: edgeTypes } : { type: 'string' }, evidence: text(limits.maxEvidenceLength) }),
    },
  });
}

/** What the extraction prompt is built from. */
export interface ExtractionPromptInput {
  schema: GraphSchema;
  text: string;
  documentTitle?: string | undefined;
}

function describeNodeTypes(schema: GraphSchema): string {
  const lines = schema.nodeTypes.map((type) => `- ${type.name}${type.description ? `: ${type.description}` : ''}`);
  if (!schema.nodeTypes.some((type) => type.name === FALLBACK_NODE_TYPE)) lines.push(`- ${FALLBACK_NODE_TYPE}: a named thing that fits none of the other types.`);
  return lines.join('\n');
}

function describeEdgeTypes(schema: GraphSchema): string {
  if (schema.edgeTypes.length === 0) return '(none: extract nodes only and reply with an empty "edges" list)';
  return schema.edgeTypes
    .map((edge) => {
      const phrases = [...edge.patterns.slice(0, 2), ...edge.passivePatterns.slice(0, 1)].map((phrase) => `"${phrase}"`);
      const detail = [edge.description, phrases.length > 0 ? `e.g. ${phrases.join(', ')}` : ''].filter(Boolean).join('; ');
      return `- ${edge.name} (${edge.source.join(' | ')} → ${edge.target.join(' | ')})${detail ? `: ${detail}` : ''}`;
    })
    .join('\n');
}

/**
 * The extraction prompt (seed 001's design): the declared node and edge types with their
 * source → target shapes, name normalisation, only relations stated or clearly implied, verbatim
 * evidence per edge, and a `{nodes, edges}` JSON reply. The rules sit in the system prompt (the
 * same for every chunk, so providers can cache that prefix); the text is the user turn.
 */
export function buildExtractionPrompt(input: ExtractionPromptInput): { system: string; messages: ChatMessage[] } {
  const system = `You extract a knowledge graph from a text: named entities (nodes) and the relations between them (edges). You reply with one JSON object and nothing else.

Allowed node types:
${describeNodeTypes(input.schema)}

Allowed edge types (source type → target type):
${describeEdgeTypes(input.schema)}

Rules:
1. Use only the allowed types. Leave out entities and relations that fit none of them.
2. An edge goes from a node of its source type to a node of its target type, in that direction.
3. Normalise names: one node per real-world entity. "J. Dupont" and "Jean Dupont" are the same Person: list it once, under the fullest name the text gives ("Jean Dupont"). Write names as the text writes them (same spelling, accents and capitals); do not translate them.
4. Extract only relations that the text states or clearly implies. Do not add outside knowledge.
5. For each edge, copy into "evidence" the sentence of the text that states it, word for word.
6. The "source" and "target" of every edge must be names listed in "nodes".
7. Give each node a one-sentence description of what the text says about it, in the language of the text.

Reply format:
{"nodes": [{"name": "...", "type": "...", "description": "..."}], "edges": [{"source": "...", "target": "...", "type": "...", "evidence": "..."}]}
If the text names no entity of an allowed type, reply {"nodes": [], "edges": []}.`;
  const title = input.documentTitle ? `Document: ${input.documentTitle}\n` : '';
  return { system, messages: [{ role: 'user', content: `${title}Text:\n<<<\n${input.text}\n>>>` }] };
}
