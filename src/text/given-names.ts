import { createRequire } from 'node:module';

type GenderLookup = (name: string, language?: string) => 'male' | 'female' | 'unknown' | string;

let lookup: GenderLookup | null = null;

/**
 * True for a known given name in any of the languages of `gender-detection-from-name` (English,
 * French, German, Italian, Spanish, Turkish: some 80,000 first names, MIT): "Irena", "Gaëlle",
 * "Pieter" are; coined company words ("Vorrin", "Quelvo") are not. Loaded on first use.
 */
export function isGivenName(word: string): boolean {
  if (word.length < 2) return false;
  lookup ??= (createRequire(import.meta.url)('gender-detection-from-name') as { getGender: GenderLookup }).getGender;
  return lookup(word.toLowerCase()) !== 'unknown';
}
