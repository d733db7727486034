import type { AbbreviationKind, AbbreviationLists } from '../text/lang/language-pack.js';
import { acrossLanguages, languagePack } from '../text/lang/registry.js';

export type { AbbreviationKind };

/** One table per registered language: every pack's shared abbreviations plus the language's own. */
const tables = acrossLanguages((packs) => {
  const shared = packs.map((pack) => pack.abbreviations.shared);
  return new Map(packs.map((pack) => [pack.code, buildTable([...shared, pack.abbreviations.ownOnly])]));
});

/** The kind of a word written before a period, or null when it is not a known abbreviation. */
export function abbreviationKind(word: string, language: string): AbbreviationKind | null {
  const table = tables().get(language) ?? tables().get(languagePack(language).code);
  return table?.get(word) ?? null;
}

function buildTable(lists: readonly AbbreviationLists[]): ReadonlyMap<string, AbbreviationKind> {
  const table = new Map<string, AbbreviationKind>();
  for (const list of lists) for (const word of list.neverEnds) table.set(word, 'never-ends');
  for (const list of lists) for (const word of list.endsBeforeCapital) table.set(word, 'ends-before-capital');
  for (const list of lists) for (const word of list.endsUnlessNumber) table.set(word, 'ends-unless-number');
  return table;
}
