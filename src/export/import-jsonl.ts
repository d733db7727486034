import type { Community, Entity, Mention, MergeRecord, Relation, RetractedFact, SourceDocument } from '../core/records.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import type { GraphStore, StoredChunk } from '../graph/store.js';
import { resolvePortablePath } from '../ingest/document-id.js';
import { writeOverrides } from '../review/override-store.js';
import { reviewOverrideSchema, type ReviewOverride } from '../review/review-override.js';
import { GRAPH_EXPORT_FORMAT, GRAPH_RECORD_KINDS, OVERRIDE_RECORD_KIND, type GraphRecordKind } from './export-jsonl.js';

/** What an import wrote. */
export interface ImportResult {
  documents: number;
  chunks: number;
  entities: number;
  relations: number;
  mentions: number;
  merges: number;
  communities: number;
  /** Facts retracted in transaction time (in exports made with transaction times). */
  retractedFacts: number;
  /** Review decisions, stored so that later runs apply them again. */
  overrides: number;
}

/**
 * Reads a `rhizome export --format jsonl` file into an empty store in one checked write.
 * CONFIG_INVALID when the store already holds documents; INPUT_INVALID, naming the line, for a
 * line that is not a record of the format (the store is then left unchanged). Relative document
 * paths (an export made with `pathsRelativeTo`) are resolved against `pathsRelativeTo` here.
 */
export async function importGraphJsonl(text: string, store: GraphStore, origin = 'import', options: { pathsRelativeTo?: string } = {}): Promise<ImportResult> {
  const existing = await store.counts();
  if (existing.documents > 0 || existing.entities > 0) {
    throw new RhizomeError('CONFIG_INVALID', `the workspace already holds ${existing.documents} documents and ${existing.entities} entities: import into an empty workspace (another --workspace)`);
  }
  const byKind = new Map<GraphRecordKind, Array<Record<string, unknown>>>(GRAPH_RECORD_KINDS.map((kind) => [kind, []]));
  const overrides: ReviewOverride[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const fail = (reason: string) => {
      throw new RhizomeError('INPUT_INVALID', `${origin}, line ${index + 1}: ${reason}`);
    };
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(line) as Record<string, unknown>;
    } catch (cause) {
      return fail(`not JSON (${(cause as Error).message})`);
    }
    if (index === 0) {
      if (record.format !== GRAPH_EXPORT_FORMAT.format || record.version !== GRAPH_EXPORT_FORMAT.version) fail(`not a ${GRAPH_EXPORT_FORMAT.format} v${GRAPH_EXPORT_FORMAT.version} export (first line ${line.slice(0, 80)})`);
      return;
    }
    const { kind, ...fields } = record;
    if (kind === OVERRIDE_RECORD_KIND) {
      const checked = reviewOverrideSchema.safeParse(fields);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        return fail(`review decision: field ${issue?.path.join('.') || '?'}: ${issue?.message ?? 'invalid'}`);
      }
      overrides.push(checked.data);
      return;
    }
    const list = byKind.get(kind as GraphRecordKind);
    if (!list) return fail(`unknown record kind ${JSON.stringify(kind)} (expected one of ${[...GRAPH_RECORD_KINDS, OVERRIDE_RECORD_KIND].join(', ')})`);
    list.push(fields);
  });
  const of = <T>(kind: GraphRecordKind) => (byKind.get(kind) ?? []) as unknown as T[];
  const anchor = options.pathsRelativeTo;
  const documents = of<SourceDocument>('document').map((document) => (anchor === undefined ? document : { ...document, path: resolvePortablePath(document.path, anchor) }));
  const chunks = of<StoredChunk>('chunk');
  const graph = { entities: of<Entity>('entity'), relations: of<Relation>('relation'), mentions: of<Mention>('mention') };
  const merges = of<MergeRecord>('merge');
  const communities = of<Community>('community');
  const retractedFacts = of<RetractedFact & { key?: string }>('retractedFact').map(({ key: _key, ...fact }) => fact);
  await store.writeIndex({ removedDocumentIds: [], documents, chunks, updatedExtractions: [], graph, merges, communities, retractedFacts });
  if (overrides.length > 0) await writeOverrides(store, overrides);
  return { documents: documents.length, chunks: chunks.length, entities: graph.entities.length, relations: graph.relations.length, mentions: graph.mentions.length, merges: merges.length, communities: communities.length, retractedFacts: retractedFacts.length, overrides: overrides.length };
}
