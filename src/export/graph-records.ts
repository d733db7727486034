import { retractedFactKey } from '../core/records.js';
import type { GraphStore } from '../graph/store.js';
import { portablePath } from '../ingest/document-id.js';
import { readDocumentTexts } from '../migrate/read-source.js';

/** The kinds of records of an export, in the order they are written. */
export const GRAPH_RECORD_KINDS = ['document', 'chunk', 'entity', 'relation', 'mention', 'merge', 'community', 'retractedFact'] as const;
export type GraphRecordKind = (typeof GRAPH_RECORD_KINDS)[number];

/** One exported record: plain data, without its kind. */
export type GraphRecord = Record<string, unknown>;

/** Every record of the workspace graph by kind, each list sorted by a stable key (ids, or the ids it joins). */
export type GraphRecords = Record<GraphRecordKind, GraphRecord[]>;

/**
 * Reads the whole workspace graph in a deterministic order (every export format renders this).
 * With `pathsRelativeTo` (the workspace folder), document paths are relative to it with `/`
 * separators, so the same folder indexed at two locations gives the same records. Validity, its
 * supersession (supersededBy, invalidationReason) and document versions are always written;
 * transaction times (when a document or fact was recorded or closed: recordedAt, invalidatedAt)
 * differ from run to run and are written only with `transactionTime`, and so are retracted facts
 * (facts of replaced or removed document versions, facts a later run revised): without it an export
 * holds the current layer only, the same whatever history led to it.
 */
export async function collectGraphRecords(store: GraphStore, options: { pathsRelativeTo?: string; transactionTime?: boolean } = {}): Promise<GraphRecords> {
  const withTimes = options.transactionTime === true;
  const anchor = options.pathsRelativeTo;
  const documents = (await store.listDocuments()).map((document) => (anchor === undefined ? document : { ...document, path: portablePath(document.path, anchor) }));
  const texts = await readDocumentTexts(store, documents.map((document) => document.id));
  const projection = await store.loadProjection();
  const keyed: Record<GraphRecordKind, Array<{ key: string; value: GraphRecord }>> = {
    document: documents.map(({ recordedAt, ...document }) => ({ key: document.id, value: { ...document, ...(withTimes && recordedAt ? { recordedAt } : {}), text: texts.get(document.id) ?? '' } })),
    chunk: (await store.listChunks()).map((chunk) => ({ key: chunk.id, value: { ...chunk } })),
    entity: projection.entities.map((entity) => ({ key: entity.id, value: { ...entity, aliases: [...entity.aliases].sort(compareStrings) } })),
    relation: projection.relations.map(({ recordedAt, invalidatedAt, ...relation }) => ({ key: relation.id, value: { ...relation, ...(withTimes ? { recordedAt, invalidatedAt } : {}) } })),
    mention: projection.mentions.map((mention) => ({ key: `${mention.chunkId}\u0000${mention.entityId}`, value: { ...mention } })),
    merge: (await store.listMerges()).map((merge) => ({ key: `${merge.merged}\u0000${merge.kept}\u0000${merge.entityId}`, value: { ...merge } })),
    community: (await store.listCommunities()).map((community) => ({ key: community.id, value: { ...community, memberIds: [...community.memberIds].sort(compareStrings) } })),
    retractedFact: withTimes ? (await store.listRetractedFacts()).map((fact) => ({ key: retractedFactKey(fact), value: { key: retractedFactKey(fact), ...fact } })) : [],
  };
  const sorted = (kind: GraphRecordKind) => [...keyed[kind]].sort((left, right) => compareStrings(left.key, right.key)).map((record) => record.value);
  return Object.fromEntries(GRAPH_RECORD_KINDS.map((kind) => [kind, sorted(kind)])) as GraphRecords;
}

/** Code-unit order: the same on every platform and locale. */
export function compareStrings(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
