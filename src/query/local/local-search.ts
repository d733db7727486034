import { personalizedPageRankByPush, type CompressedGraph } from '../../algorithms/personalized-pagerank.js';
import type { Entity, Language, Relation } from '../../core/records.js';
import type { EntityMentionLayer, GraphStore, ScoredId } from '../../graph/store.js';
import { chunkSources, type ContextChunk, type RelationPath, type RetrievalContext } from '../../core/retrieval-context.js';
import { RANKING_DEPTH } from '../naive/naive-search.js';
import { addRelations, buildEntityIndex, dominanceInType, entityCommonness, type EntityIndex, type GraphIndex } from '../graph-index.js';
import { loadTitleIndex, passagesAboutNames, passagesAboutQuestion, type TitleIndex } from './title-passages.js';
import { promoteAboutPassages } from './promote-passages.js';
import { TITLE_INDEX_FILE } from './title-index-file.js';
import { WALK_GRAPH_FILE } from './walk-graph-file.js';
import type { RankingProfile } from '../../config/ranking-profile.js';
import type { QuestionAnalysis, QuestionEntity } from '../../core/question-analysis.js';
import { contentStems } from '../../text/content-stems.js';
import { languagePack } from '../../text/lang/registry.js';
import { describedAs } from '../../text/described-as.js';
import { saysTakesOver } from '../../text/sentence-validity.js';
import { rankRelationPaths, type PathQuery } from './rank-relation-paths.js';
import { buildWalkGraph } from './graph-walk.js';
import { linkQuestionEntities } from './link-question-entities.js';
import { RelationSummaryBuilder, type RelationSummary } from '../relation-summary.js';
import { decodeRelationSummary, encodeRelationSummary, RELATION_SUMMARY_FILE } from '../relation-summary-file.js';
import { ENTITY_INDEX_FILE } from '../entity-index-file.js';
import { keptOrMade } from '../kept-or-made.js';
import { readFromList, readFromRecords } from '../relation-neighbourhoods.js';
import { keptRelationRecords, RELATION_RECORDS_FILE, RelationRecords, RelationRecordsWriter } from '../relation-records-file.js';
import { sharedStrings, shareRelationStrings } from '../../core/shared-strings.js';
import { sortById } from '../../core/ids.js';
import { TopItems } from '../../core/top-items.js';

/** Options of local search. */
export interface LocalSearchOptions {
  topK: number;
  contextTokens: number;
  maxHops: number;
  /** Entities found by vector search, used as seeds when the question names none. */
  vectorSeedIds?: string[];
  /** Chunks nearest to the question's embedding, best first (when embeddings are configured): they seed the walk and join the fusion beside the full-text hits. */
  denseHits?: ScoredId[];
  /** When the question names no entity, start relation paths from this many entities of the best text hits (hybrid search). */
  pathSeedsFromText?: number;
  /** The tuned numbers of linking, the walk and path ranking. */
  ranking: RankingProfile;
}

/** What search reads beyond linking: the whole graph index, its walk graph and the chunks by document title. */
interface PreparedGraph {
  index: GraphIndex;
  walk: CompressedGraph;
  titles: TitleIndex;
  /** The relations read from given chunks, in `listRelations` order, from what the search holds; null when it holds no way to tell. */
  statedIn: (chunkIds: readonly string[]) => Relation[] | null;
}
const SCORED_ENTITIES = 200;
/**
 * The most relations local search holds in memory (about 300 MB at this size, the layer of some
 * 12,000 passages); a larger layer is read by neighbourhood for each search, which bounds memory at
 * the price of a few reads a search: of the relation records kept beside the store (see
 * RelationRecords), or of the store where it keeps no files.
 */
export const HELD_RELATIONS_MAX = 300_000;

/**
 * Local (multi-hop) search: link the question's entities, run personalized PageRank from them
 * and from the best full-text chunks over the entity–chunk graph, fuse the walk's chunk ranking
 * with the full-text ranking (reciprocal rank fusion), then take the best chunks and the
 * relation paths that best explain the question.
 */
export class LocalSearcher {
  /** The entity index (all that linking and routing read), then the relation summary, walk graph and title index that only search reads. */
  private prepared: Promise<EntityIndex> | null = null;
  private graphPrepared: { entityIndex: EntityIndex; ready: Promise<PreparedGraph> } | null = null;
  /** The relation records kept beside the store, opened for `relationsStatedIn` before any search prepared the graph. */
  private recordsOpened: { entityIndex: EntityIndex; records: Promise<RelationRecords | null> } | null = null;

  /**
   * `rankText` gives the full-text ranking that seeds the walk alongside the question's entities;
   * `loadEntityMentions` the entities and mentions of the layer (the store's, unless shared). The
   * relations are summarised in one pass over them (see RelationSummary); up to `heldRelationsMax`
   * of them are then held for searches to read, and a larger layer is read by neighbourhood (from the
   * records kept beside the store, else from the store): each search reads the relations of the
   * entities its paths reach.
   */
  constructor(
    private readonly store: GraphStore,
    private readonly rankText: (question: string, limit: number) => Promise<ScoredId[]>,
    private readonly loadEntityMentions: () => Promise<EntityMentionLayer> = () => store.loadEntityMentions(),
    private readonly heldRelationsMax = HELD_RELATIONS_MAX,
  ) {}

  /** Forgets the cached graph (after the index changed). */
  invalidate(): void {
    this.prepared = null;
    this.graphPrepared = null;
    this.recordsOpened = null;
  }

  /** The graph entities a question names. */
  async linkEntities(question: string, profile: RankingProfile['linking'], language?: Language): Promise<QuestionEntity[]> {
    const index = await this.entityIndex();
    return linkQuestionEntities(question, index, profile, language).flatMap((link) => {
      const entity = index.entities.at(link.entityIndex);
      return entity ? [{ id: entity.id, name: entity.name, surface: link.surface, match: link.match }] : [];
    });
  }

  /**
   * True when the question names entities and every one is the corpus's background subject (the
   * organisation or project its documents are about: commonness at least `backgroundCommonness`, or
   * named in `subjectDominance` times as many passages as any other of its type), so that naming it
   * narrows nothing ("which suppliers does the Authority work with" in the Authority's own documents).
   */
  async namesOnlyBackground(analysis: QuestionAnalysis, profile: RankingProfile['linking']): Promise<boolean> {
    if (analysis.entities.length === 0) return false;
    const index = await this.entityIndex();
    if (index.chunkIds.length < 2) return false;
    return analysis.entities.every((entity) => isBackgroundSubject(index, index.entityIndexById.get(entity.id), profile));
  }

  /** True when every entity the question names is mentioned in more passages than any other entity of its type. */
  async namesOnlyTypeLeaders(analysis: QuestionAnalysis): Promise<boolean> {
    if (analysis.entities.length === 0) return false;
    const index = await this.entityIndex();
    return analysis.entities.every((entity) => {
      const entityIndex = index.entityIndexById.get(entity.id);
      return entityIndex !== undefined && dominanceInType(index, entityIndex) > 1;
    });
  }

  /**
   * Whether passages should answer instead of the graph: every entity the question names is the
   * corpus's background subject (see `namesOnlyBackground`), and the graph holds
   * nothing of the kind asked: no node type the question names, and no entity the documents describe
   * with its head noun ("which logger", "what default"). False when the question gives no head noun.
   */
  async asksBeyondGraph(analysis: QuestionAnalysis, profile: RankingProfile['linking']): Promise<boolean> {
    if (!(await this.namesOnlyBackground(analysis, profile))) return false;
    return !holdsKindAsked(await this.entityIndex(), analysis);
  }

  /** Local search for an analysed question (its `entities` linked by the ask layer, or linked here when empty). */
  async search(analysis: QuestionAnalysis, options: LocalSearchOptions): Promise<RetrievalContext> {
    const question = analysis.searchText;
    const { index, walk, titles } = await this.prepareGraph(await this.entityIndex());
    const entityCount = index.entities.length;
    const { walk: walkProfile } = options.ranking;
    const named = analysis.entities.length > 0 ? analysis.entities : await this.linkEntities(question, options.ranking.linking, analysis.language);
    const linked = named.flatMap((entity) => {
      const entityIndex = index.entityIndexById.get(entity.id);
      return entityIndex === undefined ? [] : [{ entityIndex, surface: entity.surface, match: entity.match }];
    });
    if (linked.length === 0) {
      for (const id of options.vectorSeedIds ?? []) {
        const entityIndex = index.entityIndexById.get(id);
        if (entityIndex !== undefined) linked.push({ entityIndex, surface: index.entities.at(entityIndex)?.name ?? id, match: 'vector' });
      }
    }
    const seeds = linked.map((link) => link.entityIndex);
    const hits = await this.rankText(question, walkProfile.textHits);
    const personalization = new Map<number, number>();
    // The corpus's background subject narrows nothing: the walk restarts from the entities that do, and from the text alone when the question names no other.
    const walkSeeds = index.chunkIds.length < 2 ? seeds : seeds.filter((seed) => !isBackgroundSubject(index, seed, options.ranking.linking));
    const seedMass = walkSeeds.length > 0 ? 1 - walkProfile.textShareWithEntities : 0;
    const seedWeights = walkSeeds.map((seed) => 1 / Math.log(Math.E + index.chunksOfEntity.sizeOf(seed)));
    const seedTotal = seedWeights.reduce((sum, value) => sum + value, 0);
    walkSeeds.forEach((seed, position) => personalization.set(seed, (seedMass * (seedWeights[position] as number)) / seedTotal));
    const textRankings = [hits, ...(options.denseHits && options.denseHits.length > 0 ? [options.denseHits.slice(0, walkProfile.textHits)] : [])];
    for (const ranking of textRankings) {
      const topScore = ranking[0]?.score ?? 0;
      const hitTotal = ranking.reduce((sum, hit) => sum + hit.score / (topScore || 1), 0);
      for (const hit of ranking) {
        const chunkIndex = index.chunkIndexById.get(hit.id);
        if (chunkIndex === undefined || hitTotal === 0) continue;
        const mass = ((1 - seedMass) * (hit.score / (topScore || 1))) / hitTotal / textRankings.length;
        personalization.set(entityCount + chunkIndex, (personalization.get(entityCount + chunkIndex) ?? 0) + mass);
      }
    }
    // A tolerance of 0 runs power iteration over the whole graph.
    const scores = personalizedPageRankByPush(walk, personalization, { damping: walkProfile.damping, epsilon: walkProfile.pushTolerance });

    const ranked = index.chunkIds.map((id, chunkIndex) => ({ id, score: scores[entityCount + chunkIndex] as number })).filter((item) => item.score > 0);
    for (const hit of hits) if (!index.chunkIndexById.has(hit.id)) ranked.push({ id: hit.id, score: 1e-9 * hit.score });
    ranked.sort((left, right) => right.score - left.score || left.id.localeCompare(right.id));
    const textRanks = textRankings.map((ranking) => new Map(ranking.map((hit, position) => [hit.id, position])));
    const fused = ranked.map((item, position) => {
      const textScore = textRanks.reduce((sum, ranks) => sum + (ranks.has(item.id) ? 1 / (walkProfile.fusionK + (ranks.get(item.id) as number)) / textRanks.length : 0), 0);
      // When the question names no entity, the walk starts from the text ranking alone: a passage that names no entity is
      // not in the graph, so the walk cannot rank it, and its text rank stands for both (not the walk's last place).
      const walkScore = seeds.length === 0 && !index.chunkIndexById.has(item.id) ? textScore : 1 / (walkProfile.fusionK + position);
      return { id: item.id, score: walkScore + textScore };
    });
    fused.sort((left, right) => right.score - left.score || left.id.localeCompare(right.id));

    const seedSet = new Set(seeds);
    // The entities the walk reaches, best first: only the first few are reported, of hundreds of thousands on a large corpus.
    const bestEntities = new TopItems<number>(SCORED_ENTITIES, (left, right) => (scores[right] as number) - (scores[left] as number) || left - right);
    for (let entityIndex = 0; entityIndex < entityCount; entityIndex++) if ((scores[entityIndex] as number) > 0) bestEntities.offer(entityIndex);
    const linkedWords = new Set(linked.flatMap((link) => contentStems(link.surface)));
    const pathQuery: PathQuery = {
      questionStems: new Set(analysis.stems.filter((stem) => !linkedWords.has(stem))),
      relationAlternatives: analysis.relationAlternatives,
      relationTypeWords: analysis.relationTypeWords,
      seeds,
      wantedTypes: analysis.answerType.types,
      headStem: analysis.answerType.headStem,
      headFirst: languagePack(analysis.language).descriptors.headFirst,
      bridgeKinds: analysis.bridgeKinds,
      mainClauseStems: new Set([...analysis.mainClauseStems].filter((stem) => !linkedWords.has(stem))),
      profile: options.ranking.paths,
      entityScore: (entityIndex) => scores[entityIndex] as number,
      temporal: analysis.temporal,
      takesOver: (evidence, earlier, later) => saysTakesOver(evidence, [earlier.name, ...earlier.aliases], [later.name, ...later.aliases], analysis.language),
      maxHops: options.maxHops,
    };
    if (seeds.length === 0 && (options.pathSeedsFromText ?? 0) > 0) {
      // The corpus's background subject is met in most passages: a path from it says nothing of these.
      const entitiesOfHit = (hit: ScoredId) => index.entitiesOfChunk.get(index.chunkIndexById.get(hit.id) ?? -1).filter((entityIndex) => index.chunkIds.length < 2 || !isBackgroundSubject(index, entityIndex, options.ranking.linking));
      const nearest = hits.slice(0, walkProfile.textPathHits).map(entitiesOfHit);
      const hitEntities = new Set(nearest.flat());
      pathQuery.seeds = [...hitEntities].sort((left, right) => (scores[right] as number) - (scores[left] as number)).slice(0, options.pathSeedsFromText);
      // What the nearest passage names is what the question describes; a seed met only in the passages after it may answer.
      const described = new Set(nearest[0] ?? []);
      pathQuery.answerableSeeds = new Set(pathQuery.seeds.filter((seed) => !described.has(seed)));
    }
    const paths = pathQuery.seeds.length > 0 ? await rankRelationPaths(index, pathQuery, options.ranking.paths.kept) : [];
    // The passages about what the question names come first, in the order the walk ranks them; then those about the entities the best relation paths pass through or reach.
    // Of namesake pages, the one the walk ranks first is meant (the ranking's positions are read only when a name titles several).
    let fusedRank: Map<string, number> | null = null;
    const rankOf = (id: string) => (fusedRank ??= new Map(fused.map((item, position) => [item.id, position]))).get(id) ?? Number.POSITIVE_INFINITY;
    const titled = passagesAboutQuestion(question, linked.map((link) => index.entities.at(link.entityIndex)?.name ?? '').concat(linked.flatMap((link) => index.entities.at(link.entityIndex)?.aliases ?? [])), titles, rankOf);
    const about = new Set(titled.meant);
    promoteAboutPassages(fused, about, passagesAboutPaths(paths.slice(0, walkProfile.pathPages), about, titles), titles, titled.namesakes);
    const chunks = await this.selectChunks(fused, options);
    const inContext = new Set(chunks.map((item) => item.chunk.id));
    const evidenceChunkIds = [...new Set(paths.flatMap((path) => path.relations.map((relation) => relation.chunkId)))].filter((id) => !inContext.has(id));
    const entityScores = new Map(bestEntities.items.map((entityIndex) => [index.entities.at(entityIndex)?.id as string, scores[entityIndex] as number]));

    const knownEntities = new Map<string, Entity>();
    for (const { chunk } of chunks) {
      const chunkIndex = index.chunkIndexById.get(chunk.id);
      for (const entityIndex of chunkIndex === undefined ? [] : index.entitiesOfChunk.get(chunkIndex)) {
        const entity = index.entities.at(entityIndex);
        if (entity) knownEntities.set(entity.id, entity);
      }
    }
    return {
      mode: 'local',
      chunks,
      paths,
      entityScores,
      questionEntities: seeds.map((seed) => index.entities.at(seed)).filter((entity): entity is Entity => entity !== undefined),
      knownEntities: [...knownEntities.values()],
      tokens: chunks.reduce((sum, item) => sum + item.chunk.tokenCount, 0),
      communities: [],
      citedSources: chunkSources(evidenceChunkIds.length > 0 ? await this.store.getChunks(evidenceChunkIds) : []),
      rankedChunkIds: fused.slice(0, RANKING_DEPTH).map((item) => item.id),
      searchedWith: `personalized PageRank over the entity–chunk graph, seeded by linked entities and bm25 (Kuzu full-text index)${textRankings.length > 1 ? ' and dense vectors (fused)' : ''}`,
    };
  }

  /** Loads the best-ranked chunks that fit the token budget (at most twice top-k). */
  private async selectChunks(ranked: Array<{ id: string; score: number }>, options: LocalSearchOptions): Promise<ContextChunk[]> {
    const candidates = ranked.slice(0, options.topK * 3);
    const loaded = await this.store.getChunks(candidates.map((item) => item.id));
    const scoreOf = new Map(candidates.map((item) => [item.id, item.score]));
    const selected: ContextChunk[] = [];
    let tokens = 0;
    for (const chunk of loaded) {
      if (selected.length >= options.topK * 2) break;
      if (selected.length > 0 && tokens + chunk.tokenCount > options.contextTokens) continue;
      selected.push({ chunk, score: scoreOf.get(chunk.id) ?? 0 });
      tokens += chunk.tokenCount;
    }
    return selected;
  }

  /**
   * The relations read from these chunks, in `listRelations` order, when what this searcher already holds tells them: the
   * graph a search prepared (the relations it holds, or the records kept beside the store), else, once the entity index is
   * read (linking, routing and `global` read it), the records kept beside the store. Null otherwise, so that asking costs no
   * preparation: read them from the store then.
   */
  async relationsStatedIn(chunkIds: readonly string[]): Promise<Relation[] | null> {
    const entityIndex = this.prepared ? await this.prepared : null;
    if (!entityIndex) return null;
    const prepared = this.graphPrepared;
    if (prepared?.entityIndex === entityIndex) return (await prepared.ready).statedIn(chunkIds);
    if (this.recordsOpened?.entityIndex !== entityIndex) {
      const opened = this.store.derivedFiles().then((files) => (files ? keptRelationRecords(files, entityIndex.entityIds, entityIndex.chunkIds) : null));
      this.recordsOpened = { entityIndex, records: opened.catch(() => null) };
    }
    const records = await this.recordsOpened.records;
    return records ? statedRelationsReader(entityIndex, null, records)(chunkIds) : null;
  }

  /** The entity index linking reads (kept beside the store; built from its entities and mentions when none is kept). */
  entityIndex(): Promise<EntityIndex> {
    return (this.prepared ??= keptOrMade(this.store, ENTITY_INDEX_FILE, async () => buildEntityIndex(await this.loadEntityMentions())).catch((error: unknown) => {
      this.prepared = null;
      throw error;
    }));
  }

  /** The graph index over `entityIndex` with the relation summary, its walk graph and the title index, built (or read back where kept) on the first search of that entity index. */
  private prepareGraph(entityIndex: EntityIndex): Promise<PreparedGraph> {
    if (this.graphPrepared?.entityIndex !== entityIndex) {
      const ready = Promise.all([this.readRelations(entityIndex), keptOrMade(this.store, TITLE_INDEX_FILE, () => loadTitleIndex(this.store))]).then(async ([{ summary, held, records }, titles]) => {
        const readStore = (entities: Entity[]) => this.store.relationsTouching(entities);
        const index = addRelations(entityIndex, summary, held ? readFromList(held) : records ? readFromRecords(records, entityIndex.entityIndexById, readStore) : readStore);
        const kept = await keptOrMade(this.store, WALK_GRAPH_FILE, async () => buildWalkGraph(index));
        // A kept graph is of this layer's version, as the entity index is: one of another size is built again all the same.
        const walk = kept.nodeCount === index.entities.length + index.chunkIds.length ? kept : buildWalkGraph(index);
        return { index, walk, titles, statedIn: statedRelationsReader(entityIndex, held, records) };
      });
      const prepared = { entityIndex, ready };
      this.graphPrepared = prepared;
      ready.catch(() => {
        if (this.graphPrepared === prepared) this.graphPrepared = null;
      });
    }
    return this.graphPrepared.ready;
  }

  /**
   * The summary of every stored relation, in one pass over them, and the relations themselves in
   * `listRelations` order when there are at most `heldRelationsMax`. A larger layer's relations are
   * read by neighbourhood: from their records kept beside the store (written in the same pass when
   * none are kept), or from the store itself where no file can be kept; its summary is kept too.
   */
  private async readRelations(entityIndex: EntityIndex): Promise<{ summary: RelationSummary; held: Relation[] | null; records: RelationRecords | null }> {
    const builder = new RelationSummaryBuilder(entityIndex.entityIndexById);
    // A large layer's summary is kept beside the store for the next process, while the layer is unchanged.
    const files = await this.store.derivedFiles();
    const { entityIds } = entityIndex;
    const kept = files ? decodeRelationSummary(await files.read(RELATION_SUMMARY_FILE), entityIds) : null;
    const relationCount = kept?.relationCount ?? (await this.store.counts()).relations;
    if (relationCount > this.heldRelationsMax) {
      // Records `relationsStatedIn` opened for this entity index are the same file: they are not read again.
      const opened = this.recordsOpened?.entityIndex === entityIndex ? await this.recordsOpened.records : null;
      let records = opened ?? (files ? await keptRelationRecords(files, entityIds, entityIndex.chunkIds) : null);
      const writer = records ? null : files?.createWriter?.(RELATION_RECORDS_FILE);
      if (writer) {
        const recordsWriter = new RelationRecordsWriter(writer, entityIds, entityIndex.entityIndexById, entityIndex.chunkIds, entityIndex.chunkIndexById);
        try {
          await this.store.forEachRelation((relation) => {
            if (!kept) builder.add(relation);
            recordsWriter.add(relation);
          });
        } catch (error) {
          recordsWriter.abort();
          throw error;
        }
        // A file that cannot be finished is not kept: the store is read by neighbourhood instead.
        records = await recordsWriter.finish().then(
          () => (files ? keptRelationRecords(files, entityIds, entityIndex.chunkIds) : null),
          () => null,
        );
      } else if (!kept) await this.store.forEachRelationEdge((edge) => builder.add(edge));
      if (kept) return { summary: kept.summary, held: null, records };
      const summary = builder.finish();
      // A folder it cannot write to keeps none: the next process works it out again.
      await files?.write(RELATION_SUMMARY_FILE, encodeRelationSummary({ summary, relationCount }, entityIds)).catch(() => undefined);
      return { summary, held: null, records };
    }
    const held: Relation[] = [];
    // Ends, chunks, documents and evidence sentences repeat across relations: each held once.
    const shared = sharedStrings();
    await this.store.forEachRelation((relation) => {
      builder.add(relation);
      held.push(shareRelationStrings(relation, shared));
    });
    return { summary: builder.finish(), held: sortById(held), records: null };
  }
}

/**
 * How a prepared search tells the relations read from given chunks: by its held relations, or by the chunks' lists of
 * the kept records (a chunk the entity index does not know mentions nothing, so no relation was read from it when the
 * records list every relation by chunk); null when it reads relations from the store.
 */
function statedRelationsReader(entityIndex: EntityIndex, held: Relation[] | null, records: RelationRecords | null): PreparedGraph['statedIn'] {
  if (held) return (chunkIds) => {
    const wanted = new Set(chunkIds);
    return held.filter((relation) => wanted.has(relation.chunkId));
  };
  if (records) return (chunkIds) => records.readStatedIn(chunkIds.flatMap((id) => {
    const chunkIndex = entityIndex.chunkIndexById.get(id);
    return chunkIndex === undefined ? [] : [chunkIndex];
  }));
  return () => null;
}

/**
 * The passages about the entities the given relation paths pass through or reach (their document's
 * title, or their section's heading, is the entity's name), less those already about the question's own
 * entities: ranked right after them, they give the second hop of a bridge question ("the producer of
 * X's soundtrack" → the producer's page).
 */
function passagesAboutPaths(paths: readonly RelationPath[], about: ReadonlySet<string>, titles: TitleIndex): { pages: Set<string>; sections: Set<string> } {
  const names = paths.flatMap((path) => path.entities.slice(1).flatMap((entity) => [entity.name, ...entity.aliases]));
  const { pages, sections } = passagesAboutNames(names, titles);
  return { pages: new Set(pages.filter((id) => !about.has(id))), sections: new Set(sections.filter((id) => !about.has(id))) };
}

/**
 * False when the question asks for a kind the graph holds nothing of: no node type it names, and
 * no entity the documents describe with its head noun ("which logger", "what default"). True when
 * it gives no head noun or names a type.
 */
function holdsKindAsked(index: EntityIndex, analysis: QuestionAnalysis): boolean {
  const { types, headStem } = analysis.answerType;
  if (types.size > 0 || headStem === null) return true;
  const headFirst = languagePack(analysis.language).descriptors.headFirst;
  for (let entityIndex = 0; entityIndex < index.entities.length; entityIndex++) if (describedAs(index.nounsOf(entityIndex), headStem, headFirst) === 'head') return true;
  return false;
}

/**
 * True when an entity is the corpus's background subject (the organisation or project its documents
 * are about): commonness at least `backgroundCommonness`, or named in `subjectDominance` times as many
 * passages as any other of its type.
 */
function isBackgroundSubject(index: EntityIndex, entityIndex: number | undefined, profile: RankingProfile['linking']): boolean {
  return (
    entityIndex !== undefined &&
    (entityCommonness(index, entityIndex) >= profile.backgroundCommonness || (profile.subjectDominance > 0 && dominanceInType(index, entityIndex) >= profile.subjectDominance))
  );
}
