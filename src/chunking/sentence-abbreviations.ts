import type { Language } from '../core/records.js';

/** How a period after a known abbreviation behaves. */
export type AbbreviationKind = 'never-ends' | 'ends-before-capital' | 'ends-unless-number';

// Titles and references that always precede something (case matters: "No." is not "no.").
const neverEnds = [
  'Dr', 'Mr', 'Mrs', 'Ms', 'Mx', 'Prof', 'St', 'Mt', 'Fig', 'Figs', 'e.g', 'E.g', 'i.e', 'I.e', 'cf', 'Cf', 'vs', 'Vs', 'p', 'pp', 'approx',
  'Gen', 'Col', 'Capt', 'Lt', 'Sgt', 'Rev', 'Hon', 'MM', 'Mme', 'Mmes', 'Mlle', 'Mlles',
];
// Company and name suffixes, and "etc.", which end a sentence when a capitalised word follows.
const endsBeforeCapital = ['etc', 'Inc', 'Ltd', 'Co', 'Corp', 'Jr', 'Sr', 'Bros', 'plc', 'Cie', 'Ltée'];
// Number prefixes and months: "No. 5" and "Jan. 3" continue, "said no. Then" ends.
const endsUnlessNumber = [
  'No', 'Nos', 'no', 'Vol', 'vol', 'Jan', 'Feb', 'Mar', 'Apr', 'Jun', 'Jul', 'Aug', 'Sep', 'Sept', 'Oct', 'Nov', 'Dec',
  'janv', 'févr', 'avr', 'juil', 'sept', 'oct', 'nov', 'déc',
];
// French-only forms that would be ordinary words in English ("art.", "me.").
const frenchNeverEnds = ['Me', 'Pr', 'Mgr', 'art', 'chap', 'env', 'éd', 'coll', 'av', 'apr'];

const tables: Record<Language, ReadonlyMap<string, AbbreviationKind>> = {
  en: buildTable([]),
  fr: buildTable(frenchNeverEnds),
};

/** The kind of a word written before a period, or null when it is not a known abbreviation. */
export function abbreviationKind(word: string, language: Language): AbbreviationKind | null {
  return tables[language].get(word) ?? null;
}

function buildTable(extraNeverEnds: string[]): ReadonlyMap<string, AbbreviationKind> {
  const table = new Map<string, AbbreviationKind>();
  for (const word of [...neverEnds, ...extraNeverEnds]) table.set(word, 'never-ends');
  for (const word of endsBeforeCapital) table.set(word, 'ends-before-capital');
  for (const word of endsUnlessNumber) table.set(word, 'ends-unless-number');
  return table;
}
