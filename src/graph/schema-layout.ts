import { contentHash } from '../core/ids.js';
import type { GraphSchema } from '../config/graph-schema.js';

/**
 * What of a graph schema shapes the stored entity layer: node types and their properties, edge types
 * with their ends and properties. Cue words, descriptions and supersession rules only change what is
 * extracted, which the extraction fingerprint already tracks (the next `rhizome index` re-extracts),
 * so changing them leaves a graph readable instead of clearing it on the next open.
 */
export function schemaLayout(schema: GraphSchema): unknown {
  return {
    nodes: schema.nodeTypes.map((type) => ({ name: type.name, properties: type.properties ?? [] })),
    edges: schema.edgeTypes.map((edge) => ({ name: edge.name, source: edge.source, target: edge.target, properties: edge.properties ?? [] })),
  };
}

/** The hash stored with an entity layer: the backend's layout version and the schema's layout. */
export function schemaLayoutHash(layoutVersion: string | number, schema: GraphSchema): string {
  return contentHash(JSON.stringify([layoutVersion, schemaLayout(schema)]));
}

/**
 * True when `stored` was written for this layout: the layout hash, or the whole-schema hash that
 * workspaces written before the layout hash recorded (the same schema then; it is rewritten as a layout hash).
 */
export function matchesStoredLayout(stored: string | null, layoutVersion: string | number, schema: GraphSchema): boolean {
  return stored !== null && (stored === schemaLayoutHash(layoutVersion, schema) || stored === contentHash(JSON.stringify([layoutVersion, schema])));
}
