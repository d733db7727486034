import { z } from 'zod';

const identifier = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'must start with a letter and hold only letters, digits and _');

/** A declared property of a node or edge type (stored as a typed column). */
export const propertySchema = z.object({
  name: identifier,
  type: z.enum(['STRING', 'INT64', 'DOUBLE', 'BOOLEAN', 'DATE']).default('STRING'),
});

/** Lexical cues the offline extractor uses to give a mention this type (lower-case words). */
export const typeCuesSchema = z.object({
  /** Words that end a name of this type ("Ltd", "Bridge"), or endings of its last word after "*" ("*ics": Robotics). */
  suffixes: z.array(z.string()).default([]),
  /** Words just before a name that announce the type ("project", "Dr", "cabinet"). */
  before: z.array(z.string()).default([]),
  /** Words just after a name that announce the type ("programme", "said"). */
  after: z.array(z.string()).default([]),
  /** Names of this shape: person-like "First Last", codes with digits ("NC-7"), or names of known places (towns, cities, countries). */
  shapes: z.array(z.enum(['person-name', 'code', 'place-name'])).default([]),
});

/** A node type of the knowledge graph. */
export const nodeTypeSchema = z.object({
  name: identifier,
  description: z.string().default(''),
  properties: z.array(propertySchema).default([]),
  key: z.literal('name').default('name'),
  cues: typeCuesSchema.default({ suffixes: [], before: [], after: [], shapes: [] }),
});

/** An edge type with its allowed source → target shapes and the phrases that state it. */
export const edgeTypeSchema = z.object({
  name: identifier,
  description: z.string().default(''),
  source: z.array(identifier).min(1),
  target: z.array(identifier).min(1),
  properties: z.array(propertySchema).default([]),
  /** Phrases between source and target, in that order ("leads", "dirige"). */
  patterns: z.array(z.string()).default([]),
  /** Phrases between target and source, in that order ("led by", "dirigé par"). */
  passivePatterns: z.array(z.string()).default([]),
  /** When a target may hold only one such edge at a time, a newer edge closes the older one. */
  singleCurrent: z.boolean().default(false),
  /**
   * Which end holds one `singleCurrent` edge at a time: the target (the default: a project has one
   * leader) or the source (a person works for one employer). No default written, so schemas that do
   * not set it keep their hash (and their cached extractions).
   */
  currentPer: z.enum(['target', 'source']).optional(),
  /**
   * The edge records an act done once whose result stands (a product is made by its maker for good):
   * a date range in its sentence ("built … between 1998 and 2000") says when it was done, so the fact
   * starts then and never ends there. No default written, so schemas that do not set it keep their hash.
   */
  completedAct: z.boolean().optional(),
});

/** Table names the store uses itself, which no declared type may take. */
export const RESERVED_TABLE_NAMES: ReadonlySet<string> = new Set(['Document', 'Chunk', 'Community', 'Meta', 'MergeLog', 'Entity', 'MENTIONS', 'HAS_CHUNK', 'RELATED_TO', 'MEMBER_OF']);

/** The declared graph schema: node and edge types; `Concept` is added for names no cue types. */
export const graphSchemaSchema = z
  .object({
    nodeTypes: z.array(nodeTypeSchema).min(1),
    edgeTypes: z.array(edgeTypeSchema).default([]),
  })
  .superRefine((schema, context) => {
    const names = new Set(schema.nodeTypes.map((type) => type.name));
    schema.edgeTypes.forEach((edge, index) => {
      for (const side of ['source', 'target'] as const) {
        edge[side].forEach((typeName, position) => {
          if (!names.has(typeName)) {
            context.addIssue({
              code: 'custom',
              path: ['edgeTypes', index, side, position],
              message: `edge type ${edge.name} names unknown node type "${typeName}"`,
            });
          }
        });
      }
    });
    // Kuzu table names ignore case: "Interface" and "INTERFACE" are one table.
    const reserved = new Set([...RESERVED_TABLE_NAMES].map((name) => name.toLowerCase()));
    const seen = new Set<string>();
    [...schema.nodeTypes, ...schema.edgeTypes].forEach((type) => {
      const key = type.name.toLowerCase();
      if (reserved.has(key)) {
        context.addIssue({ code: 'custom', path: ['nodeTypes'], message: `"${type.name}" is a reserved table name` });
      } else if (seen.has(key)) {
        context.addIssue({ code: 'custom', path: ['nodeTypes'], message: `"${type.name}" names a second type: type names must differ in more than case` });
      }
      seen.add(key);
    });
  });

export type GraphSchema = z.infer<typeof graphSchemaSchema>;
export type NodeTypeDefinition = z.infer<typeof nodeTypeSchema>;
export type EdgeTypeDefinition = z.infer<typeof edgeTypeSchema>;
export type GraphSchemaInput = z.input<typeof graphSchemaSchema>;

/** Name of the fallback node type for names that no cue assigns. */
export const FALLBACK_NODE_TYPE = 'Concept';
/** Name of the untyped co-occurrence edge type. */
export const COOCCURRENCE_EDGE_TYPE = 'RELATED_TO';

/** The node type names of a schema, with the fallback type always present. */
export function nodeTypeNames(schema: GraphSchema): string[] {
  const names = schema.nodeTypes.map((type) => type.name);
  return names.includes(FALLBACK_NODE_TYPE) ? names : [...names, FALLBACK_NODE_TYPE];
}
