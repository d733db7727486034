import type { LanguagePack, SchemaCues } from './language-pack.js';

type NodeCues = { before: string[]; after: string[]; suffixes: string[] };
type EdgeCues = { patterns: string[]; passivePatterns: string[] };

const addNew = (target: string[], words: readonly string[] | undefined) => {
  for (const word of words ?? []) if (!target.includes(word)) target.push(word);
};

/** The cue words and relation phrases of several languages together, by type name (first pack's words first, no repeats). */
export function mergeSchemaCues(packs: readonly LanguagePack[]): { nodeTypes: Record<string, NodeCues>; edgeTypes: Record<string, EdgeCues> } {
  const nodeTypes: Record<string, NodeCues> = {};
  const edgeTypes: Record<string, EdgeCues> = {};
  for (const cues of packs.map((pack): SchemaCues => pack.schemaCues)) {
    for (const [name, node] of Object.entries(cues.nodeTypes)) {
      const merged = (nodeTypes[name] ??= { before: [], after: [], suffixes: [] });
      addNew(merged.before, node.before);
      addNew(merged.after, node.after);
      addNew(merged.suffixes, node.suffixes);
    }
    for (const [name, edge] of Object.entries(cues.edgeTypes)) {
      const merged = (edgeTypes[name] ??= { patterns: [], passivePatterns: [] });
      addNew(merged.patterns, edge.patterns);
      addNew(merged.passivePatterns, edge.passivePatterns);
    }
  }
  return { nodeTypes, edgeTypes };
}
