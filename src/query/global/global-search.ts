import { DEFAULT_RANKING_PROFILE, type RankingProfile } from '../../config/ranking-profile.js';
import { normaliseName } from '../../core/normalise.js';
import type { Community, CommunityFinding, Entity } from '../../core/records.js';
import type { ChunkText, GraphStore } from '../../graph/store.js';
import { buildEntityIndex, type EntityIndex } from '../graph-index.js';
import { bm25IndexOf, countPostings, type Bm25Index } from '../bm25.js';
import { bm25PostingsFile } from '../bm25-index-file.js';
import { keptOrMade } from '../kept-or-made.js';
import { COMMUNITY_KEYWORDS_FILE } from './community-keywords-file.js';
import { COMMUNITY_SENTENCES_FILE, sentenceStemCounts, type CommunityReading } from './community-sentences-file.js';
import { chunkSources, type RetrievalContext, type ScoredCommunity } from '../../core/retrieval-context.js';
import { contentStems } from '../../text/content-stems.js';
import type { QuestionAnalysis } from '../../core/question-analysis.js';
import { fitChunksToBudget } from '../text-context.js';
import { communityKeywords } from './community-keywords.js';
import { collectCommunitySentences, sentenceReader, type CommunitySentence } from './community-sentences.js';
import { asksAboutConcerns, type ConcernLexicon } from '../../text/concerns/concern-lexicon.js';
import { concernWeight, readConcerns } from '../../text/concerns/sentence-concerns.js';

/** The postings of the community reports (with their keywords), kept beside a store. */
const REPORT_POSTINGS_FILE = bm25PostingsFile('report-postings');

/** Options of global search. */
export interface GlobalSearchOptions {
  contextTokens: number;
  /** How many communities and findings are read (the documented defaults when absent). */
  ranking?: Pick<RankingProfile, 'reports'>;
}

interface PreparedReports {
  communities: Community[];
  entities: Map<string, Entity>;
  sentences: Map<string, CommunitySentence[]>;
  /** Stem → number of community sentences holding it (idf of the map step). */
  sentenceFrequency: Map<string, number>;
  sentenceCount: number;
  index: Bm25Index;
  levels: number[];
  keywords: Map<string, string[]>;
  /** Sentences of the chunks no community reads, and the entities no community holds (with a sentence naming each). */
  outside: { sentences: CommunitySentence[]; entities: Array<{ entity: Entity; evidence: CommunityFinding | undefined }> };
}

/**
 * Global search (GraphRAG's map step, done without a model): choose the community level for
 * the question (the top level for corpus-wide questions, else the level whose reports match
 * best), score every report of that level against the question, and keep, for the relevant
 * ones, the findings that bear on it. The answerer then reduces them into one synthesis.
 */
export class GlobalSearcher {
  private prepared: PreparedReports | null = null;
  private holdingCommunities: { prepared: PreparedReports; holding: Map<string, Community[]> } | null = null;

  /** Sentence key → how strongly it reports a concern (read once per index). */
  private concernWeights = new Map<string, number>();

  /** `loadEntityIndex` gives the entity index of the entity layer (built from the store's entities and mentions, unless shared): global search follows no relation. */
  constructor(
    private readonly store: GraphStore,
    private readonly lexicon: ConcernLexicon,
    private readonly loadEntityIndex: () => Promise<EntityIndex> = async () => buildEntityIndex(await store.loadEntityMentions()),
  ) {}

  /** Forgets the cached reports (after the index changed). */
  invalidate(): void {
    this.prepared = null;
    this.holdingCommunities = null;
    this.concernWeights.clear();
  }

  async search(analysis: QuestionAnalysis, options: GlobalSearchOptions): Promise<RetrievalContext> {
    const reading = (options.ranking ?? DEFAULT_RANKING_PROFILE).reports;
    const prepared = await this.prepare();
    const { communities, entities, index, levels } = prepared;
    // Words about the corpus ("main themes across these documents") say nothing about which report matters.
    const contentQuestion = analysis.contentText;
    const questionStems = new Set(analysis.contentStems);
    // Nothing left to match ("what are the main themes?"): every report counts alike, the largest communities first.
    const reportScores = new Map(questionStems.size === 0 ? [] : index.search(contentQuestion, communities.length).map((hit) => [hit.id, hit.score]));
    const level = chooseLevel(analysis.signals.corpusWide, communities, reportScores, levels);
    const concernOf = asksAboutConcerns(contentQuestion) ? (sentence: CommunitySentence) => this.concernWeight(sentence) : null;
    // A sentence is read by a community of every level holding its chunk: it is scored once per question.
    const scoreOf = sentenceScorer(questionStems, prepared, concernOf);
    const topReport = largest(reportScores.values(), 1e-9);
    // A level reads as a cut through the hierarchy: its communities, and the coarser ones that were not split that far.
    const split = new Set(communities.map((community) => community.parentId).filter((id): id is string => id !== null));
    const scored = communities
      .filter((community) => community.level === level || (community.level < level && !split.has(community.id)))
      .map((community) => {
        const findings = mapSentences(prepared.sentences.get(community.id) ?? [], scoreOf, concernOf !== null ? reading.concernFindingsPerCommunity : reading.findingsPerCommunity);
        return { community, findings: findings.map((item) => item.finding), score: (findings[0]?.score ?? 0) + 0.5 * ((reportScores.get(community.id) ?? 0) / topReport) };
      })
      .sort((left, right) => right.score - left.score || right.community.memberIds.length - left.community.memberIds.length || left.community.id.localeCompare(right.community.id));
    // A list of every entity of a kind ("which suppliers …") may draw on any community: the reduce ranks the members.
    const listsEntities = (analysis.signals.list || analysis.signals.corpusWide) && analysis.answerType.types.size > 0;
    const relevant = !listsEntities && scored.some((item) => item.score > 0) ? scored.filter((item) => item.score > 0) : scored;
    const limit = listsEntities ? scored.length : analysis.signals.corpusWide ? reading.corpusWideCommunities : reading.communities;
    const mapped: ScoredCommunity[] = relevant.slice(0, limit).map((item) => ({
      ...item,
      findings: item.findings.length > 0 ? item.findings : item.community.report.findings.slice(0, reading.findingsPerCommunity),
      memberEvidence: memberEvidence(item.community, prepared),
      keywords: prepared.keywords.get(item.community.id) ?? [],
    }));
    const outside = analysis.signals.corpusWide || analysis.signals.list
      ? { entities: prepared.outside.entities, findings: mapSentences(prepared.outside.sentences, scoreOf, concernOf !== null ? reading.concernFindingsPerCommunity : reading.findingsPerCommunity).map((item) => item.finding) }
      : undefined;
    const chunkIds = [...new Set(mapped.flatMap((item) => item.findings.map((finding) => finding.chunkId)))];
    const outsideCitable = outside ? [...outside.findings, ...outside.entities.flatMap((item) => (item.evidence ? [item.evidence] : []))] : [];
    const citable = [...mapped.flatMap((item) => [...item.community.report.findings, ...(item.memberEvidence?.values() ?? [])]), ...outsideCitable];
    const evidenceIds = [...new Set(citable.map((finding) => finding.chunkId))].filter((id) => !chunkIds.includes(id));
    const found = await this.store.getChunks([...chunkIds, ...evidenceIds]);
    const { chunks, tokens } = fitChunksToBudget(found.filter((chunk) => chunkIds.includes(chunk.id)), new Map(), options.contextTokens);
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
      ...(outside ? { outsideCommunities: outside } : {}),
      citedSources: chunkSources(found),
      ...(concernOf ? { concernLexicon: this.lexicon } : {}),
    };
  }

  private concernWeight(sentence: CommunitySentence): number {
    const key = `${sentence.finding.chunkId}:${sentence.finding.span.start}`;
    let weight = this.concernWeights.get(key);
    if (weight === undefined) {
      weight = concernWeight(readConcerns(sentence.finding.text, this.lexicon));
      this.concernWeights.set(key, weight);
    }
    return weight;
  }

  /**
   * The deepest communities holding the given entities, scored against the question, with the
   * findings that bear on it (hybrid search).
   */
  async communitiesAbout(analysis: QuestionAnalysis, entityIds: string[], findingsPerCommunity = DEFAULT_RANKING_PROFILE.reports.findingsPerCommunity): Promise<ScoredCommunity[]> {
    const question = analysis.searchText;
    const prepared = await this.prepare();
    const { communities, index } = prepared;
    const communitiesOfEntity = this.communitiesOfEntity(prepared);
    const scores = new Map(index.search(question, communities.length).map((hit) => [hit.id, hit.score]));
    const questionStems = new Set(analysis.stems);
    const chosen = new Map<string, Community>();
    for (const entityId of entityIds) {
      const holding = [...(communitiesOfEntity.get(entityId) ?? [])].sort((left, right) => right.level - left.level);
      const deepest = holding[0];
      if (deepest) chosen.set(deepest.id, deepest);
    }
    return [...chosen.values()]
      .map((community) => ({ community, score: scores.get(community.id) ?? 0, findings: relevantFindings(community, questionStems, findingsPerCommunity) }))
      .sort((left, right) => right.score - left.score || left.community.id.localeCompare(right.community.id));
  }

  /** Entity id → the communities holding it, in the order of `communities`: worked out on the first hybrid question (a global one needs none). */
  private communitiesOfEntity(prepared: PreparedReports): Map<string, Community[]> {
    if (this.holdingCommunities?.prepared !== prepared) {
      const holding = new Map<string, Community[]>();
      for (const community of prepared.communities) {
        for (const memberId of community.memberIds) {
          // Each community once per member, however often its member list repeats the id (no set per community: 122k of them at 100k passages).
          const list = holding.get(memberId);
          if (list === undefined) holding.set(memberId, [community]);
          else if (list[list.length - 1] !== community) list.push(community);
        }
      }
      this.holdingCommunities = { prepared, holding };
    }
    return this.holdingCommunities.holding;
  }

  private async prepare(): Promise<PreparedReports> {
    if (!this.prepared) {
      const communities = await this.store.listCommunities();
      const entityIndex = await this.loadEntityIndex();
      const entities = new Map<string, Entity>();
      for (const entity of entityIndex.entities) entities.set(entity.id, entity);
      // The sentences read, the communities' keywords and the reports' postings are kept beside the store for the next process, while the layer is unchanged.
      const reading = await keptOrMade(this.store, COMMUNITY_SENTENCES_FILE, async (): Promise<CommunityReading> => {
        const chunks = await this.store.listChunkTexts();
        const sentences = collectCommunitySentences(communities, entityIndex, chunks);
        return { sentences, outside: outsideCommunities(communities, entityIndex, chunks, sentences) };
      });
      const { sentences } = reading;
      // A chunk's sentences are read once (sentenceReader), so a sentence several communities list is one object, counted once.
      const stemCounts = reading.stemCounts ?? sentenceStemCounts(reading);
      const keywords = await keptOrMade(this.store, COMMUNITY_KEYWORDS_FILE, async () => communityKeywords(communities, sentences, entities));
      const reportPostings = await keptOrMade(this.store, REPORT_POSTINGS_FILE, async () =>
        countPostings(communities.map((community) => ({ id: community.id, text: `${reportText(community)}\n${(keywords.get(community.id) ?? []).join(' ')}` }))),
      );
      const index = bm25IndexOf(reportPostings);
      const levels = [...new Set(communities.map((community) => community.level))].sort((left, right) => left - right);
      const outside = { sentences: reading.outside.sentences, entities: reading.outside.entities.flatMap(({ entityId, evidence }) => entities.has(entityId) ? [{ entity: entities.get(entityId) as Entity, evidence }] : []) };
      this.prepared = { communities, entities, sentences, sentenceFrequency: stemCounts.frequency, sentenceCount: stemCounts.sentences, index, levels, keywords, outside };
    }
    return this.prepared;
  }
}

/**
 * The map step's score of a sentence for a question: the idf-weighted share of the question's
 * words it holds, plus, for a question about risks or problems, how strongly it reports one
 * (read through the concern lexicon). Each sentence is scored once.
 */
function sentenceScorer(questionStems: Set<string>, prepared: PreparedReports, concernOf: ((sentence: CommunitySentence) => number) | null): (sentence: CommunitySentence) => number {
  const idf = (stem: string) => Math.log(1 + prepared.sentenceCount / (1 + (prepared.sentenceFrequency.get(stem) ?? 0)));
  // Every sentence of a level is scored: the question's stems and their weights are worked out once, and a sentence's sum is added in their order.
  const stems = [...questionStems];
  const weights = stems.map(idf);
  const mass = weights.reduce((sum, weight) => sum + weight, 0) || 1;
  const scores = new Map<CommunitySentence, number>();
  return (sentence) => {
    let score = scores.get(sentence);
    if (score === undefined) {
      let held = 0;
      for (let position = 0; position < stems.length; position++) if (sentence.stems.has(stems[position] as string)) held += weights[position] as number;
      score = held / mass + (concernOf ? concernOf(sentence) : 0);
      scores.set(sentence, score);
    }
    return score;
  };
}

/** The map step for a community's sentences: those that bear on the question (a positive score), best first, the first `limit`. */
function mapSentences(sentences: CommunitySentence[], scoreOf: (sentence: CommunitySentence) => number, limit: number): Array<{ finding: CommunityFinding; score: number }> {
  const seen = new Set<string>();
  const bearing: Array<{ finding: CommunityFinding; score: number }> = [];
  for (const sentence of sentences) {
    const score = scoreOf(sentence);
    if (score <= 0) continue;
    const key = `${sentence.finding.chunkId}:${sentence.finding.span.start}`;
    if (seen.has(key)) continue;
    seen.add(key);
    bearing.push({ finding: sentence.finding, score });
  }
  return bearing.sort((left, right) => right.score - left.score || left.finding.span.start - right.finding.span.start).slice(0, limit);
}

/**
 * What no community covers: the entities no community holds (an entity alone in its chunks),
 * each with the first sentence naming it, and the sentences of their chunks that no community reads.
 */
function outsideCommunities(communities: Community[], index: EntityIndex, chunks: ChunkText[], read: Map<string, CommunitySentence[]>): CommunityReading['outside'] {
  const readChunks = new Set<string>();
  for (const list of read.values()) for (const sentence of list) readChunks.add(sentence.finding.chunkId);
  const members = new Set<string>();
  for (const community of communities) for (const memberId of community.memberIds) members.add(memberId);
  const sentencesFor = sentenceReader(chunks);
  const chunksOfEntity = new Map<string, string[]>();
  let entityIndex = 0;
  for (const entity of index.entities) {
    if (!members.has(entity.id) && index.chunksOfEntity.sizeOf(entityIndex) > 0) chunksOfEntity.set(entity.id, index.chunksOfEntity.get(entityIndex).map((chunkIndex) => index.chunkIds[chunkIndex] as string));
    entityIndex += 1;
  }
  // Only chunks that hold graph content: a chunk naming no entity is left to the text modes, as before.
  const entityChunks = new Set([...chunksOfEntity.values()].flat());
  const sentences = chunks.filter((chunk) => !readChunks.has(chunk.id) && entityChunks.has(chunk.id)).flatMap((chunk) => sentencesFor(chunk.id));
  const entities = [...index.entities]
    .filter((entity) => !members.has(entity.id))
    .map((entity) => {
      const names = [entity.name, ...entity.aliases].map(normaliseName).filter((name) => name.length > 1);
      const evidence = (chunksOfEntity.get(entity.id) ?? []).flatMap(sentencesFor).find((sentence) => names.some((name) => ` ${normaliseName(sentence.finding.text)} `.includes(` ${name} `)))?.finding;
      return { entityId: entity.id, evidence };
    });
  return { sentences, entities };
}

/** For each member of a community, the first of its source sentences that names it (name or alias). */
function memberEvidence(community: Community, prepared: PreparedReports): Map<string, CommunityFinding> {
  const sentences = (prepared.sentences.get(community.id) ?? []).map((sentence) => ({ finding: sentence.finding, text: ` ${normaliseName(sentence.finding.text)} ` }));
  const evidence = new Map<string, CommunityFinding>();
  for (const memberId of community.memberIds) {
    const entity = prepared.entities.get(memberId);
    if (!entity) continue;
    const names = [entity.name, ...entity.aliases].map(normaliseName).filter((name) => name.length > 1);
    const found = sentences.find((sentence) => names.some((name) => sentence.text.includes(` ${name} `)));
    if (found) evidence.set(memberId, found.finding);
  }
  return evidence;
}

/** A report's findings ordered by how many question words they hold, the best `limit`. */
function relevantFindings(community: Community, questionStems: Set<string>, limit: number) {
  return [...community.report.findings]
    .map((finding, position) => ({ finding, overlap: contentStems(finding.text).filter((stem) => questionStems.has(stem)).length, position }))
    .sort((left, right) => right.overlap - left.overlap || left.position - right.position)
    .slice(0, limit)
    .map((item) => item.finding);
}

function reportText(community: Community): string {
  const report = community.report;
  return [report.title, report.summary, ...report.keyEntities.map((entity) => entity.name), ...report.findings.map((finding) => finding.text)].join('\n');
}

/** Corpus-wide questions read the top level; others the level whose best report matches best. */
function chooseLevel(corpusWide: boolean, communities: Community[], scores: Map<string, number>, levels: number[]): number {
  const top = levels[0] ?? 0;
  if (corpusWide) return top;
  const bestByLevel = new Map<number, number>();
  for (const community of communities) bestByLevel.set(community.level, Math.max(bestByLevel.get(community.level) ?? 0, scores.get(community.id) ?? 0));
  let bestLevel = top;
  let bestScore = 0;
  for (const level of levels) {
    const score = bestByLevel.get(level) ?? 0;
    if (score > bestScore * 1.2) {
      bestLevel = level;
      bestScore = score;
    }
  }
  return bestLevel;
}

/** The largest value, or `floor` when none is larger; a loop, so no list is spread into arguments. */
function largest(values: Iterable<number>, floor: number): number {
  let best = floor;
  for (const value of values) if (value > best) best = value;
  return best;
}
