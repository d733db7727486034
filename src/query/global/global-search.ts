import type { Community, Entity } from '../../core/records.js';
import type { GraphStore } from '../../graph/store.js';
import { createBm25Index, type Bm25Index } from '../bm25.js';
import type { RetrievalContext, ScoredCommunity } from '../context.js';
import { contentStems } from '../question-terms.js';
import { isCorpusWideQuestion, isMetaWord } from '../question-signals.js';
import { fitChunksToBudget } from '../text-context.js';
import { collectCommunitySentences, type CommunitySentence } from './community-sentences.js';

/** Options of global search. */
export interface GlobalSearchOptions {
  contextTokens: number;
}

const MAX_COMMUNITIES = 8;
const FINDINGS_PER_COMMUNITY = 3;

interface PreparedReports {
  communities: Community[];
  entities: Map<string, Entity>;
  sentences: Map<string, CommunitySentence[]>;
  /** Stem → number of community sentences holding it (idf of the map step). */
  sentenceFrequency: Map<string, number>;
  sentenceCount: number;
  index: Bm25Index;
  levels: number[];
}

/**
 * Global search (GraphRAG's map step, done without a model): choose the community level for
 * the question (the top level for corpus-wide questions, else the level whose reports match
 * best), score every report of that level against the question, and keep, for the relevant
 * ones, the findings that bear on it. The answerer then reduces them into one synthesis.
 */
export class GlobalSearcher {
  private prepared: PreparedReports | null = null;

  constructor(private readonly store: GraphStore) {}

  /** Forgets the cached reports (after the index changed). */
  invalidate(): void {
    this.prepared = null;
  }

  async search(question: string, options: GlobalSearchOptions): Promise<RetrievalContext> {
    const prepared = await this.prepare();
    const { communities, entities, index, levels } = prepared;
    const reportScores = new Map(index.search(question, communities.length).map((hit) => [hit.id, hit.score]));
    const level = chooseLevel(question, communities, reportScores, levels);
    const questionStems = new Set(contentStems(question.split(/\s+/).filter((word) => !isMetaWord(word.replace(/[^\p{L}\p{N}]/gu, ''))).join(' ')));
    const scored = communities
      .filter((community) => community.level === level)
      .map((community) => {
        const findings = mapCommunity(community, questionStems, prepared);
        const topReport = Math.max(1e-9, ...reportScores.values());
        return { community, findings: findings.map((item) => item.finding), score: (findings[0]?.score ?? 0) + 0.5 * ((reportScores.get(community.id) ?? 0) / topReport) };
      })
      .sort((left, right) => right.score - left.score || right.community.memberIds.length - left.community.memberIds.length || left.community.id.localeCompare(right.community.id));
    const relevant = scored.some((item) => item.score > 0) ? scored.filter((item) => item.score > 0) : scored;
    const mapped: ScoredCommunity[] = relevant.slice(0, MAX_COMMUNITIES).map((item) => ({ ...item, findings: item.findings.length > 0 ? item.findings : item.community.report.findings.slice(0, FINDINGS_PER_COMMUNITY) }));
    const chunkIds = [...new Set(mapped.flatMap((item) => item.findings.map((finding) => finding.chunkId)))];
    const { chunks, tokens } = fitChunksToBudget(await this.store.getChunks(chunkIds), new Map(), options.contextTokens);
    return {
      mode: 'global',
      chunks,
      paths: [],
      entityScores: new Map(),
      questionEntities: [],
      knownEntities: [...new Set(mapped.flatMap((item) => item.community.memberIds))].map((id) => entities.get(id)).filter((entity): entity is Entity => entity !== undefined),
      tokens: tokens + mapped.reduce((sum, item) => sum + Math.ceil(item.community.report.summary.length / 4), 0),
      searchedWith: `community reports at level ${level} (bm25 over titles, summaries, findings and member names)`,
      rankedChunkIds: chunkIds,
      communities: mapped,
    };
  }

  /**
   * The deepest communities holding the given entities, scored against the question, with the
   * findings that bear on it (hybrid search).
   */
  async communitiesAbout(question: string, entityIds: string[]): Promise<ScoredCommunity[]> {
    const { communities, index } = await this.prepare();
    const scores = new Map(index.search(question, communities.length).map((hit) => [hit.id, hit.score]));
    const questionStems = new Set(contentStems(question));
    const chosen = new Map<string, Community>();
    for (const entityId of entityIds) {
      const holding = communities.filter((community) => community.memberIds.includes(entityId)).sort((left, right) => right.level - left.level);
      const deepest = holding[0];
      if (deepest) chosen.set(deepest.id, deepest);
    }
    return [...chosen.values()]
      .map((community) => ({ community, score: scores.get(community.id) ?? 0, findings: relevantFindings(community, questionStems) }))
      .sort((left, right) => right.score - left.score || left.community.id.localeCompare(right.community.id));
  }

  private async prepare(): Promise<PreparedReports> {
    if (!this.prepared) {
      const communities = await this.store.listCommunities();
      const projection = await this.store.loadProjection();
      const entities = new Map(projection.entities.map((entity) => [entity.id, entity]));
      const sentences = collectCommunitySentences(communities, projection, await this.store.listChunks());
      const sentenceFrequency = new Map<string, number>();
      const seen = new Set<string>();
      for (const list of sentences.values()) {
        for (const sentence of list) {
          const key = `${sentence.finding.chunkId}:${sentence.finding.span.start}`;
          if (seen.has(key)) continue;
          seen.add(key);
          for (const stem of sentence.stems) sentenceFrequency.set(stem, (sentenceFrequency.get(stem) ?? 0) + 1);
        }
      }
      const index = createBm25Index(communities.map((community) => ({ id: community.id, text: reportText(community) })));
      const levels = [...new Set(communities.map((community) => community.level))].sort((left, right) => left - right);
      this.prepared = { communities, entities, sentences, sentenceFrequency, sentenceCount: seen.size, index, levels };
    }
    return this.prepared;
  }
}

/**
 * The map step for one community: the sentences of its source chunks that hold the question's
 * words (idf-weighted share of the question), best first.
 */
function mapCommunity(community: Community, questionStems: Set<string>, prepared: PreparedReports): Array<{ finding: Community['report']['findings'][number]; score: number }> {
  const idf = (stem: string) => Math.log(1 + prepared.sentenceCount / (1 + (prepared.sentenceFrequency.get(stem) ?? 0)));
  const mass = [...questionStems].reduce((sum, stem) => sum + idf(stem), 0) || 1;
  const seen = new Set<string>();
  return (prepared.sentences.get(community.id) ?? [])
    .map((sentence) => ({ finding: sentence.finding, score: [...questionStems].filter((stem) => sentence.stems.has(stem)).reduce((sum, stem) => sum + idf(stem), 0) / mass }))
    .filter((item) => {
      const key = `${item.finding.chunkId}:${item.finding.span.start}`;
      if (item.score <= 0 || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((left, right) => right.score - left.score || left.finding.span.start - right.finding.span.start)
    .slice(0, FINDINGS_PER_COMMUNITY);
}

/** A report's findings ordered by how many question words they hold, the best few. */
function relevantFindings(community: Community, questionStems: Set<string>) {
  return [...community.report.findings]
    .map((finding, position) => ({ finding, overlap: contentStems(finding.text).filter((stem) => questionStems.has(stem)).length, position }))
    .sort((left, right) => right.overlap - left.overlap || left.position - right.position)
    .slice(0, FINDINGS_PER_COMMUNITY)
    .map((item) => item.finding);
}

function reportText(community: Community): string {
  const report = community.report;
  return [report.title, report.summary, ...report.keyEntities.map((entity) => entity.name), ...report.findings.map((finding) => finding.text)].join('\n');
}

/** Corpus-wide questions read the top level; others the level whose best report matches best. */
function chooseLevel(question: string, communities: Community[], scores: Map<string, number>, levels: number[]): number {
  const top = levels[0] ?? 0;
  if (isCorpusWideQuestion(question)) return top;
  let bestLevel = top;
  let bestScore = 0;
  for (const level of levels) {
    const score = Math.max(0, ...communities.filter((community) => community.level === level).map((community) => scores.get(community.id) ?? 0));
    if (score > bestScore * 1.2) {
      bestLevel = level;
      bestScore = score;
    }
  }
  return bestLevel;
}
