import { englishPack } from './en.js';
import { frenchPack } from './fr.js';
import type { LanguagePack } from './language-pack.js';

/** The code of the pack used when a language has none. */
export const FALLBACK_LANGUAGE = 'en';

/** The packs registered from the start, in order; the default schema's cue words are theirs. */
export const builtInLanguagePacks: readonly LanguagePack[] = [englishPack, frenchPack];

const packs = new Map<string, LanguagePack>(builtInLanguagePacks.map((pack) => [pack.code, pack]));
let version = 0;

/** Adds a language (or replaces the pack of its code); language-free checks read it from then on. */
export function registerLanguagePack(pack: LanguagePack): void {
  packs.set(pack.code, pack);
  version += 1;
}

/** The pack of a language code ('en', 'fr'…), or the English pack when none is registered for it. */
export function languagePack(code: string | undefined): LanguagePack {
  return packs.get(code ?? FALLBACK_LANGUAGE) ?? (packs.get(FALLBACK_LANGUAGE) as LanguagePack);
}

/** True when a pack is registered for the code. */
export function hasLanguagePack(code: string): boolean {
  return packs.has(code);
}

/** Every registered pack, built-in ones first, in registration order. */
export function languagePacks(): readonly LanguagePack[] {
  return [...packs.values()];
}

/**
 * A value built from every registered pack (for checks made when a text's language is unknown),
 * rebuilt on first use after a pack is registered.
 */
export function acrossLanguages<T>(build: (packs: readonly LanguagePack[]) => T): () => T {
  let builtAt = -1;
  let value: T | undefined;
  return () => {
    if (builtAt !== version) {
      value = build(languagePacks());
      builtAt = version;
    }
    return value as T;
  };
}
