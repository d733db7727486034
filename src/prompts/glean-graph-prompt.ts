/** Version of the gleaning prompt; part of the cache key of every gleaning request. */
export const GLEAN_GRAPH_PROMPT_VERSION = 'glean-graph-1';

/**
 * The user turn of a gleaning pass, sent after the first reply (as the assistant turn): asks only
 * for entities and relations that were missed, in the same format, under the same rules.
 */
export function buildGleaningMessage(): string {
  return `Some entities or relations of the allowed types may have been missed. Reply with only the ones missing from your previous reply, in the same JSON format and under the same rules; an edge may connect nodes of your previous reply. If nothing is missing, reply {"nodes": [], "edges": []}.`;
}
