import { stripAccents } from '../core/normalise.js';
import type { GraphSchema } from '../config/graph-schema.js';

/**
 * The node types a question asks for, read from its wh-phrase: "who" asks for a person-like
 * type, "which company" for the type whose name or description says "company", "where" for a
 * place-like type. Empty when the question gives no clue.
 */
export function expectedAnswerTypes(question: string, schema: GraphSchema): string[] {
  const words = stripAccents(question).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const first = words.findIndex((word) => ['who', 'whom', 'which', 'what', 'where', 'qui', 'quel', 'quelle', 'quels', 'quelles', 'ou'].includes(word));
  if (first < 0) return [];
  const wh = words[first] as string;
  if (wh === 'who' || wh === 'whom' || wh === 'qui') return schema.nodeTypes.filter((type) => type.cues.shapes.includes('person-name')).map((type) => type.name);
  const noun = words[first + 1];
  const typeMentioning = (word: string) =>
    schema.nodeTypes
      .filter((type) => {
        const text = stripAccents(`${type.name} ${type.description}`).toLowerCase();
        const singular = word.replace(/(ies)$/, 'y').replace(/s$/, '');
        return new RegExp(`\\b(${word}|${singular})`).test(text);
      })
      .map((type) => type.name);
  if (wh === 'where' || wh === 'ou') return typeMentioning('place');
  for (const word of [noun, words[first + 2]]) {
    if (!word) continue;
    const matches = typeMentioning(word);
    if (matches.length > 0) return matches;
  }
  return [];
}
