import { stripAccents } from '../../core/normalise.js';
import { acrossLanguages } from '../lang/registry.js';

/*
 * A general lexicon of adverse events (each language pack's `concerns`), grouped in the families a risk
 * register uses. It lets the offline map step of global search recognise that a sentence
 * reports a risk or a problem when it never says "risk" ("corrosion of the pipework",
 * "delivery has slipped"), and lets the reduce step group such sentences into themes.
 * It is a language resource, not a list of any corpus's answers: users add their own domain
 * words with the `query.concernTerms` setting.
 */

/** The forms a lexicon entry is read in: as listed, plus plural, past and -ing forms ("delay" → "delays", "delayed", "delaying"). */
function formsOf(entry: string): string[] {
  const forms = [entry, `${entry}s`, `${entry}es`, `${entry}ed`, `${entry}ing`];
  if (entry.endsWith('e')) forms.push(`${entry}d`, `${entry.slice(0, -1)}ing`);
  if (/[^aeiou]y$/.test(entry)) forms.push(`${entry.slice(0, -1)}ies`, `${entry.slice(0, -1)}ied`);
  return forms;
}

/** The lexicon of every registered pack: families in order of first appearance, each pack's entries in pack order; the first family of a form wins. */
const builtIn = acrossLanguages((packs) => {
  const familyOfForm = new Map<string, string>();
  const families = [...new Set(packs.flatMap((pack) => Object.keys(pack.concerns.families)))];
  for (const family of families) {
    for (const pack of packs) for (const form of (pack.concerns.families[family] ?? []).flatMap(formsOf)) if (!familyOfForm.has(form)) familyOfForm.set(form, family);
  }
  // Markers and question heads are nouns and adjectives, listed with their plurals: read as written ("issues", never "issued").
  const markerForms = new Set(packs.flatMap((pack) => pack.concerns.markerWords));
  const headForms = new Set(packs.flatMap((pack) => pack.concerns.headWords));
  const namesOfFamily = new Map<string, string[]>();
  for (const pack of packs) for (const [family, name] of Object.entries(pack.concerns.familyNames)) namesOfFamily.set(family, [...(namesOfFamily.get(family) ?? []), name]);
  return { familyOfForm, markerForms, headForms, namesOfFamily };
});

/** The lexicon as used by one query: the built-in families plus the user's own terms. Words are given lower case and accent-free. */
export interface ConcernLexicon {
  /** The family of an adverse-event word ("delayed" → schedule); a user term is its own family ("custom:<term>"). */
  familyOf(word: string): string | undefined;
  isMarker(word: string): boolean;
  /** The words that name a whole family in the registered languages ("cybersecurity", "cybersecurite"), accent-free; none for a user term. */
  namesOf(family: string): readonly string[];
}

/** The built-in lexicon, extended with the user's terms (their own family each, "custom:<term>"). */
export function concernLexicon(extraTerms: readonly string[] = []): ConcernLexicon {
  const extra = new Map(extraTerms.flatMap((term) => formsOf(stripAccents(term).toLowerCase()).map((form) => [form, `custom:${term.toLowerCase()}`] as const)));
  const { familyOfForm, markerForms, namesOfFamily } = builtIn();
  return {
    familyOf: (word) => familyOfForm.get(word) ?? extra.get(word),
    isMarker: (word) => markerForms.has(word),
    namesOf: (family) => namesOfFamily.get(family) ?? [],
  };
}

/** True for a question word that asks about concerns ("risks", "problemes"; lower case, accent-free). */
export function isConcernHead(word: string): boolean {
  return builtIn().headForms.has(word);
}

/** True when the question asks about risks, problems or challenges. */
export function asksAboutConcerns(question: string): boolean {
  return (stripAccents(question).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).some(isConcernHead);
}
