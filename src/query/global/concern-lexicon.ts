import { stripAccents } from '../../core/normalise.js';

/**
 * A general lexicon of adverse events (English and French), grouped in the families a risk
 * register uses. It lets the offline map step of global search recognise that a sentence
 * reports a risk or a problem when it never says "risk" ("corrosion of the pipework",
 * "delivery has slipped"), and lets the reduce step group such sentences into themes.
 * It is a language resource, not a list of any corpus's answers: users add their own domain
 * words with the `query.concernTerms` setting.
 */
const FAMILIES: Record<string, string> = {
  schedule: `delay delays delayed slip slipped slippage late lateness postpone postponed postponement overrun overruns backlog
    retard retards retarde decalage glissement depassement`,
  supply: `shortage shortages scarcity scarce stockout shortfall bottleneck bottlenecks disruption disruptions
    penurie penuries rupture ruptures manque goulot perturbation perturbations`,
  failure: `failure failures fault faults faulty defect defects defective breakdown breakdowns malfunction outage outages
    downtime interruption interruptions obsolete obsolescence unsupported bug bugs crash
    defaillance defaillances panne pannes defaut defauts dysfonctionnement coupure coupures obsolete obsolescence`,
  deterioration: `corrosion corroded rust rusting crack cracks cracking cracked spalling erosion wear worn deterioration
    deteriorated degradation degraded leak leaks leakage subsidence fatigue decay ageing aging
    rouille fissure fissures usure degradation deterioration fuite fuites affaissement vieillissement`,
  hazard: `flood floods flooding flooded storm storms drought wildfire fire fires earthquake heatwave landslide
    contamination contaminated pollution spill spills
    inondation inondations crue crues tempete secheresse incendie incendies seisme canicule
    pollution contamination deversement`,
  security: `cybersecurity cyber cyberattack cyberattacks breach breaches attack attacks intrusion exploit exploited malware
    ransomware phishing unauthorised unauthorized unauthenticated vulnerability vulnerabilities
    fraud theft
    cybersecurite cyberattaque cyberattaques intrusion faille failles piratage fraude vulnerabilite vulnerabilites`,
  safety: `injury injuries accident accidents fatality fatalities unsafe illness outbreak toxicity adverse
    blessure blessures maladie epidemie toxicite`,
  compliance: `non-conformity non-conformities nonconformity non-compliance noncompliance violation violations penalty
    penalties sanction sanctions litigation lawsuit dispute disputes terminated termination
    non-conformite non-conformites infraction infractions amende amendes penalite penalites litige litiges
    contentieux resiliation resilie`,
  financial: `overspend overspending overspent deficit loss losses insolvency bankruptcy volatility inflation
    downgrade debt overbudget
    deficit perte pertes surcout surcouts faillite insolvabilite volatilite inflation dette`,
  people: `attrition turnover strike strikes resignation resignations absenteeism understaffed understaffing
    greve greves demission demissions absenteisme`,
  reputation: `complaint complaints reputational criticism backlash
    plainte plaintes reclamation reclamations`,
};

/** Words that mark a sentence as reporting a concern without naming one (they raise a sentence's weight, they do not name themes). */
const MARKER_WORDS = `risk risks risky threat threats hazard hazards danger dangerous concern concerns issue issues
  problem problems challenge challenges weakness weaknesses critical severe serious major urgent warning failing poor
  risque risques menace menaces danger dangers probleme problemes difficulte difficultes defi defis faiblesse faiblesses
  grave graves majeur majeure urgent alerte preoccupation preoccupations`;

/** Question words that ask about concerns: a question holding one reads sentences through the lexicon. */
const HEAD_WORDS = `risk risks threat threats hazard hazards danger dangers concern concerns issue issues problem problems
  challenge challenges weakness weaknesses vulnerability vulnerabilities difficulty difficulties obstacle obstacles
  pitfall pitfalls failure failures incident incidents
  risque risques menace menaces danger dangers probleme problemes difficulte difficultes defi defis faiblesse faiblesses
  vulnerabilite vulnerabilites obstacle obstacles preoccupation preoccupations incident incidents enjeu enjeux`;

/** The forms a lexicon entry is read in: as listed, plus plural, past and -ing forms ("delay" → "delays", "delayed", "delaying"). */
function formsOf(entry: string): string[] {
  const forms = [entry, `${entry}s`, `${entry}es`, `${entry}ed`, `${entry}ing`];
  if (entry.endsWith('e')) forms.push(`${entry}d`, `${entry.slice(0, -1)}ing`);
  if (/[^aeiou]y$/.test(entry)) forms.push(`${entry.slice(0, -1)}ies`, `${entry.slice(0, -1)}ied`);
  return forms;
}

/** Every form of every entry of a list (lower case, accent-free; hyphenated entries keep their hyphen). */
const formsOfList = (list: string) => list.split(/\s+/).filter(Boolean).flatMap(formsOf);

const familyOfForm = new Map<string, string>();
for (const [family, list] of Object.entries(FAMILIES)) for (const form of formsOfList(list)) if (!familyOfForm.has(form)) familyOfForm.set(form, family);
// Markers and question heads are nouns and adjectives, listed with their plurals: read as written ("issues", never "issued").
const markerForms = new Set(MARKER_WORDS.split(/\s+/).filter(Boolean));
const headForms = new Set(HEAD_WORDS.split(/\s+/).filter(Boolean));

/** The lexicon as used by one query: the built-in families plus the user's own terms. Words are given lower case and accent-free. */
export interface ConcernLexicon {
  /** The family of an adverse-event word ("delayed" → schedule); a user term is its own family ("custom:<term>"). */
  familyOf(word: string): string | undefined;
  isMarker(word: string): boolean;
}

/** The built-in lexicon, extended with the user's terms (their own family each, "custom:<term>"). */
export function concernLexicon(extraTerms: readonly string[] = []): ConcernLexicon {
  const extra = new Map(extraTerms.flatMap((term) => formsOf(stripAccents(term).toLowerCase()).map((form) => [form, `custom:${term.toLowerCase()}`] as const)));
  return {
    familyOf: (word) => familyOfForm.get(word) ?? extra.get(word),
    isMarker: (word) => markerForms.has(word),
  };
}

/** True for a question word that asks about concerns ("risks", "problemes"; lower case, accent-free). */
export function isConcernHead(word: string): boolean {
  return headForms.has(word);
}

/** True when the question asks about risks, problems or challenges. */
export function asksAboutConcerns(question: string): boolean {
  return (stripAccents(question).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).some(isConcernHead);
}
