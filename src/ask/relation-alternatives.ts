import type { GraphSchema } from '../config/graph-schema.js';
import { contentStems } from '../text/content-stems.js';
import { derivationalRelatives } from '../text/derivational-relatives.js';

const cache = new WeakMap<GraphSchema, ReadonlyArray<{ edgeType: string; stems: ReadonlySet<string> }>>();

/** For each edge type, the stems of its one-word phrases ("fabrique", "produit", "fabriqué par" → fabriqu, produit); longer phrases hold nouns ("part of", "on the site of") that would stand for too much. */
function edgeWordClasses(schema: GraphSchema): ReadonlyArray<{ edgeType: string; stems: ReadonlySet<string> }> {
  let classes = cache.get(schema);
  if (!classes) {
    classes = schema.edgeTypes.map((edge) => ({
      edgeType: edge.name,
      stems: new Set([...edge.patterns, ...edge.passivePatterns].filter((phrase) => !/\s/.test(phrase.trim())).flatMap((phrase) => contentStems(phrase))),
    }));
    cache.set(schema, classes);
  }
  return classes;
}

/**
 * The question's relation words that each edge type states: a relation the extraction typed
 * LEADS says "leads" whatever verb its sentence used ("will be led by"), so it covers the
 * question's "leads". Edge type → the question stems among its one-word phrases.
 */
export function relationTypeWords(questionStems: readonly string[], schema: GraphSchema): ReadonlyMap<string, readonly string[]> {
  const words = new Map<string, string[]>();
  for (const { edgeType, stems } of edgeWordClasses(schema)) {
    const said = questionStems.filter((stem) => stems.has(stem));
    if (said.length > 0) words.set(edgeType, said);
  }
  return words;
}

/**
 * Other words for the question's relation words: the schema says which phrases state one edge
 * type, so a question stem found among an edge type's phrases may be met in the evidence by any
 * other stem of those phrases ("fabriquées" ↔ "assemble", "runs" ↔ "heads"); and a word of the
 * question may be met by a word derived from it or it from them, as the language pack relates them
 * ("maintains" ↔ "maintenance", "supplied" ↔ "supplier"). Returns evidence stem → the question
 * stem it stands for (schema words first); a question's own stems are never alternatives.
 */
export function relationAlternatives(questionStems: readonly string[], schema: GraphSchema): ReadonlyMap<string, string> {
  const own = new Set(questionStems);
  const alternatives = new Map<string, string>();
  for (const stem of questionStems) {
    for (const { stems: words } of edgeWordClasses(schema)) {
      if (words.size < 2 || !words.has(stem)) continue;
      for (const other of words) if (!own.has(other) && !alternatives.has(other)) alternatives.set(other, stem);
    }
  }
  for (const stem of questionStems) for (const other of derivationalRelatives(stem)) if (!own.has(other) && !alternatives.has(other)) alternatives.set(other, stem);
  return alternatives;
}
