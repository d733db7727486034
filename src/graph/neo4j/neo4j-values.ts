import type { Node, Path, Relationship } from 'neo4j-driver';

/** The neo4j-driver module, loaded only when a Neo4j store is opened. */
export type Neo4jDriverModule = typeof import('neo4j-driver');

/** The label that names an entity's type: the first one other than the common `Entity` label. */
export function primaryLabel(labels: readonly string[]): string {
  return labels.find((label) => label !== 'Entity') ?? labels[0] ?? '';
}

/**
 * Turns a value returned by the driver into plain JSON-like data shaped like Kuzu's results:
 * nodes and relationships become property objects with `_id` and `_label` (`_src`/`_dst`
 * for relationships), paths `{_nodes, _rels}`, integers and temporals numbers and strings.
 */
export function toPlainValue(driver: Neo4jDriverModule, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((item) => toPlainValue(driver, item));
  if (typeof value !== 'object') return value;
  if (driver.isInt(value)) return driver.integer.toNumber(value);
  if (driver.isNode(value)) return nodeObject(driver, value as Node);
  if (driver.isRelationship(value)) return relationshipObject(driver, value as Relationship);
  if (driver.isPath(value)) {
    const path = value as Path;
    return {
      _nodes: [path.start, ...path.segments.map((segment) => segment.end)].map((node) => nodeObject(driver, node)),
      _rels: path.segments.map((segment) => relationshipObject(driver, segment.relationship)),
    };
  }
  if (driver.isDate(value) || driver.isDateTime(value) || driver.isLocalDateTime(value) || driver.isTime(value) || driver.isLocalTime(value) || driver.isDuration(value)) {
    return String(value);
  }
  if (driver.isPoint(value)) return { srid: driver.integer.toNumber(value.srid), x: value.x, y: value.y, z: value.z ?? null };
  const plain: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) plain[key] = toPlainValue(driver, item);
  return plain;
}

function properties(driver: Neo4jDriverModule, source: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(source).map(([key, item]) => [key, toPlainValue(driver, item)]));
}

function nodeObject(driver: Neo4jDriverModule, node: Node): Record<string, unknown> {
  return { _id: node.elementId, _label: primaryLabel(node.labels), _labels: [...node.labels], ...properties(driver, node.properties) };
}

function relationshipObject(driver: Neo4jDriverModule, relationship: Relationship): Record<string, unknown> {
  return { _id: relationship.elementId, _label: relationship.type, _src: relationship.startNodeElementId, _dst: relationship.endNodeElementId, ...properties(driver, relationship.properties) };
}

/** Sends whole numbers as Neo4j integers (so `LIMIT $n` and integer comparisons work), deeply. */
export function toDriverParameters(driver: Neo4jDriverModule, value: unknown): unknown {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? driver.int(value) : value;
  if (Array.isArray(value)) return value.map((item) => toDriverParameters(driver, item));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toDriverParameters(driver, item)]));
  }
  return value;
}
