import type { Relation } from '../../core/records.js';
import { FALLBACK_NODE_TYPE } from '../../config/graph-schema.js';
import type { RankingProfile } from '../../config/ranking-profile.js';
import type { RelationPath } from '../../core/retrieval-context.js';
import type { GraphIndex } from '../graph-index.js';

/** What makes a path a good explanation of the question. */
export interface PathQuery {
  /** Content-word stems of the question, without the words of the entities it names. */
  questionStems: Set<string>;
  seeds: number[];
  /** Node types the question asks for, with weights (empty when unknown). */
  wantedTypes: Map<string, number>;
  /** Stem of the wh-phrase's head noun ("which charity" → "charit"), matched against entity descriptors; null when none. */
  headStem: string | null;
  /** Walk relevance of each entity (personalized PageRank). */
  entityScore: (entityIndex: number) => number;
  /** Prefer recent facts ("currently"), or facts valid at a date. */
  temporal: { prefer: 'latest' } | { prefer: 'at'; date: string } | null;
  maxHops: number;
  /** Weights and penalties of path ranking. */
  profile: RankingProfile['paths'];
}

interface PartialPath {
  entities: number[];
  relations: number[];
  covered: Set<string>;
}


/**
 * Beam search for the relation chains that best explain a question: paths start at the
 * question's entities, each hop is a relation with its evidence sentence, and a path scores by
 * the share of the question's words its evidence covers (idf-weighted), whether it ends on an
 * entity of the type asked for, its walk relevance and, for temporal questions, the dates of
 * its facts. Returns the best paths, best first.
 */
export function rankRelationPaths(index: GraphIndex, query: PathQuery, limit: number): RelationPath[] {
  const profile = query.profile;
  const idf = (stem: string) => Math.log(1 + index.evidenceCount / (1 + (index.evidenceFrequency.get(stem) ?? 0)));
  const questionMass = [...query.questionStems].reduce((sum, stem) => sum + idf(stem), 0) || 1;
  const seedSet = new Set(query.seeds);
  const specificity = (entityIndex: number) => 1 / Math.log(Math.E + (index.chunksOfEntity[entityIndex]?.length ?? 0));
  const relevance = (entityIndex: number) => query.entityScore(entityIndex) * specificity(entityIndex);
  const maxRelevance = Math.max(1e-12, ...index.entities.map((_, entityIndex) => (seedSet.has(entityIndex) ? 0 : relevance(entityIndex))));
  const chunkCount = Math.max(2, index.chunkIds.length);
  // An entity mentioned by most of the corpus explains little: its cost grows as its idf shrinks.
  const commonness = (entityIndex: number) => 1 - Math.log(chunkCount / Math.max(1, index.chunksOfEntity[entityIndex]?.length ?? 0)) / Math.log(chunkCount);
  const hubCost = (path: PartialPath) => path.entities.slice(1, -1).reduce((sum, entityIndex) => sum + profile.hubPenalty * commonness(entityIndex), 0);
  const coverage = (covered: Set<string>) => [...covered].reduce((sum, stem) => sum + idf(stem), 0) / questionMass;

  let beam: PartialPath[] = [...seedSet].map((seed) => ({ entities: [seed], relations: [], covered: new Set<string>() }));
  const finished: Array<{ path: PartialPath; score: number }> = [];
  for (let hop = 1; hop <= query.maxHops && beam.length > 0; hop += 1) {
    const expanded: Array<{ path: PartialPath; score: number }> = [];
    for (const path of beam) {
      const last = path.entities[path.entities.length - 1] as number;
      const byNeighbour = new Map<number, Array<{ relation: number; gain: number; covered: Set<string> }>>();
      for (const relationIndex of index.relationsOfEntity[last] ?? []) {
        const relation = index.relations[relationIndex] as Relation;
        const other = index.entityIndexById.get(relation.sourceId === index.entities[last]?.id ? relation.targetId : relation.sourceId);
        if (other === undefined || path.entities.includes(other)) continue;
        const covered = new Set(path.covered);
        for (const stem of index.evidenceStems[relationIndex] ?? []) if (query.questionStems.has(stem)) covered.add(stem);
        const options = byNeighbour.get(other) ?? [];
        options.push({ relation: relationIndex, gain: coverage(covered), covered });
        byNeighbour.set(other, options);
      }
      for (const [other, options] of byNeighbour) {
        options.sort((left, right) => right.gain - left.gain || typedFirst(index.relations[left.relation], index.relations[right.relation]));
        for (const option of options.slice(0, profile.relationsPerNeighbour)) {
          const next: PartialPath = { entities: [...path.entities, other], relations: [...path.relations, option.relation], covered: option.covered };
          const weakHops = next.relations.filter((relationIndex) => (index.relations[relationIndex]?.weight ?? 1) < 0.5).length;
          expanded.push({ path: next, score: option.gain - profile.lengthPenalty * hop - profile.weakHopPenalty * weakHops - hubCost(next) + profile.stepRelevance * (relevance(other) / maxRelevance) });
        }
      }
    }
    expanded.sort((left, right) => right.score - left.score);
    beam = expanded.slice(0, profile.beamWidth).map((item) => item.path);
    for (const item of expanded.slice(0, profile.beamWidth)) {
      const end = item.path.entities[item.path.entities.length - 1] as number;
      if (seedSet.has(end)) continue;
      finished.push({ path: item.path, score: item.score + typeBonus(index, end, query) + profile.endRelevance * (relevance(end) / maxRelevance) - profile.endHubPenalty * commonness(end) });
    }
  }
  addTemporalBonus(index, finished, query.temporal, profile);
  finished.sort((left, right) => right.score - left.score);
  const seen = new Set<string>();
  const result: RelationPath[] = [];
  for (const { path, score } of finished) {
    const key = path.relations.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({
      entities: path.entities.map((entityIndex) => index.entities[entityIndex]).filter((entity) => entity !== undefined),
      relations: path.relations.map((relationIndex) => index.relations[relationIndex] as Relation),
      score,
    });
    if (result.length >= limit) break;
  }
  return result;
}


/**
 * Paths must end on what the question asks for: a bonus when the documents describe the entity
 * with the question's head noun or its type is the type asked, a penalty otherwise (smaller when
 * its type is unknown).
 */
function typeBonus(index: GraphIndex, entityIndex: number, query: PathQuery): number {
  if (query.headStem && index.descriptorStems[entityIndex]?.has(query.headStem)) return query.profile.typeMatchBonus;
  if (query.wantedTypes.size === 0) return 0;
  const type = index.entities[entityIndex]?.type ?? '';
  const weight = query.wantedTypes.get(type) ?? 0;
  if (weight > 0) return query.profile.typeMatchBonus * weight;
  return type === FALLBACK_NODE_TYPE ? -query.profile.unknownTypePenalty : -query.profile.typeMismatchPenalty;
}

/**
 * Temporal questions, among paths about as good as the best: "currently" favours those whose
 * last fact is the most recent (and penalises facts closed by a later one); a date favours
 * facts valid at that date.
 */
function addTemporalBonus(index: GraphIndex, finished: Array<{ path: PartialPath; score: number }>, temporal: PathQuery['temporal'], profile: RankingProfile['paths']): void {
  if (!temporal) return;
  const lastFact = (path: PartialPath) => index.relations[path.relations[path.relations.length - 1] as number];
  const best = Math.max(...finished.map((item) => item.score));
  const contenders = finished.filter((item) => item.score >= best - profile.temporalWindow);
  const dates = contenders.map((item) => lastFact(item.path)?.validFrom).filter((date): date is string => Boolean(date)).sort();
  const latest = dates[dates.length - 1];
  for (const item of contenders) {
    const fact = lastFact(item.path);
    if (!fact?.validFrom) continue;
    if (temporal.prefer === 'latest') {
      if (fact.validTo) item.score -= profile.temporalBonus;
      else if (fact.validFrom === latest) item.score += profile.temporalBonus;
    } else {
      const validAt = fact.validFrom <= temporal.date && (!fact.validTo || fact.validTo > temporal.date);
      item.score += validAt ? profile.temporalBonus : -profile.temporalBonus / 2;
    }
  }
}

function typedFirst(left: Relation | undefined, right: Relation | undefined): number {
  const rank = (relation: Relation | undefined) => (relation && relation.type !== 'RELATED_TO' ? 0 : 1);
  return rank(left) - rank(right);
}
