import type { ExternalExtractions } from '../export/read-extractions.js';
import { groundGraphReply } from '../extraction/llm/ground-graph-reply.js';
import { EXTERNAL_EXTRACTION_KEY } from './extract-stage.js';
import type { ExtractionFailure, IndexSummary } from './index-summary.js';
import { prepareDocuments } from './prepare-index.js';
import { finish, type IndexContext } from './run-index.js';

/**
 * Adds documents with extractions made elsewhere: each document is chunked as when indexing, its
 * entities and relations are grounded in each chunk (names found in the chunk text, relations
 * whose evidence it holds, types of the schema, as a model's reply is), stored under
 * EXTERNAL_EXTRACTION_KEY so later runs keep them, then resolution, communities and the store
 * run as for `rhizome index`. A relation grounded in no chunk is reported as a failure (partial run).
 */
export async function runImportExtractions(external: ExternalExtractions, context: IndexContext): Promise<IndexSummary> {
  const started = performance.now();
  await context.store.ensureSchema(context.config.schema);
  const prepared = await prepareDocuments(external.documents, context);
  const grounded = new Map<string, Set<string>>();
  for (const chunk of prepared.newChunks) {
    const document = prepared.documents.get(chunk.documentId);
    const reply = external.replies.get(chunk.documentId);
    if (!document || !reply) continue;
    const { extraction } = groundGraphReply(reply, { chunk, schema: context.config.schema, language: document.language, documentDate: document.date });
    chunk.extraction = extraction;
    chunk.extractionKey = EXTERNAL_EXTRACTION_KEY;
    const kept = grounded.get(chunk.documentId) ?? new Set<string>();
    for (const relation of extraction.relations) kept.add(`${relation.source}\u0000${relation.target}`.toLowerCase()).add(`${relation.target}\u0000${relation.source}`.toLowerCase());
    grounded.set(chunk.documentId, kept);
  }
  prepared.pending = prepared.pending.filter((chunk) => chunk.extraction === null);
  const ungrounded: ExtractionFailure[] = external.documents.flatMap((document) =>
    (external.replies.get(document.id)?.edges ?? [])
      .filter((edge) => !grounded.get(document.id)?.has(`${edge.source}\u0000${edge.target}`.toLowerCase()))
      .map((edge) => ({ chunkId: '', documentPath: document.path, reason: `relation ${edge.source} -${edge.type}-> ${edge.target} was not kept: its evidence is not in one chunk of the text, an end is not named there, or its type is not in the schema` })),
  );
  const summary = await finish(prepared, context, started, 'index');
  return ungrounded.length === 0 ? summary : { ...summary, extractionFailures: [...summary.extractionFailures, ...ungrounded], partial: true };
}
