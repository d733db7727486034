import { COOCCURRENCE_EDGE_TYPE, FALLBACK_NODE_TYPE, nodeTypeNames, type GraphSchema } from '../../config/graph-schema.js';
import type { CypherDialect } from '../../graph/store.js';

/** The graph schema as the text-to-Cypher prompt shows it: labels, properties, relationship shapes. */
export function describeSchemaForCypher(schema: GraphSchema, dialect: CypherDialect): string {
  const declared = new Map(schema.nodeTypes.map((type) => [type.name, type]));
  const entityLabel = dialect === 'neo4j' ? '; every entity also has the label Entity' : '';
  const lines = [`Node labels (every entity has id, name, aliases (list of strings), description, mentionCount${entityLabel}):`];
  for (const name of nodeTypeNames(schema)) {
    const type = declared.get(name);
    const extra = (type?.properties ?? []).map((property) => `, ${property.name}`).join('');
    lines.push(`- ${name}${extra ? ` (also${extra.slice(1)})` : ''}${type?.description ? `: ${type.description}` : name === FALLBACK_NODE_TYPE ? ': any other named thing' : ''}`);
  }
  lines.push('- Document(id, path, title, date), Chunk(id, documentId, text)');
  lines.push('Relationships (every one has id, evidence (the sentence stating it), validFrom, validTo, weight):');
  for (const edge of schema.edgeTypes) {
    lines.push(`- (:${edge.source.join('|')})-[:${edge.name}]->(:${edge.target.join('|')})${edge.description ? `: ${edge.description}` : ''}`);
  }
  lines.push(`- (any entity)-[:${COOCCURRENCE_EDGE_TYPE}]->(any entity): named in one sentence, no stated type`);
  lines.push('- (:Document)-[:HAS_CHUNK]->(:Chunk), (:Chunk)-[:MENTIONS]->(any entity)');
  return lines.join('\n');
}
