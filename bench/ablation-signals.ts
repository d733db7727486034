import type { RankingProfile } from '../src/config/ranking-profile.js';

/** One signal turned off: where it lives in the profile and the value that switches it off. */
export interface Ablation {
  section: keyof RankingProfile;
  key: string;
  off: number;
  /** Why `off` is the neutral value, when it is not simply 0 for a weight. */
  note?: string;
}

/**
 * Every signal with a meaningful "off": weights, penalties and bonuses at 0; thresholds at their
 * neutral value (noted). Structural numbers (beamWidth, relationsPerNeighbour, textHits, fusionK,
 * cropWords) are sizes, not signals, and are left out.
 */
export const ABLATIONS: readonly Ablation[] = [
  // 1 = only a name identical to the word would pass, and identical names are already linked exactly: fuzzy linking off.
  { section: 'linking', key: 'fuzzyThreshold', off: 1, note: '1: fuzzy linking off' },
  // "Off" would be 0 (no name-word links) but the schema's minimum is 1: 1 keeps only words owned by a single entity.
  { section: 'linking', key: 'maxNameWordEntities', off: 1, note: '1: schema minimum, 0 (off) is refused' },
  { section: 'linking', key: 'backgroundCommonness', off: 2, note: '2: no entity is background, auto never routes to passages for it' },
  { section: 'linking', key: 'subjectDominance', off: 0, note: '0: no entity is the corpus subject by dominance; list questions naming it follow its relations' },
  // Damping 0: the walk never leaves its restart nodes, so chunks rank by their text-hit mass alone: the graph walk off.
  { section: 'walk', key: 'damping', off: 0, note: '0: graph walk off' },
  // 0: when the question names entities, all restart mass goes to them and none to the full-text hits.
  { section: 'walk', key: 'textShareWithEntities', off: 0, note: '0: text seeds off when entities are named' },
  { section: 'walk', key: 'pathPages', off: 0, note: "0: the pages of the paths' entities are not promoted" },
  { section: 'walk', key: 'textPathSeeds', off: 0, note: '0: a question naming no entity follows no relation path' },
  { section: 'paths', key: 'lengthPenalty', off: 0 },
  { section: 'paths', key: 'weakHopPenalty', off: 0 },
  { section: 'paths', key: 'hubPenalty', off: 0 },
  { section: 'paths', key: 'endHubPenalty', off: 0 },
  { section: 'paths', key: 'stepRelevance', off: 0 },
  { section: 'paths', key: 'endRelevance', off: 0 },
  { section: 'paths', key: 'typeMatchBonus', off: 0 },
  { section: 'paths', key: 'typeMismatchPenalty', off: 0 },
  { section: 'paths', key: 'unknownTypePenalty', off: 0 },
  { section: 'paths', key: 'temporalBonus', off: 0 },
  { section: 'paths', key: 'alternativeWordShare', off: 0 },
  { section: 'paths', key: 'bridgeKindBonus', off: 0.1, note: '0.1: on (off by default)' },
  { section: 'paths', key: 'offMainClausePenalty', off: 0 },
  // 0: dates decide only between paths tied with the best one.
  { section: 'paths', key: 'temporalWindow', off: 0, note: '0: dates break exact ties only' },
  // 0: every best path is trusted, however weak.
  { section: 'sentences', key: 'minPathScore', off: 0, note: '0: every best path trusted' },
  // 1: only paths tied with the best add their evidence.
  { section: 'sentences', key: 'secondPathRatio', off: 1, note: '1: exact ties only' },
  { section: 'sentences', key: 'pathEvidenceBonus', off: 0 },
  { section: 'sentences', key: 'questionEntityBonus', off: 0 },
  { section: 'sentences', key: 'rankPrior', off: 0 },
  // 1: an entity's relevance counts in full whatever its type, so the asked type no longer matters.
  { section: 'sentences', key: 'otherTypeEntityWeight', off: 1, note: '1: entity type ignored' },
  { section: 'sentences', key: 'leadInWords', off: 0, note: '0: a sentence ending with a colon is read alone' },
  // 1: the words of the question's subordinate clause weigh as much as those of its main part.
  { section: 'sentences', key: 'subordinateWordShare', off: 1, note: '1: subordinate-clause words weigh in full' },
  // Above 1: a one-clause question naming no entity is answered by relation paths from the passages' entities, never by the sentence stating it.
  { section: 'sentences', key: 'statedAnswerShare', off: 2, note: '2: never answered by the stating sentence' },
];

/** Profile fields that are sizes (or, for walk.pushTolerance, a numerical precision), not signals: the ablation leaves them out. */
export const SIZE_FIELDS: readonly string[] = [
  'walk.pushTolerance', 'walk.textHits', 'walk.fusionK', 'walk.textPathHits', 'walk.reportEntities', 'paths.beamWidth', 'paths.relationsPerNeighbour', 'paths.kept', 'sentences.cropWords',
  'reports.communities', 'reports.corpusWideCommunities', 'reports.findingsPerCommunity', 'reports.concernFindingsPerCommunity', 'reports.listedEntities',
  'reports.themes', 'reports.themeWords', 'reports.concernThemes', 'reports.concernThemeWords', 'reports.concernCitations', 'reports.concernLabels',
];
