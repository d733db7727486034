import type { GraphStore } from '../graph/store.js';
import { portablePath } from '../ingest/document-id.js';
import { readDocumentTexts } from '../migrate/read-source.js';

/** Format name and version written on the first line of every export. */
export const GRAPH_EXPORT_FORMAT = { format: 'rhizome-graph', version: 1 } as const;

/** The kinds of records of an export, in the order they are written. */
export const GRAPH_RECORD_KINDS = ['document', 'chunk', 'entity', 'relation', 'mention', 'merge', 'community'] as const;
export type GraphRecordKind = (typeof GRAPH_RECORD_KINDS)[number];

/**
 * Writes the workspace graph as JSON lines: a header, then documents (with text), chunks (with
 * spans and cached extractions), entities, relations (with evidence and dates), mentions, alias
 * merges and communities (with reports). Deterministic: records sorted by kind then id, object
 * keys sorted, so two clean runs over the same files give the same bytes. With `pathsRelativeTo`
 * (the workspace folder), document paths are written relative to it with `/` separators, so the
 * same folder indexed at two locations exports the same bytes.
 */
export async function exportGraphJsonl(store: GraphStore, options: { pathsRelativeTo?: string } = {}): Promise<string> {
  const anchor = options.pathsRelativeTo;
  const documents = (await store.listDocuments()).map((document) => (anchor === undefined ? document : { ...document, path: portablePath(document.path, anchor) }));
  const texts = await readDocumentTexts(store, documents.map((document) => document.id));
  const projection = await store.loadProjection();
  const records: Record<GraphRecordKind, Array<{ key: string; value: object }>> = {
    document: documents.map((document) => ({ key: document.id, value: { ...document, text: texts.get(document.id) ?? '' } })),
    chunk: (await store.listChunks()).map((chunk) => ({ key: chunk.id, value: chunk })),
    entity: projection.entities.map((entity) => ({ key: entity.id, value: { ...entity, aliases: [...entity.aliases].sort(compareStrings) } })),
    relation: projection.relations.map((relation) => ({ key: relation.id, value: relation })),
    mention: projection.mentions.map((mention) => ({ key: `${mention.chunkId}\u0000${mention.entityId}`, value: mention })),
    merge: (await store.listMerges()).map((merge) => ({ key: `${merge.merged}\u0000${merge.kept}\u0000${merge.entityId}`, value: merge })),
    community: (await store.listCommunities()).map((community) => ({ key: community.id, value: { ...community, memberIds: [...community.memberIds].sort(compareStrings) } })),
  };
  const lines = [canonicalJson(GRAPH_EXPORT_FORMAT)];
  for (const kind of GRAPH_RECORD_KINDS) {
    for (const record of [...records[kind]].sort((left, right) => compareStrings(left.key, right.key))) lines.push(canonicalJson({ kind, ...record.value }));
  }
  return `${lines.join('\n')}\n`;
}

/** JSON with object keys in code-unit order at every depth (arrays keep their order). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, current: unknown) => {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return current;
    return Object.fromEntries(Object.entries(current as Record<string, unknown>).filter(([, field]) => field !== undefined).sort(([left], [right]) => compareStrings(left, right)));
  });
}

function compareStrings(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
