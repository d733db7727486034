/**
 * Frequent English and French words that start sentences or titles with a capital letter
 * but are not names. Used only to stop such words from becoming entities.
 */
const FUNCTION_WORDS = `
a an the this that these those there here it its he she they we you i his her their our your my
and or but nor so yet if then than when while where which who whom whose what why how because as
of in on at to for from by with without within into onto over under about after before between during
since until upon via per across against among around behind beyond near off out through toward towards
is are was were be been being has have had do does did will would shall should can could may might must
not no yes all any both each every few many more most much other some such only own same too very
also just even still already again further once now today yesterday tomorrow new old first last next
one two three four five six seven eight nine ten
le la les l un une des du de d au aux ce cet cette ces il elle ils elles nous vous je tu on son sa ses leur leurs
et ou mais donc or ni car que qui quoi dont où quand comme si pour par avec sans sous sur dans entre vers chez
est sont était étaient été être a ont avait avaient sera seront fait faire plus moins très aussi encore déjà
`;

/** Words that start sentences or titles with a capital letter but are not names on their own. */
const NON_NAME_WORDS = `
mr mrs ms dr prof sir dear regards kind best subject re fwd note notes minutes agenda summary report update
announcement staff procurement award supplier visit email memo letter press release meeting review
positive negative concerns open actions action items item background context overview introduction conclusion
chair chief head director manager lead deputy officer executive president chairman board committee team
january february march april may june july august september october november december
monday tuesday wednesday thursday friday saturday sunday
janvier février mars avril mai juin juillet août septembre octobre novembre décembre
lundi mardi mercredi jeudi vendredi samedi dimanche
objet compte rendu réunion annonce rapport note madame monsieur bonjour cordialement
`;

const words = (list: string) => list.split(/\s+/).filter(Boolean).map((word) => word.normalize('NFD').replace(/\p{M}+/gu, ''));
const FUNCTION_WORD_SET = new Set(words(FUNCTION_WORDS));
const COMMON_WORD_SET = new Set([...FUNCTION_WORD_SET, ...words(NON_NAME_WORDS)]);

/** True when a lower-cased, accent-free word is a frequent non-name word (function word, title, month…). */
export function isCommonWord(word: string): boolean {
  return COMMON_WORD_SET.has(word);
}

/** True when a lower-cased, accent-free word carries no content (articles, pronouns, auxiliaries…). */
export function isStopWord(word: string): boolean {
  return FUNCTION_WORD_SET.has(word);
}

/** Month names (English, French; lower case, accent-free) mapped to their number. */
export const MONTHS: Record<string, number> = {
  january: 1, february: 2, march: 3, april: 4, may: 5, june: 6, july: 7, august: 8,
  september: 9, october: 10, november: 11, december: 12,
  janvier: 1, fevrier: 2, mars: 3, avril: 4, mai: 5, juin: 6, juillet: 7, aout: 8,
  septembre: 9, octobre: 10, novembre: 11, decembre: 12,
};
