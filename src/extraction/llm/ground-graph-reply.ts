import { splitSentences } from '../../chunking/sentences.js';
import { nodeTypeNames, type GraphSchema } from '../../config/graph-schema.js';
import { normaliseName } from '../../core/normalise.js';
import type { Chunk, ChunkExtraction, ExtractedEntity, ExtractedRelation, Language, Span } from '../../core/records.js';
import type { GraphReply } from '../../prompts/extract-graph-prompt.js';
import { completedActValidity, readSentenceValidity } from '../../text/sentence-validity.js';
import { emptyExtractionCounts, type LlmExtractionCounts } from './extraction-counts.js';
import { locateName, locateText } from './locate-text.js';

/** The chunk a reply is about, with what dates its relations. */
export interface GroundingInput {
  chunk: Chunk;
  schema: GraphSchema;
  language: Language;
  documentDate: string | null;
}

type GroundingCounts = Pick<LlmExtractionCounts, 'nodesKept' | 'nodesRejectedType' | 'nodesNotInText' | 'edgesKept' | 'edgesRejectedType' | 'edgesMissingEndpoint' | 'edgesEvidenceNotFound' | 'edgesReversed' | 'edgesShapeMismatch'>;

/** Folds a type name for comparison: "works for", "Works_For" and "WORKS-FOR" are one type. */
function typeKey(type: string): string {
  return type.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Widens a span to the sentences it touches, so evidence is whole sentences as with the NLP extractor. */
function widenToSentences(span: Span, text: string, language: Language): Span {
  const touched = splitSentences(text, language).filter((sentence) => sentence.start < span.end && sentence.end > span.start);
  const first = touched[0];
  const last = touched[touched.length - 1];
  return first && last ? { start: Math.min(first.start, span.start), end: Math.max(last.end, span.end) } : span;
}

/**
 * Turns a validated reply into the ChunkExtraction records every extractor emits, trusting
 * nothing the text does not support: types must be declared (matched case- and
 * separator-insensitively), names must occur in the chunk, edges need kept endpoints and
 * evidence found in the chunk (their span becomes the sentences holding it, in document
 * offsets, and their evidence the chunk's own words). Everything dropped is counted.
 */
export function groundGraphReply(reply: GraphReply, input: GroundingInput): { extraction: ChunkExtraction; counts: LlmExtractionCounts } {
  const counts: GroundingCounts = { ...emptyExtractionCounts() };
  const { chunk, schema } = input;
  const nodeTypes = new Map(nodeTypeNames(schema).map((name) => [typeKey(name), name]));
  const edgeTypes = new Map(schema.edgeTypes.map((edge) => [typeKey(edge.name), edge]));
  const nodes = new Map<string, ExtractedEntity>();
  for (const node of reply.nodes) {
    const type = nodeTypes.get(typeKey(node.type));
    if (!type) {
      counts.nodesRejectedType += 1;
      continue;
    }
    const name = node.name.trim();
    const key = normaliseName(name);
    const located = key === '' ? null : locateName(chunk.text, name);
    if (!located) {
      counts.nodesNotInText += 1;
      continue;
    }
    const existing = nodes.get(key);
    if (existing) {
      if (!existing.description && node.description.trim()) existing.description = node.description.trim();
      continue;
    }
    const description = node.description.trim();
    nodes.set(key, { name, type, span: { start: chunk.start + located.start, end: chunk.start + located.end }, confidence: 1, ...(description ? { description } : {}) });
  }
  const relations = new Map<string, ExtractedRelation>();
  for (const edge of reply.edges) {
    const definition = edgeTypes.get(typeKey(edge.type));
    if (!definition) {
      counts.edgesRejectedType += 1;
      continue;
    }
    let source = nodes.get(normaliseName(edge.source));
    let target = nodes.get(normaliseName(edge.target));
    if (!source || !target || source === target) {
      counts.edgesMissingEndpoint += 1;
      continue;
    }
    const located = locateText(chunk.text, edge.evidence);
    if (!located) {
      counts.edgesEvidenceNotFound += 1;
      continue;
    }
    const fits = (from: ExtractedEntity, to: ExtractedEntity) => definition.source.includes(from.type) && definition.target.includes(to.type);
    if (!fits(source, target) && fits(target, source)) {
      [source, target] = [target, source];
      counts.edgesReversed += 1;
    } else if (!fits(source, target)) counts.edgesShapeMismatch += 1;
    const sentence = widenToSentences(located, chunk.text, input.language);
    const evidence = chunk.text.slice(sentence.start, sentence.end);
    const key = `${definition.name}\u0000${source.name}\u0000${target.name}\u0000${sentence.start}`;
    if (relations.has(key)) continue;
    const validity = readSentenceValidity(evidence, input.documentDate, input.language);
    relations.set(key, {
      type: definition.name,
      source: source.name,
      target: target.name,
      evidence,
      span: { start: chunk.start + sentence.start, end: chunk.start + sentence.end },
      ...(definition.completedAct === true ? completedActValidity(validity) : validity),
    });
  }
  counts.nodesKept = nodes.size;
  counts.edgesKept = relations.size;
  return { extraction: { chunkId: chunk.id, entities: [...nodes.values()], relations: [...relations.values()] }, counts: { ...emptyExtractionCounts(), ...counts } };
}
