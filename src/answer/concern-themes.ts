import { stripAccents } from '../core/normalise.js';
import type { Citation, CommunityFinding } from '../core/records.js';
import type { RetrievalContext, ScoredCommunity } from '../core/retrieval-context.js';
import { isConcernHead, type ConcernLexicon } from '../text/concerns/concern-lexicon.js';
import type { QuestionAnalysis } from '../core/question-analysis.js';
import { readConcerns } from '../text/concerns/sentence-concerns.js';
import { contentStems, stemWord } from '../text/content-stems.js';
import { citeFinding } from './cite-finding.js';
import { cropSentence } from './crop-sentence.js';
import type { GlobalReduction } from './extractive-global.js';
import { DEFAULT_RANKING_PROFILE, type RankingProfile } from '../config/ranking-profile.js';

interface Support {
  finding: CommunityFinding;
  weight: number;
  words: string[];
  /** Adverse families and markers the sentence holds in all: the more, the more surely it reports an event. */
  strength: number;
}

interface Theme {
  family: string;
  /** Best supporting sentence per document. */
  documents: Map<string, Support>;
  /** Stem → the weight of the sentences using it, and the forms it was written in. */
  labels: Map<string, { weight: number; forms: Map<string, number> }>;
}

/**
 * The reduce step of global search for questions about risks or problems, without a model:
 * the findings the map step kept are read through the concern lexicon and grouped into themes
 * (schedule slips, shortages, deterioration, security…), ranked by how many documents raise
 * them. Each theme is named by the word the documents use most for it, shown with its
 * strongest sentence and cited to the documents behind it. Null when fewer than two themes
 * emerge (the caller then lists the communities' main points).
 */
export function reduceConcernThemes(
  analysis: QuestionAnalysis,
  communities: ScoredCommunity[],
  lexicon: ConcernLexicon,
  maxWords: number,
  context: RetrievalContext,
  reports: RankingProfile['reports'] = DEFAULT_RANKING_PROFILE.reports,
): GlobalReduction | null {
  // The question's other words ("which risks did the auditors find") favour the sentences that hold them.
  const otherWords = analysis.contentText.split(/\s+/).filter((word) => {
    const plain = stripAccents(word.replace(/[^\p{L}\p{N}]/gu, '')).toLowerCase();
    return !isConcernHead(plain) && !lexicon.isMarker(plain);
  });
  const focus = new Set(contentStems(otherWords.join(' ')));
  const findings = [...communities.flatMap((item) => item.findings), ...(context.outsideCommunities?.findings ?? [])];
  const themes = collectThemes(findings, lexicon, focus);
  if (themes.length < 2) return null;
  const ranked = themes
    .map((theme) => ({ theme, score: [...theme.documents.values()].reduce((sum, support) => sum + support.weight, 0) }))
    .sort((left, right) => right.score - left.score || left.theme.family.localeCompare(right.theme.family));
  const chosen = ranked.slice(0, reports.concernThemes).map(({ theme }) => {
    const labels = themeLabels(theme, lexicon, reports.concernLabels);
    const first = labels[0] as string;
    const usesLabel = (support: Support) => (support.words.includes(first) ? 1 : 0);
    const supports = [...theme.documents.values()].sort(
      (left, right) => right.weight - left.weight || right.strength - left.strength || usesLabel(right) - usesLabel(left) || left.finding.documentId.localeCompare(right.finding.documentId),
    );
    return { theme, labels, supports };
  });
  // Answer first: every theme is named, with the words its documents use and how many raise it; the evidence follows.
  const citations: Citation[] = [];
  const heads = chosen.map(({ theme, labels, supports }) => {
    const count = theme.documents.size;
    const marker = `[${citeFinding((supports[0] as Support).finding, citations, context)}]`;
    return `${labels.join(', ')} (${count} document${count === 1 ? '' : 's'}) ${marker}`;
  });
  const items: string[] = [];
  let words = heads.join(' ').split(/\s+/).length;
  for (const [index, { labels, supports }] of chosen.entries()) {
    const best = supports[0] as Support;
    const text = cropSentence(best.finding.text.replace(/\s+/g, ' ').trim(), best.words, reports.concernThemeWords);
    const markers = supports.slice(0, reports.concernCitations).map((support) => `[${citeFinding(support.finding, citations, context)}]`);
    const entry = `(${index + 1}) ${labels[0]}: ${text} ${markers.join('')}`;
    const length = entry.split(/\s+/).length;
    if (items.length >= 2 && words + length > maxWords * 2) break;
    words += length;
    items.push(entry);
  }
  return { answer: `${heads.map((head, index) => `(${index + 1}) ${head}`).join('; ')}. ${items.join(' ')}`, citations };
}

function collectThemes(findings: CommunityFinding[], lexicon: ConcernLexicon, focus: Set<string>): Theme[] {
  const themes = new Map<string, Theme>();
  const seen = new Set<string>();
  for (const finding of findings) {
    const key = `${finding.chunkId}:${finding.span.start}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const concerns = readConcerns(finding.text, lexicon);
    // A sentence that also says "risk", "critical", "major"… reports a concern more surely than one naming an event in passing.
    const focusShare = focus.size === 0 ? 0 : contentStems(finding.text).filter((stem) => focus.has(stem)).length / focus.size;
    const weight = (0.5 + 0.5 * Math.min(concerns.markers, 3)) * (1 + 2 * focusShare);
    for (const [family, familyWords] of concerns.families) {
      const theme = themes.get(family) ?? { family, documents: new Map(), labels: new Map() };
      themes.set(family, theme);
      const current = theme.documents.get(finding.documentId);
      const strength = concerns.families.size + concerns.markers;
      if (!current || weight > current.weight || (weight === current.weight && strength > current.strength)) theme.documents.set(finding.documentId, { finding, weight, words: familyWords, strength });
      for (const word of familyWords) {
        const stem = word.split('-').map(stemWord).join('-');
        const label = theme.labels.get(stem) ?? { weight: 0, forms: new Map() };
        label.weight += weight;
        label.forms.set(word, (label.forms.get(word) ?? 0) + 1);
        theme.labels.set(stem, label);
      }
    }
  }
  return [...themes.values()];
}

/**
 * The words that name a theme, most telling first: the word that names its family when its documents
 * use it ("cybersécurité" rather than "intrusion"), else the word they use most for it, weighted by
 * sentence, nouns before participles ("corrosion" before "corroded"); then up to
 * `count - 1` other words its documents use for it ("flooding, storm").
 */
function themeLabels(theme: Theme, lexicon: ConcernLexicon, count: number): string[] {
  const familyStems = new Set(lexicon.namesOf(theme.family).map((name) => stripAccents(name.split('-').map(stemWord).join('-'))));
  const score = (stem: string, label: { weight: number; forms: Map<string, number> }) =>
    (familyStems.has(stripAccents(stem)) ? Number.POSITIVE_INFINITY : label.weight) * (/(?:ed|ee)$/u.test(mostUsed(label.forms)) ? 0.5 : 1);
  const ranked = [...theme.labels].sort(([leftStem, left], [rightStem, right]) => score(rightStem, right) - score(leftStem, left) || leftStem.localeCompare(rightStem));
  const labels = ranked.slice(0, count).map(([, label]) => mostUsed(label.forms));
  return labels.length > 0 ? labels : [theme.family];
}

function mostUsed(forms: Map<string, number>): string {
  return [...forms].sort((left, right) => right[1] - left[1] || left[0].length - right[0].length || left[0].localeCompare(right[0]))[0]?.[0] ?? '';
}
