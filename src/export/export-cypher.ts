import type { RetractedFact } from '../core/records.js';
import { retractedFactRow } from '../graph/retracted-fact-rows.js';
import type { GraphRecord, GraphRecords } from './graph-records.js';

/**
 * The graph as a Cypher script that recreates it in an empty Neo4j (or Kuzu-compatible) database:
 * documents, chunks (HAS_CHUNK), entities labelled with their type, relations typed with their edge
 * type (evidence, span, dates as properties), MENTIONS and communities (MEMBER_OF). One statement
 * per line, values written as escaped literals (the script is data, run by the user's own client).
 * Entity labels and edge types come from the declared schema; anything else is quoted with backticks.
 * Retracted facts (in exports with transaction times) are RetractedFact nodes laid out as the Neo4j
 * store keeps them: key, relationId, documentId, recordedAt, retractedAt, why and the record as JSON.
 */
export function renderGraphCypher(records: GraphRecords): string {
  const lines = ['// Rhizome graph export: run in an empty database (cypher-shell -f graph.cypher)'];
  const labelOf = new Map(records.entity.map((entity) => [String(entity.id), String(entity.type)]));
  for (const document of records.document) {
    lines.push(`CREATE (:Document ${literalMap(pick(document, ['id', 'path', 'title', 'format', 'language', 'date', 'contentHash', 'recordedAt']))});`);
  }
  for (const chunk of records.chunk) {
    lines.push(`CREATE (:Chunk ${literalMap(pick(chunk, ['id', 'documentId', 'index', 'start', 'end', 'text', 'section', 'page']))});`);
    lines.push(`MATCH (d:Document {id: ${literal(chunk.documentId)}}), (c:Chunk {id: ${literal(chunk.id)}}) CREATE (d)-[:HAS_CHUNK]->(c);`);
  }
  for (const entity of records.entity) {
    lines.push(`CREATE (:${identifier(String(entity.type))} ${literalMap({ ...pick(entity, ['id', 'name', 'description', 'mentionCount']), aliases: entity.aliases })});`);
  }
  for (const relation of records.relation) {
    const source = `(a:${identifier(labelOf.get(String(relation.sourceId)) ?? 'Entity')} {id: ${literal(relation.sourceId)}})`;
    const target = `(b:${identifier(labelOf.get(String(relation.targetId)) ?? 'Entity')} {id: ${literal(relation.targetId)}})`;
    lines.push(`MATCH ${source}, ${target} CREATE (a)-[:${identifier(String(relation.type))} ${literalMap(pick(relation, ['id', 'evidence', 'chunkId', 'documentId', 'start', 'end', 'weight', 'validFrom', 'validTo', 'supersededBy', 'invalidationReason', 'documentVersion', 'recordedAt', 'invalidatedAt', 'restatedBy']))}]->(b);`);
  }
  for (const mention of records.mention) {
    const label = identifier(labelOf.get(String(mention.entityId)) ?? 'Entity');
    lines.push(`MATCH (c:Chunk {id: ${literal(mention.chunkId)}}), (e:${label} {id: ${literal(mention.entityId)}}) CREATE (c)-[:MENTIONS {count: ${literal(mention.count)}}]->(e);`);
  }
  for (const community of records.community) {
    const report = community.report as Record<string, unknown> | undefined;
    lines.push(`CREATE (:Community ${literalMap({ ...pick(community, ['id', 'level', 'parentId', 'inputHash']), title: report?.title ?? null, summary: report?.summary ?? null })});`);
    for (const member of community.memberIds as string[]) {
      const label = identifier(labelOf.get(member) ?? 'Entity');
      lines.push(`MATCH (e:${label} {id: ${literal(member)}}), (k:Community {id: ${literal(community.id)}}) CREATE (e)-[:MEMBER_OF]->(k);`);
    }
  }
  for (const { key: _key, ...fact } of records.retractedFact as unknown as Array<RetractedFact & { key: string }>) lines.push(`CREATE (:RetractedFact ${literalMap({ ...retractedFactRow(fact) })});`);
  return `${lines.join('\n')}\n`;
}

function pick(record: GraphRecord, keys: string[]): GraphRecord {
  return Object.fromEntries(keys.filter((key) => record[key] !== undefined && record[key] !== null).map((key) => [key, record[key]]));
}

function literalMap(values: GraphRecord): string {
  return `{${Object.entries(values).filter(([, value]) => value !== null && value !== undefined).map(([key, value]) => `${identifier(key)}: ${literal(value)}`).join(', ')}}`;
}

/** A Cypher literal: strings single-quoted with backslash escapes, lists of literals, numbers, booleans, null. */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}'`;
}

/** A label, type or key as written: plain when it is a simple name, else in backticks. */
function identifier(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `\`${name.replace(/`/g, '``')}\``;
}
