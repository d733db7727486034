import { COOCCURRENCE_EDGE_TYPE, type GraphSchema } from '../../config/graph-schema.js';
import { RhizomeError } from '../../errors/rhizome-error.js';

/** The label every entity node carries beside its type label. */
export const ENTITY_LABEL = 'Entity';
/** Full-text index over chunk text, as `Chunk.searchText` holds it (see full-text-query.ts). */
export const CHUNK_TEXT_INDEX = 'rhizome_chunk_search_text';
/** Full-text index over entity names and aliases. */
export const ENTITY_NAME_INDEX = 'rhizome_entity_names';

/**
 * Uniqueness constraints (each backed by an index) and full-text indexes, created before any
 * load. The `english` analyzer stems and drops stop words, as Kuzu's full-text index does.
 */
export const SCHEMA_STATEMENTS = [
  'CREATE CONSTRAINT rhizome_document_id IF NOT EXISTS FOR (d:Document) REQUIRE d.id IS UNIQUE',
  'CREATE CONSTRAINT rhizome_chunk_id IF NOT EXISTS FOR (c:Chunk) REQUIRE c.id IS UNIQUE',
  `CREATE CONSTRAINT rhizome_entity_id IF NOT EXISTS FOR (n:${ENTITY_LABEL}) REQUIRE n.id IS UNIQUE`,
  'CREATE CONSTRAINT rhizome_community_id IF NOT EXISTS FOR (c:Community) REQUIRE c.id IS UNIQUE',
  'CREATE CONSTRAINT rhizome_meta_key IF NOT EXISTS FOR (m:Meta) REQUIRE m.key IS UNIQUE',
  'CREATE CONSTRAINT rhizome_merge_log_id IF NOT EXISTS FOR (m:MergeLog) REQUIRE m.id IS UNIQUE',
  'CREATE CONSTRAINT rhizome_retracted_fact_key IF NOT EXISTS FOR (f:RetractedFact) REQUIRE f.key IS UNIQUE',
  `CREATE FULLTEXT INDEX ${CHUNK_TEXT_INDEX} IF NOT EXISTS FOR (c:Chunk) ON EACH [c.searchText] OPTIONS {indexConfig: {\`fulltext.analyzer\`: 'english'}}`,
  `CREATE FULLTEXT INDEX ${ENTITY_NAME_INDEX} IF NOT EXISTS FOR (n:${ENTITY_LABEL}) ON EACH [n.name, n.aliasText] OPTIONS {indexConfig: {\`fulltext.analyzer\`: 'english'}}`,
];

/** A schema name checked as an identifier and quoted for use as a label or relationship type. */
export function cypherName(name: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) throw new RhizomeError('CONFIG_INVALID', `"${name}" cannot be a Neo4j label or relationship type (letters, digits and _ only)`);
  return `\`${name}\``;
}

/** Relationship types of the entity layer: the declared edge types and RELATED_TO. */
export function relationTypeNames(schema: GraphSchema): string[] {
  return [...new Set([...schema.edgeTypes.map((edge) => edge.name), COOCCURRENCE_EDGE_TYPE])];
}

/** For each relationship type, the source → target type pairs the schema allows (RELATED_TO: any pair). */
export function allowedEndpoints(schema: GraphSchema): Map<string, Set<string> | 'any'> {
  const allowed = new Map<string, Set<string> | 'any'>(schema.edgeTypes.map((edge) => [edge.name, new Set(edge.source.flatMap((from) => edge.target.map((to) => `${from}>${to}`)))]));
  allowed.set(COOCCURRENCE_EDGE_TYPE, 'any');
  return allowed;
}

