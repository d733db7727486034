import type { GraphStore } from '../graph/store.js';
import { readOverrides } from '../review/override-store.js';
import type { ReviewOverride } from '../review/review-override.js';
import { collectGraphRecords, compareStrings, GRAPH_RECORD_KINDS, type GraphRecords } from './graph-records.js';

export { GRAPH_RECORD_KINDS, type GraphRecordKind } from './graph-records.js';

/** The JSON-lines record kind of a review decision; written after the graph records, in the order the decisions apply. */
export const OVERRIDE_RECORD_KIND = 'override';

/** Format name and version written on the first line of every export. */
export const GRAPH_EXPORT_FORMAT = { format: 'rhizome-graph', version: 1 } as const;

/**
 * Writes the workspace graph as JSON lines: a header, then documents (with text), chunks (with
 * spans and cached extractions), entities, relations (with evidence and dates), mentions, alias
 * merges, communities (with reports) and review decisions (re-applied after an import). Deterministic: records sorted by kind then id, object
 * keys sorted, so two clean runs over the same files give the same bytes. With `pathsRelativeTo`
 * (the workspace folder), document paths are written relative to it with `/` separators, so the
 * same folder indexed at two locations exports the same bytes.
 */
export async function exportGraphJsonl(store: GraphStore, options: { pathsRelativeTo?: string } = {}): Promise<string> {
  return renderGraphJsonl(await collectGraphRecords(store, options), await readOverrides(store));
}

/** The JSON-lines text of collected records, then the review decisions (kept in their order: it is the order they apply in). */
export function renderGraphJsonl(records: GraphRecords, overrides: readonly ReviewOverride[] = []): string {
  const lines = [canonicalJson(GRAPH_EXPORT_FORMAT)];
  for (const kind of GRAPH_RECORD_KINDS) for (const record of records[kind]) lines.push(canonicalJson({ kind, ...record }));
  for (const override of overrides) lines.push(canonicalJson({ kind: OVERRIDE_RECORD_KIND, ...override }));
  return `${lines.join('\n')}\n`;
}

/** JSON with object keys in code-unit order at every depth (arrays keep their order). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, current: unknown) => {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return current;
    return Object.fromEntries(Object.entries(current as Record<string, unknown>).filter(([, field]) => field !== undefined).sort(([left], [right]) => compareStrings(left, right)));
  });
}
