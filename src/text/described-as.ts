import { descriptionParts } from '../core/description-phrases.js';
import type { Entity } from '../core/records.js';
import { contentStems } from './content-stems.js';

/** What the documents call an entity, as stems: each descriptor phrase and its name, words in text order. */
export interface EntityNouns {
  /** Stems of each descriptor phrase; a prose part (a model's sentence) has `isPhrase` false. */
  phrases: Array<{ stems: string[]; isPhrase: boolean }>;
  /** Stems of the entity's name ("Velbrook Quay" → velbrook, quay). */
  name: string[];
}

/** Reads an entity's description and name into stems once, at index time. */
export function readEntityNouns(entity: Entity): EntityNouns {
  return {
    phrases: descriptionParts(entity.description ?? '').map((part) => ({ stems: contentStems(part.text), isPhrase: part.isPhrase })),
    name: contentStems(entity.name),
  };
}

/**
 * How an entity answers to a question's head noun ("which quay", "quel cabinet"): `head` when
 * the noun is the head of one of its descriptor phrases (the last word in English, "quay-wall
 * monitoring programme" is a programme; the first in French, "hébergeur certifié") or of its
 * name of several words ("Velbrook Quay", "Quai de la Fosse"), or any word of a prose description; `modifier` when
 * the noun only qualifies one ("quay-wall" in that programme); null when neither.
 */
export function describedAs(nouns: EntityNouns | undefined, headStem: string, headFirst: boolean): 'head' | 'modifier' | null {
  if (!nouns) return null;
  const headOf = (stems: readonly string[]) => (headFirst ? stems[0] : stems[stems.length - 1]);
  // A name of one word that is the noun itself ("Surveys" for the Surveys team) names no instance of the kind.
  if (nouns.name.length > 1 && headOf(nouns.name) === headStem) return 'head';
  let modifier = false;
  for (const phrase of nouns.phrases) {
    if (phrase.isPhrase ? headOf(phrase.stems) === headStem : phrase.stems.includes(headStem)) return 'head';
    if (phrase.stems.includes(headStem)) modifier = true;
  }
  return modifier ? 'modifier' : null;
}
