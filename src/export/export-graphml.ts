import type { RetractedFact } from '../core/records.js';
import type { GraphRecord, GraphRecords } from './graph-records.js';

/** Node and edge attributes written to GraphML, with their GraphML types. */
const NODE_KEYS = [['kind', 'string'], ['type', 'string'], ['name', 'string'], ['aliases', 'string'], ['description', 'string'], ['mentionCount', 'int'], ['communities', 'string']] as const;
const EDGE_KEYS = [['type', 'string'], ['evidence', 'string'], ['chunkId', 'string'], ['documentId', 'string'], ['start', 'int'], ['end', 'int'], ['weight', 'double'], ['validFrom', 'string'], ['validTo', 'string'], ['supersededBy', 'string'], ['invalidationReason', 'string'], ['documentVersion', 'string'], ['recordedAt', 'string'], ['invalidatedAt', 'string'], ['restatedBy', 'string'], ['retractedAt', 'string'], ['retractedWhy', 'string']] as const;

/**
 * The entity graph as GraphML (Gephi, yEd, NetworkX, Cytoscape): one node per entity (type, name,
 * aliases joined by " | ", description, mention count, the ids of its communities by level) and
 * one directed edge per relation with its evidence, span and validity dates. Retracted facts (in
 * exports with transaction times) are edges too, keyed `<relation id>@<retractedAt>`, with
 * `retractedAt` and `retractedWhy`; an end gone from the entity layer is a node of kind
 * `retracted-end`. Deterministic: the records' order, attributes always in the same order.
 */
export function renderGraphml(records: GraphRecords): string {
  const communitiesOf = new Map<string, string[]>();
  const byLevel = [...records.community].sort((left, right) => Number(left.level) - Number(right.level));
  for (const community of byLevel) for (const member of community.memberIds as string[]) communitiesOf.set(member, [...(communitiesOf.get(member) ?? []), String(community.id)]);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
    ...NODE_KEYS.map(([key, type]) => `  <key id="n_${key}" for="node" attr.name="${key}" attr.type="${type}"/>`),
    ...EDGE_KEYS.map(([key, type]) => `  <key id="e_${key}" for="edge" attr.name="${key}" attr.type="${type}"/>`),
    '  <graph id="rhizome" edgedefault="directed">',
  ];
  for (const entity of records.entity) {
    const values: GraphRecord = { ...entity, kind: 'entity', aliases: (entity.aliases as string[]).join(' | '), communities: (communitiesOf.get(String(entity.id)) ?? []).join(' ') };
    lines.push(`    <node id="${escapeXml(String(entity.id))}">${dataElements(NODE_KEYS, 'n', values)}</node>`);
  }
  for (const relation of records.relation) {
    lines.push(`    <edge id="${escapeXml(String(relation.id))}" source="${escapeXml(String(relation.sourceId))}" target="${escapeXml(String(relation.targetId))}">${dataElements(EDGE_KEYS, 'e', relation)}</edge>`);
  }
  lines.push(...retractedFactElements(records));
  lines.push('  </graph>', '</graphml>');
  return `${lines.join('\n')}\n`;
}

/** Nodes for the ends of retracted facts that the entity layer lost, then one edge per retracted fact. */
function retractedFactElements(records: GraphRecords): string[] {
  const facts = records.retractedFact as unknown as Array<RetractedFact & { key: string }>;
  const known = new Set(records.entity.map((entity) => String(entity.id)));
  const lines: string[] = [];
  for (const fact of facts) {
    for (const end of [fact.source, fact.target]) {
      if (known.has(end.id)) continue;
      known.add(end.id);
      lines.push(`    <node id="${escapeXml(end.id)}">${dataElements(NODE_KEYS, 'n', { kind: 'retracted-end', type: end.type, name: end.name })}</node>`);
    }
  }
  for (const fact of facts) {
    const values: GraphRecord = { ...fact.relation, retractedAt: fact.retractedAt, retractedWhy: fact.why };
    lines.push(`    <edge id="${escapeXml(fact.key)}" source="${escapeXml(fact.relation.sourceId)}" target="${escapeXml(fact.relation.targetId)}">${dataElements(EDGE_KEYS, 'e', values)}</edge>`);
  }
  return lines;
}

function dataElements(keys: ReadonlyArray<readonly [string, string]>, prefix: string, values: GraphRecord): string {
  return keys
    .filter(([key]) => values[key] !== null && values[key] !== undefined && values[key] !== '')
    .map(([key]) => `<data key="${prefix}_${key}">${escapeXml(String(values[key]))}</data>`)
    .join('');
}

/** Text safe inside XML content and attribute values; characters XML 1.0 forbids are dropped. */
export function escapeXml(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
