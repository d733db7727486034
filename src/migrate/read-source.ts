import { RhizomeError } from '../errors/rhizome-error.js';
import type { GraphStore } from '../graph/store.js';
import { LAYER_VERSION_KEY } from '../graph/kuzu/kuzu-derived-files.js';

/** Metadata a backend writes for itself (its schema's set-up, its layer's version); it is never copied. */
const BACKEND_META_KEYS = new Set(['schemaHash', 'entityTables', 'fullTextTokenizer', LAYER_VERSION_KEY]);
const READ_LIMITS = { timeoutMs: 300_000, rowLimit: 1_000_000 };

/**
 * The stored text of the given documents. The port lists documents without their text, so it is
 * read with a read-only probe of the layout every backend shares (`Document.id`, `Document.text`).
 */
export async function readDocumentTexts(store: GraphStore, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await store.runReadOnlyCypher('MATCH (d:Document) WHERE d.id IN $ids RETURN d.id AS id, d.text AS text', { ids }, READ_LIMITS);
  const texts = new Map(rows.map((row) => [String(row.id), String(row.text ?? '')]));
  const missing = ids.filter((id) => !texts.has(id));
  if (missing.length > 0) throw new RhizomeError('STORE_FAILED', `the source store lists documents it cannot read back (${missing.slice(0, 3).join(', ')})`);
  return texts;
}

/** Every metadata entry (`Meta.key`, `Meta.value`) except the ones a backend keeps for itself, by key. */
export async function readMetaEntries(store: GraphStore): Promise<Array<[string, string]>> {
  const rows = await store.runReadOnlyCypher('MATCH (m:Meta) RETURN m.key AS key, m.value AS value ORDER BY key', {}, READ_LIMITS);
  return rows.filter((row) => !BACKEND_META_KEYS.has(String(row.key))).map((row) => [String(row.key), String(row.value ?? '')]);
}
