import { stemWord } from '../question-terms.js';

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

/** Stems of a lexicon entry; hyphenated entries ("non-conformity") keep their parts joined by "-". */
const stemsOf = (list: string) => list.split(/\s+/).filter(Boolean).map((entry) => entry.split('-').map(stemWord).join('-'));

const familyOfStem = new Map<string, string>();
for (const [family, list] of Object.entries(FAMILIES)) for (const stem of stemsOf(list)) if (!familyOfStem.has(stem)) familyOfStem.set(stem, family);
const markerStems = new Set(stemsOf(MARKER_WORDS));
const headStems = new Set(stemsOf(HEAD_WORDS));

/** The lexicon as used by one query: the built-in families plus the user's own terms. */
export interface ConcernLexicon {
  /** The family of an adverse-event stem ("delay" → schedule); a user term is its own family ("custom:<term>"). */
  familyOf(stem: string): string | undefined;
  isMarker(stem: string): boolean;
}

/** The built-in lexicon, extended with the user's terms (their own family each, "custom:<term>"). */
export function concernLexicon(extraTerms: readonly string[] = []): ConcernLexicon {
  const extra = new Map(extraTerms.flatMap((term) => stemsOf(term.toLowerCase()).map((stem) => [stem, `custom:${term.toLowerCase()}`] as const)));
  return {
    familyOf: (stem) => familyOfStem.get(stem) ?? extra.get(stem),
    isMarker: (stem) => markerStems.has(stem),
  };
}

/** True for a question word that asks about concerns ("risks", "problèmes"). */
export function isConcernHead(stem: string): boolean {
  return headStems.has(stem);
}

/** True when the question's content stems ask about risks, problems or challenges. */
export function asksAboutConcerns(questionStems: Iterable<string>): boolean {
  for (const stem of questionStems) if (headStems.has(stem)) return true;
  return false;
}
