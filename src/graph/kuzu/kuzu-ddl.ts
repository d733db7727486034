import { RELATION_HISTORY_FIELDS } from '../../core/records.js';
import { COOCCURRENCE_EDGE_TYPE, nodeTypeNames, type GraphSchema } from '../../config/graph-schema.js';

/** Columns every entity node table has, before the declared properties. */
export const ENTITY_COLUMNS = ['id', 'name', 'aliases', 'aliasText', 'description', 'mentionCount'];
/** Columns every relation table has, before the declared properties. */
export const RELATION_COLUMNS = ['id', 'evidence', 'chunkId', 'documentId', 'startOffset', 'endOffset', 'weight', 'validFrom', 'validTo', ...RELATION_HISTORY_FIELDS];

/** Tables that hold documents, chunks and retracted facts; they survive a schema change. */
export const CORPUS_DDL = [
  'CREATE NODE TABLE IF NOT EXISTS Meta(key STRING, value STRING, PRIMARY KEY(key))',
  'CREATE NODE TABLE IF NOT EXISTS Document(id STRING, path STRING, format STRING, title STRING, date STRING, language STRING, contentHash STRING, byteSize INT64, text STRING, recordedAt STRING, PRIMARY KEY(id))',
  'CREATE NODE TABLE IF NOT EXISTS Chunk(id STRING, documentId STRING, chunkIndex INT64, text STRING, startOffset INT64, endOffset INT64, tokenCount INT64, extraction STRING, extractionKey STRING, kind STRING, section STRING, page INT64, searchText STRING, PRIMARY KEY(id))',
  'CREATE REL TABLE IF NOT EXISTS HAS_CHUNK(FROM Document TO Chunk)',
  'CREATE NODE TABLE IF NOT EXISTS MergeLog(id STRING, entityId STRING, kept STRING, merged STRING, reason STRING, PRIMARY KEY(id))',
  'CREATE NODE TABLE IF NOT EXISTS RetractedFact(key STRING, relationId STRING, documentId STRING, recordedAt STRING, retractedAt STRING, why STRING, fact STRING, PRIMARY KEY(key))',
];

/** Chunk columns added after the first layout, with the ALTER that adds each to an older workspace's table. */
export const CHUNK_STRUCTURE_COLUMNS: ReadonlyArray<{ name: string; add: string }> = [
  { name: 'kind', add: "ALTER TABLE Chunk ADD kind STRING DEFAULT ''" },
  { name: 'section', add: "ALTER TABLE Chunk ADD section STRING DEFAULT ''" },
  { name: 'page', add: 'ALTER TABLE Chunk ADD page INT64 DEFAULT 0' },
  // What the full-text index reads (see searchableText); filled when the indexes are built again.
  { name: 'searchText', add: "ALTER TABLE Chunk ADD searchText STRING DEFAULT ''" },
];

/** Document columns added after the first layout, with the ALTER that adds each to an older workspace's table. */
export const DOCUMENT_HISTORY_COLUMNS: ReadonlyArray<{ name: string; add: string }> = [
  { name: 'recordedAt', add: "ALTER TABLE Document ADD recordedAt STRING DEFAULT ''" },
];

/** One endpoint pair of a relation table. */
export interface EndpointPair {
  from: string;
  to: string;
}

/** The relation tables of a schema with their endpoint pairs (declared edges, RELATED_TO, MENTIONS). */
export function relationTables(schema: GraphSchema): Array<{ name: string; pairs: EndpointPair[]; properties: Array<{ name: string; type: string }> }> {
  const types = nodeTypeNames(schema);
  const everyPair = types.flatMap((from) => types.map((to) => ({ from, to })));
  return [
    ...schema.edgeTypes.map((edge) => ({
      name: edge.name,
      pairs: edge.source.flatMap((from) => edge.target.map((to) => ({ from, to }))),
      properties: edge.properties,
    })),
    { name: COOCCURRENCE_EDGE_TYPE, pairs: everyPair, properties: [] },
  ];
}

/** Kuzu DDL for the entity layer: one node table per node type, one relation table per edge type. */
export function entityLayerDdl(schema: GraphSchema): string[] {
  const statements: string[] = [];
  const declared = new Map(schema.nodeTypes.map((type) => [type.name, type.properties]));
  for (const typeName of nodeTypeNames(schema)) {
    const extra = (declared.get(typeName) ?? []).map((property) => `, ${property.name} ${property.type}`).join('');
    statements.push(
      `CREATE NODE TABLE ${typeName}(id STRING, name STRING, aliases STRING[], aliasText STRING, description STRING, mentionCount INT64${extra}, PRIMARY KEY(id))`,
    );
  }
  for (const table of relationTables(schema)) {
    const pairs = table.pairs.map((pair) => `FROM ${pair.from} TO ${pair.to}`).join(', ');
    const extra = table.properties.map((property) => `, ${property.name} ${property.type}`).join('');
    statements.push(
      `CREATE REL TABLE ${table.name}(${pairs}, id STRING, evidence STRING, chunkId STRING, documentId STRING, startOffset INT64, endOffset INT64, weight DOUBLE, validFrom STRING, validTo STRING${RELATION_HISTORY_FIELDS.map((field) => `, ${field} STRING`).join('')}${extra})`,
    );
  }
  const mentionPairs = nodeTypeNames(schema).map((type) => `FROM Chunk TO ${type}`).join(', ');
  statements.push(`CREATE REL TABLE MENTIONS(${mentionPairs}, count INT64)`);
  statements.push('CREATE NODE TABLE Community(id STRING, level INT64, parentId STRING, size INT64, title STRING, report STRING, inputHash STRING, PRIMARY KEY(id))');
  const memberPairs = nodeTypeNames(schema).map((type) => `FROM ${type} TO Community`).join(', ');
  statements.push(`CREATE REL TABLE MEMBER_OF(${memberPairs})`);
  return statements;
}

/** Statements that drop the entity layer (relations first). */
export function dropEntityLayerDdl(tableNames: { nodes: string[]; relations: string[] }): string[] {
  return [...tableNames.relations.map((name) => `DROP TABLE ${name}`), ...tableNames.nodes.map((name) => `DROP TABLE ${name}`)];
}
