import { normaliseName } from '../core/normalise.js';
import type { Entity, Relation } from '../core/records.js';
import type { EntityMentionLayer, GraphProjection } from '../graph/store.js';
import { isCommonWord } from '../text/words.js';
import { contentStems } from '../text/content-stems.js';
import { blankNames } from '../text/blank-names.js';
import { readEntityNouns, type EntityNouns } from '../text/described-as.js';
import { summariseRelations, type RelationSummary } from './relation-summary.js';
import { readFromList, RelationNeighbourhoods } from './relation-neighbourhoods.js';
import { ArrayList, ArrayLists, positionsOf, type EntityList, type IndexLists, type KeyedCounts, type KeyedIndexes, type Positions, type StringList } from './index-lookups.js';

/** The entities and mentions prepared for linking a question: alias lookup and chunk links. */
export interface EntityIndex {
  entities: EntityList;
  /** The entities' ids, in entity order (one list, so what is keyed by them is keyed once). */
  entityIds: StringList;
  entityIndexById: Positions;
  /** Normalised name or alias → entity indexes. */
  aliasIndex: KeyedIndexes;
  /** Longest alias length in words, to bound n-gram lookups. */
  longestAliasWords: number;
  chunkIds: string[];
  chunkIndexById: Positions;
  /** Per entity, the chunks mentioning it (chunk indexes). */
  chunksOfEntity: IndexLists;
  /** Per chunk, the entities it mentions (entity indexes). */
  entitiesOfChunk: IndexLists;
  /** An entity's type, without making the entity (undefined outside the entities). */
  entityType(entityIndex: number): string | undefined;
  /** An entity's stems of the phrases its documents describe it with ("cabinet", "grant-giving charity") and of its name, worked out on first use. */
  nounsOf(entityIndex: number): EntityNouns;
  /** Significant word of a name → entities whose name or alias holds it ("brackley" → Brackley Insurance). */
  nameWordIndex: KeyedIndexes;
}

/**
 * The entity layer prepared for retrieval: the entity index, a summary of every relation (walk
 * edges, evidence idf), and the relations of the entities a search reaches, read by neighbourhood.
 */
export interface GraphIndex extends EntityIndex {
  /** The summary of the whole relation layer (see RelationSummary). */
  readonly relationSummary: RelationSummary;
  /** Reads the relations of these entities, where not read before: call it before reading them below. */
  loadRelationsOf(entityIndexes: Iterable<number>): Promise<void>;
  /** The relations of an entity read by `loadRelationsOf` (relation indexes, in `listRelations` order). */
  relationsOfEntity(entityIndex: number): readonly number[];
  /** A relation read, by relation index. */
  relation(relationIndex: number): Relation;
  /** The entity index of a relation's source and of its target. */
  relationSource(relationIndex: number): number;
  relationTarget(relationIndex: number): number;
  /** A relation's content-word stems of its evidence sentence, less the words of other entities' names there (see `otherNamesInEvidence`); worked out on first use. */
  evidenceStems: (relationIndex: number) => ReadonlySet<string>;
  /** Stem → number of distinct evidence sentences holding it (for idf weights), and that number of sentences (from the summary). */
  readonly evidenceFrequency: KeyedCounts;
  readonly evidenceCount: number;
}

/**
 * How much of the corpus mentions an entity, 1 − its idf share over chunks: 0 for a name in one
 * chunk, 1 for one in every chunk (the subject most of the corpus is about).
 */
export function entityCommonness(index: EntityIndex, entityIndex: number): number {
  const chunkCount = Math.max(2, index.chunkIds.length);
  return 1 - Math.log(chunkCount / Math.max(1, index.chunksOfEntity.sizeOf(entityIndex))) / Math.log(chunkCount);
}

/** How many times more chunks mention the entity than any other entity of its type (than one chunk when it is the only one of its type). */
export function dominanceInType(index: EntityIndex, entityIndex: number): number {
  const type = index.entityType(entityIndex);
  if (type === undefined) return 0;
  const leaders = leadersOfType(index).get(type);
  const runnerUp = leaders === undefined ? 0 : leaders.first === entityIndex ? leaders.secondCount : leaders.firstCount;
  return index.chunksOfEntity.sizeOf(entityIndex) / Math.max(1, runnerUp);
}

/** Per node type, the entity most chunks mention (the first by index among equals), its chunk count and the next count (0 when alone). */
interface TypeLeaders {
  first: number;
  firstCount: number;
  secondCount: number;
}

/** Worked out once per entity list (an entity index and the graph index over it share theirs): one pass over the entities. */
const leadersByEntities = new WeakMap<EntityList, ReadonlyMap<string, TypeLeaders>>();

function leadersOfType(index: EntityIndex): ReadonlyMap<string, TypeLeaders> {
  let leaders = leadersByEntities.get(index.entities);
  if (!leaders) {
    const byType = new Map<string, TypeLeaders>();
    for (let entityIndex = 0; entityIndex < index.entities.length; entityIndex++) {
      const type = index.entityType(entityIndex) as string;
      const count = index.chunksOfEntity.sizeOf(entityIndex);
      const current = byType.get(type);
      if (!current) byType.set(type, { first: entityIndex, firstCount: count, secondCount: 0 });
      else if (count > current.firstCount) byType.set(type, { first: entityIndex, firstCount: count, secondCount: current.firstCount });
      else if (count > current.secondCount) current.secondCount = count;
    }
    leaders = byType;
    leadersByEntities.set(index.entities, leaders);
  }
  return leaders;
}

/** Builds the retrieval index from a projection held in memory (its relations in `listRelations` order). */
export function buildGraphIndex(projection: GraphProjection): GraphIndex {
  const index = buildEntityIndex(projection);
  return addRelations(index, summariseRelations(projection.relations, index.entityIndexById), readFromList(projection.relations));
}

/** Builds the linking index from the entities and mentions read from the store. */
export function buildEntityIndex(layer: EntityMentionLayer): EntityIndex {
  const entities = layer.entities;
  const entityIds = entities.map((entity) => entity.id);
  const entityIndexById = positionsOf(entityIds);
  const aliasIndex = new Map<string, number[]>();
  let longestAliasWords = 1;
  entities.forEach((entity, index) => {
    for (const name of new Set([entity.name, ...entity.aliases].map(normaliseName))) {
      if (!name) continue;
      const list = aliasIndex.get(name) ?? [];
      list.push(index);
      aliasIndex.set(name, list);
      longestAliasWords = Math.max(longestAliasWords, name.split(' ').length);
    }
  });
  const chunkIds = [...new Set(layer.mentions.map((mention) => mention.chunkId))].sort();
  const chunkIndexById = positionsOf(chunkIds);
  const chunksOfEntity: number[][] = entities.map(() => []);
  const entitiesOfChunk: number[][] = chunkIds.map(() => []);
  for (const mention of layer.mentions) {
    const entityIndex = entityIndexById.get(mention.entityId);
    const chunkIndex = chunkIndexById.get(mention.chunkId);
    if (entityIndex === undefined || chunkIndex === undefined) continue;
    chunksOfEntity[entityIndex]?.push(chunkIndex);
    entitiesOfChunk[chunkIndex]?.push(entityIndex);
  }
  const nameWordIndex = new Map<string, number[]>();
  entities.forEach((entity, index) => {
    const words = new Set([entity.name, ...entity.aliases].flatMap((name) => normaliseName(name).split(' ')));
    for (const word of words) {
      if (word.length < 3 || isCommonWord(word)) continue;
      const list = nameWordIndex.get(word) ?? [];
      list.push(index);
      nameWordIndex.set(word, list);
    }
  });
  return assembleEntityIndex({
    entities: new ArrayList(entities),
    entityIds: new ArrayList(entityIds),
    entityIndexById,
    aliasIndex,
    longestAliasWords,
    chunkIds,
    chunkIndexById,
    chunksOfEntity: new ArrayLists(chunksOfEntity),
    entitiesOfChunk: new ArrayLists(entitiesOfChunk),
    nameWordIndex,
  });
}

/** The entity index of these parts, each entity's nouns worked out on first use (and its type read from the entity unless the parts read it otherwise). */
export function assembleEntityIndex(parts: Omit<EntityIndex, 'nounsOf' | 'entityType'> & Partial<Pick<EntityIndex, 'entityType'>>): EntityIndex {
  const nouns: Array<EntityNouns | undefined> = [];
  return {
    entityType: (entityIndex) => parts.entities.at(entityIndex)?.type,
    ...parts,
    nounsOf: (entityIndex) => (nouns[entityIndex] ??= readEntityNouns(parts.entities.at(entityIndex) as Entity)),
  };
}

/**
 * The graph index of an entity index, the summary of the layer's relations and where to read the
 * relations of given entities from (`listRelations` order); the entity index is shared, not copied.
 */
export function addRelations(index: EntityIndex, relationSummary: RelationSummary, readRelationsOf: (entities: Entity[]) => Promise<Relation[]>): GraphIndex {
  const { entities, entitiesOfChunk, chunkIndexById } = index;
  const neighbourhoods = new RelationNeighbourhoods(entities, index.entityIndexById, readRelationsOf);
  const stemsOfRelation = new Map<number, ReadonlySet<string>>();
  const namesInEvidence = new NamesInEvidence(entities);
  const evidenceStems = (relationIndex: number): ReadonlySet<string> => {
    let stems = stemsOfRelation.get(relationIndex);
    if (stems) return stems;
    const relation = neighbourhoods.relation(relationIndex);
    const others = namesInEvidence.others(relation, entitiesOfChunk.get(chunkIndexById.get(relation.chunkId) ?? -1));
    stems = new Set(contentStems(others.length === 0 ? relation.evidence : blankNames(relation.evidence, others)));
    stemsOfRelation.set(relationIndex, stems);
    return stems;
  };
  const relationPart = {
    relationSummary,
    loadRelationsOf: (entityIndexes: Iterable<number>) => neighbourhoods.load(entityIndexes),
    relationsOfEntity: (entityIndex: number) => neighbourhoods.of(entityIndex),
    relation: (relationIndex: number) => neighbourhoods.relation(relationIndex),
    relationSource: (relationIndex: number) => neighbourhoods.source(relationIndex),
    relationTarget: (relationIndex: number) => neighbourhoods.target(relationIndex),
    evidenceStems,
    evidenceFrequency: relationSummary.evidenceFrequency,
    evidenceCount: relationSummary.evidenceCount,
  };
  return { ...index, ...relationPart };
}

/** How many evidence sentences `NamesInEvidence` remembers the names of before it starts again: a memory bound, not a tuning. */
const REMEMBERED_SENTENCES = 100_000;

/**
 * The names of entities other than a relation's two ends that its evidence sentence writes out
 * ("… a day at Vorrin Systems' site in Corvelle" for a relation between the Authority and
 * Corvelle): their words are about those entities, so they do not tell what the relation covers.
 * The relations of one sentence share it: the names its passage's entities write there are found
 * once per sentence (each entity's names lower-cased once), then each relation leaves out its own ends'.
 */
class NamesInEvidence {
  private readonly lowerNames: Array<Array<{ name: string; lower: string }> | undefined> = [];
  private readonly bySentence = new Map<string, Array<{ id: string; names: string[] }>>();

  constructor(private readonly entities: EntityList) {}

  others(relation: Relation, chunkEntities: readonly number[]): string[] {
    const names: string[] = [];
    for (const written of this.writtenIn(relation, chunkEntities)) {
      if (written.id !== relation.sourceId && written.id !== relation.targetId) names.push(...written.names);
    }
    return names;
  }

  /** The entities of the passage whose names the relation's evidence writes, in the passage's order, with those names. */
  private writtenIn(relation: Relation, chunkEntities: readonly number[]): Array<{ id: string; names: string[] }> {
    const key = `${relation.chunkId}\u0000${relation.evidence}`;
    let written = this.bySentence.get(key);
    if (written) return written;
    const evidence = relation.evidence.toLowerCase();
    written = [];
    for (const entityIndex of chunkEntities) {
      const names = this.namesOf(entityIndex).filter((name) => evidence.includes(name.lower)).map((name) => name.name);
      if (names.length > 0) written.push({ id: (this.entities.at(entityIndex) as Entity).id, names });
    }
    if (this.bySentence.size >= REMEMBERED_SENTENCES) this.bySentence.clear();
    this.bySentence.set(key, written);
    return written;
  }

  private namesOf(entityIndex: number): Array<{ name: string; lower: string }> {
    let names = this.lowerNames[entityIndex];
    if (!names) {
      const entity = this.entities.at(entityIndex) as Entity;
      names = [entity.name, ...entity.aliases].filter((name) => name.length > 1).map((name) => ({ name, lower: name.toLowerCase() }));
      this.lowerNames[entityIndex] = names;
    }
    return names;
  }
}
