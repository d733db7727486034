/**
 * An entity's description, as the offline extractor writes it, is a list of descriptor phrases
 * ("oldest deep-water berth, berth"); a model's description is prose. Both are read back here.
 */

/** Written between the descriptor phrases of one description, and between merged descriptions. */
export const DESCRIPTOR_SEPARATOR = ', ';

/** More words than a descriptor phrase holds: such a part is prose (a model's sentence), not a noun phrase. */
const MAX_PHRASE_WORDS = 4;

/** Joins descriptions: a description that ends a sentence is followed by a space, a phrase by the separator. */
export function joinDescriptions(left: string, right: string): string {
  if (!left) return right;
  return /[.!?]$/u.test(left.trim()) ? `${left} ${right}` : `${left}${DESCRIPTOR_SEPARATOR}${right}`;
}

/**
 * The parts of a description: its descriptor phrases, each with `isPhrase` false when it is
 * longer than a noun phrase (prose, whose every noun may describe the entity).
 */
export function descriptionParts(description: string): Array<{ text: string; isPhrase: boolean }> {
  return description
    .split(/[,;.!?]+/u)
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((text) => ({ text, isPhrase: text.split(/\s+/u).length <= MAX_PHRASE_WORDS }));
}
