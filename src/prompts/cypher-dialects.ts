import { COOCCURRENCE_EDGE_TYPE, FALLBACK_NODE_TYPE, type GraphSchema } from '../config/graph-schema.js';
import type { CypherDialect } from '../graph/store.js';

/** What the text-to-Cypher prompt says about one dialect: its name, the idioms that differ, worked examples. */
export interface DialectGuide {
  name: string;
  /** Rules specific to the dialect (case-insensitive name match, alias lists, relationship types). */
  rules: string[];
  /** Example queries over the declared schema, each valid in the dialect (the contract suite runs them). */
  examples: string[];
}

/** A declared edge type to write examples with, and its first source and target labels. */
function exampleEdge(schema: GraphSchema): { name: string; source: string; target: string } {
  const edge = schema.edgeTypes[0];
  return edge ? { name: edge.name, source: edge.source[0] ?? FALLBACK_NODE_TYPE, target: edge.target[0] ?? FALLBACK_NODE_TYPE } : { name: COOCCURRENCE_EDGE_TYPE, source: FALLBACK_NODE_TYPE, target: FALLBACK_NODE_TYPE };
}

/** The guide for the dialect a store declares (`store.capabilities.cypherDialect`). */
export function dialectGuide(dialect: CypherDialect, schema: GraphSchema): DialectGuide {
  const edge = exampleEdge(schema);
  if (dialect === 'neo4j') {
    return {
      name: 'Neo4j Cypher 5',
      rules: [
        "Match names case-insensitively: WHERE toLower(n.name) CONTAINS toLower('…') OR '…' IN n.aliases. There is no list_contains and no label(r) in Neo4j.",
        'Every entity also carries the label Entity: (n:Entity) matches an entity of any type. The type of a relationship is type(r); the labels of a node are labels(n).',
      ],
      examples: [
        `MATCH (a:${edge.source})-[r:${edge.name}]->(b:${edge.target}) WHERE toLower(a.name) CONTAINS toLower('some name') OR 'some name' IN a.aliases RETURN a.id, a.name, r.id, type(r) AS relation, r.evidence, b.id, b.name LIMIT 20`,
        `MATCH (n:Entity)-[r]-(m:Entity) WHERE toLower(n.name) = toLower('some name') RETURN n.id, m.id, m.name, type(r) AS relation, r.id, r.evidence LIMIT 20`,
        `MATCH (b:${edge.target})<-[r:${edge.name}]-(a) RETURN b.id, b.name, count(r) AS total ORDER BY total DESC LIMIT 10`,
      ],
    };
  }
  return {
    name: 'Kuzu Cypher',
    rules: [
      "Match names case-insensitively: WHERE lower(n.name) CONTAINS lower('…') OR list_contains(n.aliases, '…').",
      'There is no common label for entities: leave the node unlabelled, (n), to match any type. The type of a relationship is label(r); the label of a node is label(n).',
    ],
    examples: [
      `MATCH (a:${edge.source})-[r:${edge.name}]->(b:${edge.target}) WHERE lower(a.name) CONTAINS lower('some name') OR list_contains(a.aliases, 'some name') RETURN a.id, a.name, r.id, label(r) AS relation, r.evidence, b.id, b.name LIMIT 20`,
      `MATCH (n)-[r]-(m) WHERE lower(n.name) = lower('some name') AND label(m) <> 'Chunk' AND label(m) <> 'Community' RETURN n.id, m.id, m.name, label(r) AS relation, r.id, r.evidence LIMIT 20`,
      `MATCH (b:${edge.target})<-[r:${edge.name}]-(a) RETURN b.id, b.name, count(r) AS total ORDER BY total DESC LIMIT 10`,
    ],
  };
}
