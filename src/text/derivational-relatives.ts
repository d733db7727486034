import { stemWord } from '../core/stem.js';
import { acrossLanguages } from './lang/registry.js';

/**
 * Stem → the stems of the words derivationally related to its words, from every registered
 * pack's `derivations` ("maintain" ↔ "maintenanc", "suppli" ↔ "suppl"); words whose stems already
 * meet add nothing. Built on first use (about 20k words for English).
 */
const relativesByStem = acrossLanguages((packs) => {
  const relatives = new Map<string, Set<string>>();
  const relate = (left: string, right: string) => {
    const stems = relatives.get(left) ?? new Set<string>();
    stems.add(right);
    relatives.set(left, stems);
  };
  for (const pack of packs) {
    for (const line of pack.derivations?.split('\n') ?? []) {
      const [word, ...others] = line.trim().split(/\s+/);
      if (!word) continue;
      const stem = stemWord(word);
      for (const other of others) {
        const otherStem = stemWord(other);
        if (otherStem === stem) continue;
        relate(stem, otherStem);
        relate(otherStem, stem);
      }
    }
  }
  return relatives;
});

const NONE: ReadonlySet<string> = new Set();

/** The stems of the words derivationally related to a stem's words ("maintain" → "maintenanc"), in every registered language; none when the packs relate none. */
export function derivationalRelatives(stem: string): ReadonlySet<string> {
  return relativesByStem().get(stem) ?? NONE;
}
