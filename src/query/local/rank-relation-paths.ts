import type { Entity, Relation } from '../../core/records.js';
import { FALLBACK_NODE_TYPE } from '../../config/graph-schema.js';
import type { RankingProfile } from '../../config/ranking-profile.js';
import type { RelationPath } from '../../core/retrieval-context.js';
import type { TemporalPreference } from '../../core/question-analysis.js';
import { entityCommonness, type GraphIndex } from '../graph-index.js';
import { describedAs } from '../../text/described-as.js';
import { TopItems } from '../../core/top-items.js';

/** What makes a path a good explanation of the question. */
export interface PathQuery {
  /** Content-word stems of the question, without the words of the entities it names. */
  questionStems: Set<string>;
  /** Evidence stems that stand for a question stem (other words of the same schema relation); none when left out. */
  relationAlternatives?: ReadonlyMap<string, string>;
  /** Edge type → the question stems a relation of that type covers whatever its evidence says; none when left out. */
  relationTypeWords?: ReadonlyMap<string, readonly string[]>;
  seeds: number[];
  /**
   * The seeds a path may end on (none by default: the question's own entities never answer it).
   * When the question names nothing, the seeds are the entities of the passages nearest to it, and
   * those beyond the nearest one may be the answer.
   */
  answerableSeeds?: ReadonlySet<number>;
  /** Node types the question asks for, with weights (empty when unknown). */
  wantedTypes: Map<string, number>;
  /** Stem of the wh-phrase's head noun ("which charity" → "charit"), matched against entity descriptors; null when none. */
  headStem: string | null;
  /** Whether the question's language puts a noun phrase's head first (French) or last (English). */
  headFirst: boolean;
  /** The question stems of its main clause when it also has a subordinate one (see `offMainClausePenalty`); none when left out. */
  mainClauseStems?: ReadonlySet<string>;
  /** Node types the question's other nouns name, met by the entities a good chain passes through; none when left out. */
  bridgeKinds?: ReadonlySet<string>;
  /** Walk relevance of each entity (personalized PageRank). */
  entityScore: (entityIndex: number) => number;
  /** Whether a relation's evidence says the `later` entity took the `earlier` one's place ("X's contract is terminated … Y appointed"); none when left out. */
  takesOver?: (evidence: string, earlier: Entity, later: Entity) => boolean;
  /** Prefer recent facts ("currently"), or facts valid at a date. */
  temporal: TemporalPreference | null;
  maxHops: number;
  /** Weights and penalties of path ranking. */
  profile: RankingProfile['paths'];
}

interface PartialPath {
  entities: number[];
  relations: number[];
  covered: ReadonlySet<string>;
}


/**
 * Beam search for the relation chains that best explain a question: paths start at the
 * question's entities, each hop is a relation with its evidence sentence, and a path scores by
 * the share of the question's words its evidence covers (idf-weighted), whether it ends on an
 * entity of the type asked for, its walk relevance and, for temporal questions, the dates of
 * its facts. Returns the best paths, best first.
 */
export async function rankRelationPaths(index: GraphIndex, query: PathQuery, limit: number): Promise<RelationPath[]> {
  const profile = query.profile;
  const idf = (stem: string) => Math.log(1 + index.evidenceCount / (1 + (index.evidenceFrequency.get(stem) ?? 0)));
  const questionMass = [...query.questionStems].reduce((sum, stem) => sum + idf(stem), 0) || 1;
  const seedSet = new Set(query.seeds);
  const specificity = (entityIndex: number) => 1 / Math.log(Math.E + index.chunksOfEntity.sizeOf(entityIndex));
  const relevance = (entityIndex: number) => query.entityScore(entityIndex) * specificity(entityIndex);
  let maxRelevance = 1e-12;
  for (let entityIndex = 0; entityIndex < index.entities.length; entityIndex += 1) if (!seedSet.has(entityIndex)) maxRelevance = Math.max(maxRelevance, relevance(entityIndex));
  // An entity mentioned by most of the corpus explains little: its cost grows as its idf shrinks.
  const commonness = (entityIndex: number) => entityCommonness(index, entityIndex);
  const isWeak = (relationIndex: number) => index.relation(relationIndex).weight < 0.5;
  const hubCost = (intermediates: readonly number[]) => intermediates.reduce((sum, entityIndex) => sum + profile.hubPenalty * commonness(entityIndex), 0);
  // A question stem met only through another word of its relation ("~" + stem) counts for part of its weight.
  const coverage = (covered: ReadonlySet<string>) =>
    [...covered].reduce((sum, stem) => (stem.startsWith('~') ? (covered.has(stem.slice(1)) ? sum : sum + profile.alternativeWordShare * idf(stem.slice(1))) : sum + idf(stem)), 0) / questionMass;

  // What a relation covers of the question, in the order it is added; worked out once per relation (many paths reach the same entity).
  const coversOfRelation = new Map<number, string[]>();
  const coversOf = (relationIndex: number): string[] => {
    let covers = coversOfRelation.get(relationIndex);
    if (covers) return covers;
    covers = [];
    for (const stem of query.relationTypeWords?.get(index.relation(relationIndex).type) ?? []) if (query.questionStems.has(stem)) covers.push(stem);
    for (const stem of index.evidenceStems(relationIndex)) {
      if (query.questionStems.has(stem)) covers.push(stem);
      else {
        const standsFor = query.relationAlternatives?.get(stem);
        if (standsFor !== undefined && query.questionStems.has(standsFor)) covers.push(`~${standsFor}`);
      }
    }
    coversOfRelation.set(relationIndex, covers);
    return covers;
  };
  // The question stems a path covers once it takes this relation too: the path's own set when the relation adds none (sets are never changed once made).
  const coveredWith = (before: ReadonlySet<string>, relationIndex: number): ReadonlySet<string> => {
    let covered: Set<string> | null = null;
    for (const stem of coversOf(relationIndex)) {
      if (before.has(stem)) continue;
      covered ??= new Set(before);
      covered.add(stem);
    }
    return covered ?? before;
  };

  // The share of the main clause's words (idf-weighted) the path's last fact states.
  const mainClause = query.mainClauseStems;
  const mainClauseMass = mainClause ? [...mainClause].reduce((sum, stem) => sum + idf(stem), 0) : 0;
  const mainClauseShare = (path: PartialPath): number => {
    const stated = new Set(coversOf(path.relations[path.relations.length - 1] as number).map((stem) => (stem.startsWith('~') ? stem.slice(1) : stem)));
    return [...stated].reduce((sum, stem) => sum + (mainClause?.has(stem) ? idf(stem) : 0), 0) / mainClauseMass;
  };
  // Among the answers one bridge reaches ("the prospect where …" → each firm named with it), those whose last fact states less of the
  // main clause than the best of them ("which contractor resumed drilling") fall back; a path never rises above its bridge's best.
  const penaliseSiblingsOffMainClause = (items: Array<{ path: PartialPath; score: number }>): void => {
    if (!mainClause || mainClauseMass === 0 || profile.offMainClausePenalty === 0) return;
    const groups = new Map<string, Array<{ item: { path: PartialPath; score: number }; share: number }>>();
    for (const item of items) {
      const end = item.path.entities[item.path.entities.length - 1] as number;
      // Only answers of a kind asked compete, each with those of its own type: a sibling of another kind sets no bar.
      if (item.path.relations.length < 2 || typeBonus(index, end, query) <= 0) continue;
      const key = `${item.path.entities[item.path.entities.length - 2]}:${index.entityType(end) ?? ''}`;
      const group = groups.get(key) ?? [];
      group.push({ item, share: mainClauseShare(item.path) });
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      const best = Math.max(...group.map((entry) => entry.share));
      for (const entry of group) entry.item.score -= profile.offMainClausePenalty * (best - entry.share);
    }
  };

  let beam: PartialPath[] = [...seedSet].map((seed) => ({ entities: [seed], relations: [], covered: new Set<string>() }));
  const finished: Array<{ path: PartialPath; score: number }> = [];
  for (let hop = 1; hop <= query.maxHops && beam.length > 0; hop += 1) {
    // Paths are made only for the expansions the beam keeps; a path's hub cost and weak hops are counted once for all its expansions.
    // The beam keeps the best expansions as they come: a path ending on a hub expands over each of its neighbours, hundreds of thousands on a large corpus.
    const expanded = new TopItems<{ parent: PartialPath; other: number; relation: number; covered: ReadonlySet<string>; score: number }>(profile.beamWidth, (left, right) => right.score - left.score);
    await index.loadRelationsOf(beam.map((path) => path.entities[path.entities.length - 1] as number));
    for (const path of beam) {
      const last = path.entities[path.entities.length - 1] as number;
      const byNeighbour = new Map<number, Array<{ relation: number; gain: number; covered: ReadonlySet<string> }>>();
      let unchangedGain: number | null = null;
      for (const relationIndex of index.relationsOfEntity(last)) {
        const source = index.relationSource(relationIndex);
        const other = source === last ? index.relationTarget(relationIndex) : source;
        if (path.entities.includes(other)) continue;
        const covered = coveredWith(path.covered, relationIndex);
        const options = byNeighbour.get(other) ?? [];
        const gain = covered === path.covered ? (unchangedGain ??= coverage(covered)) : coverage(covered);
        options.push({ relation: relationIndex, gain, covered });
        byNeighbour.set(other, options);
      }
      // The intermediate entities of every expansion are this path's entities after its first.
      const expansionHubCost = hubCost(path.entities.slice(1));
      const pathWeakHops = path.relations.filter(isWeak).length;
      for (const [other, options] of byNeighbour) {
        options.sort((left, right) => right.gain - left.gain || typedFirst(index.relation(left.relation), index.relation(right.relation)));
        for (const option of options.slice(0, profile.relationsPerNeighbour)) {
          const weakHops = pathWeakHops + (isWeak(option.relation) ? 1 : 0);
          expanded.offer({ parent: path, other, relation: option.relation, covered: option.covered, score: option.gain - profile.lengthPenalty * hop - profile.weakHopPenalty * weakHops - expansionHubCost + profile.stepRelevance * (relevance(other) / maxRelevance) });
        }
      }
    }
    const kept = expanded.items.map((item) => ({ path: { entities: [...item.parent.entities, item.other], relations: [...item.parent.relations, item.relation], covered: item.covered }, score: item.score }));
    beam = kept.map((item) => item.path);
    for (const item of kept) {
      const end = item.path.entities[item.path.entities.length - 1] as number;
      if (seedSet.has(end) && query.answerableSeeds?.has(end) !== true) continue;
      finished.push({ path: item.path, score: item.score + typeBonus(index, end, query) + bridgeBonus(index, item.path, query) + profile.endRelevance * (relevance(end) / maxRelevance) - profile.endHubPenalty * commonness(end) });
    }
  }
  penaliseSiblingsOffMainClause(finished);
  await addTemporalBonus(index, finished, query, profile, (path, relationIndex) => coverage(coveredWith(path.covered, relationIndex)) - coverage(path.covered));
  finished.sort((left, right) => right.score - left.score);
  const seen = new Set<string>();
  const result: RelationPath[] = [];
  for (const { path, score } of finished) {
    const key = path.relations.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({
      entities: path.entities.map((entityIndex) => index.entities.at(entityIndex)).filter((entity) => entity !== undefined),
      relations: path.relations.map((relationIndex) => index.relation(relationIndex)),
      score,
    });
    if (result.length >= limit) break;
  }
  return result;
}


/**
 * Paths must end on what the question asks for: a bonus when the documents describe the entity
 * with the question's head noun (as a phrase's head, not a modifier) or its type is the type asked, a penalty otherwise (smaller when
 * its type is unknown).
 */
function typeBonus(index: GraphIndex, entityIndex: number, query: PathQuery): number {
  if (query.headStem && describedAs(index.nounsOf(entityIndex), query.headStem, query.headFirst) === 'head') return query.profile.typeMatchBonus;
  if (query.wantedTypes.size === 0) return 0;
  const type = index.entityType(entityIndex) ?? '';
  const weight = query.wantedTypes.get(type) ?? 0;
  if (weight > 0) return query.profile.typeMatchBonus * weight;
  return type === FALLBACK_NODE_TYPE ? -query.profile.unknownTypePenalty : -query.profile.typeMismatchPenalty;
}

/**
 * A chain that passes through the kinds of entity the question names on the way ("the
 * programme", "the site") explains it better: a bonus for the share of those kinds that the
 * path's intermediate entities are of.
 */
function bridgeBonus(index: GraphIndex, path: PartialPath, query: PathQuery): number {
  const kinds = query.bridgeKinds;
  if (!kinds || kinds.size === 0 || path.entities.length < 3) return 0;
  const met = new Set(path.entities.slice(1, -1).map((entityIndex) => index.entityType(entityIndex) ?? '').filter((type) => kinds.has(type)));
  return query.profile.bridgeKindBonus * (met.size / kinds.size);
}

/**
 * Temporal questions, among paths about as good as the best: "currently" favours those whose
 * last fact is the most recent of those reaching their end from the same entity and penalises facts that ended, and a path whose last fact ended
 * hands its place to the successor (below), as does a path whose last entity another took over from
 * (`takeOverPath`); a date favours facts valid at that date.
 */
async function addTemporalBonus(
  index: GraphIndex,
  finished: Array<{ path: PartialPath; score: number }>,
  query: PathQuery,
  profile: RankingProfile['paths'],
  gainOf: (path: PartialPath, relationIndex: number) => number,
): Promise<void> {
  const temporal = query.temporal;
  if (!temporal) return;
  const lastFact = (path: PartialPath) => pairValidity(index, path);
  const latestKnown = index.relationSummary.latestStart;
  const best = Math.max(...finished.map((item) => item.score));
  const contenders = finished.filter((item) => item.score >= best - profile.temporalWindow);
  // The facts of a path's last pair, and what took over from its last entity, are among that entity's relations.
  await index.loadRelationsOf(contenders.map((item) => item.path.entities[item.path.entities.length - 1] as number));
  // "Currently" compares the facts of one slot: the paths that reach their last entity from the same one ("X is led by A", "X is led by B").
  const latestFrom = new Map<number, string>();
  for (const item of contenders) {
    const date = lastFact(item.path)?.validFrom;
    const from = item.path.entities[item.path.entities.length - 2] as number;
    if (date && date > (latestFrom.get(from) ?? '')) latestFrom.set(from, date);
  }
  if (temporal.prefer === 'at' && temporal.anchor === true) {
    // The date is the starting event's ("the tram that derailed in August 2024"): the fact that names the event, the path's first, is dated by it.
    for (const item of contenders) if (statedIn(index.relation(item.path.relations[0] as number), temporal.date)) item.score += profile.temporalBonus;
    return;
  }
  for (const item of contenders) {
    const takenOver = temporal.prefer === 'latest' && query.takesOver ? takeOverPath(index, item.path, query.takesOver) : null;
    if (takenOver) {
      // The successor's fact may answer more of the question ("… appointed to build the second pair").
      const gain = gainOf(item.path, takenOver.relations[takenOver.relations.length - 1] as number);
      finished.push({ path: takenOver, score: item.score + gain + profile.temporalBonus });
      item.score -= profile.temporalBonus;
      continue;
    }
    const stated = lastFact(item.path);
    if (!stated || (!stated.validFrom && !stated.validTo)) continue;
    if (temporal.prefer === 'latest') {
      // "Currently" is as of the latest the documents know: an end still ahead then is a plan ("retained for two years"), not an ending.
      const fact = endsAfter(stated.validTo, latestKnown) ? { ...stated, validTo: null } : stated;
      if (fact.validTo) {
        const successor = await successorPath(index, item.path, fact.validTo, latestKnown);
        if (successor) finished.push({ path: successor, score: item.score + profile.temporalBonus });
        item.score -= profile.temporalBonus;
      } else if (fact.validFrom === latestFrom.get(item.path.entities[item.path.entities.length - 2] as number)) item.score += profile.temporalBonus;
    } else {
      const fact = stated;
      // ISO prefixes compare as text; a month ("2024-03") holds the days that start with it.
      const started = !fact.validFrom || fact.validFrom.slice(0, temporal.date.length) <= temporal.date;
      const notEnded = !fact.validTo || fact.validTo.slice(0, temporal.date.length) >= temporal.date;
      item.score += started && notEnded ? profile.temporalBonus : -profile.temporalBonus / 2;
    }
  }
}

/** True when an end is later than a date, compared at the coarser of their two precisions ("2026-05-31" is after "2024"; "2024-06" is not after "2024"). */
function endsAfter(end: string | null | undefined, date: string): boolean {
  if (!end || date === '') return false;
  const length = Math.min(end.length, date.length);
  return end.slice(0, length) > date.slice(0, length);
}

/** True when a relation's fact starts in the month a date names (in the year, for a bare year): a report written days after the event still dates it. */
function statedIn(relation: Relation | undefined, date: string): boolean {
  const start = relation?.validFrom;
  if (!start) return false;
  const length = Math.min(date.length, MONTH_PREFIX);
  return start.slice(0, length) === date.slice(0, length);
}

/** Length of "2024-03": dates compare by month at most. */
const MONTH_PREFIX = 7;

/**
 * The fact that took over when a path's last fact ended: from the same entity before the end, an
 * entity of the same type whose pair with it starts on or after that end and has not ended by the
 * latest the documents know ("X retires on 31 March" → "Y takes up the post on 1 April"), the
 * earliest such start first.
 */
async function successorPath(index: GraphIndex, path: PartialPath, endedOn: string, latestKnown: string): Promise<PartialPath | null> {
  const anchor = path.entities[path.entities.length - 2] as number;
  const ended = path.entities[path.entities.length - 1] as number;
  const type = index.entityType(ended);
  const candidates: Array<{ other: number; relationIndex: number }> = [];
  for (const relationIndex of index.relationsOfEntity(anchor)) {
    const source = index.relationSource(relationIndex);
    const other = source === anchor ? index.relationTarget(relationIndex) : source;
    // Of the same type, or of none the text made out (a successor named once, "… sera assuré par Dorvane").
    const otherType = index.entityType(other);
    if (other === ended || path.entities.includes(other) || (otherType !== type && otherType !== FALLBACK_NODE_TYPE)) continue;
    candidates.push({ other, relationIndex });
  }
  // A candidate pair's validity is read from every relation between the two.
  await index.loadRelationsOf(candidates.map((candidate) => candidate.other));
  let best: { path: PartialPath; start: string } | null = null;
  for (const { other, relationIndex } of candidates) {
    const candidate: PartialPath = { entities: [...path.entities.slice(0, -1), other], relations: [...path.relations.slice(0, -1), relationIndex], covered: path.covered };
    const validity = pairValidity(index, candidate);
    if (!validity?.validFrom || (validity.validTo && !endsAfter(validity.validTo, latestKnown)) || validity.validFrom < endedOn.slice(0, validity.validFrom.length)) continue;
    if (!best || validity.validFrom < best.start) best = { path: candidate, start: validity.validFrom };
  }
  return best?.path ?? null;
}

/**
 * The path carried one entity further when its last entity was replaced: a relation from it to
 * an entity of the same type whose evidence says that one took its place ("X's contract is
 * terminated … Y has been appointed to complete them"); the first such, by relation order.
 */
function takeOverPath(index: GraphIndex, path: PartialPath, takesOver: NonNullable<PathQuery['takesOver']>): PartialPath | null {
  const replaced = path.entities[path.entities.length - 1] as number;
  const entity = index.entities.at(replaced) as Entity;
  for (const relationIndex of index.relationsOfEntity(replaced)) {
    const source = index.relationSource(relationIndex);
    const other = source === replaced ? index.relationTarget(relationIndex) : source;
    if (path.entities.includes(other) || index.entityType(other) !== entity.type) continue;
    if (takesOver(index.relation(relationIndex).evidence, entity, index.entities.at(other) as Entity)) return { entities: [...path.entities, other], relations: [...path.relations, relationIndex], covered: path.covered };
  }
  return null;
}

/**
 * When the path's last pair of entities holds, read from every relation between them: from the
 * latest start any says, to the latest end said after that start ("took the post in 2019 … will
 * retire on 31 March" ends the pair; a later "takes over on 1 April" elsewhere starts another).
 */
function pairValidity(index: GraphIndex, path: PartialPath): { validFrom: string | null; validTo: string | null } | undefined {
  const lastRelation = path.relations[path.relations.length - 1];
  if (lastRelation === undefined) return undefined;
  const last = index.relation(lastRelation);
  const between = index
    .relationsOfEntity(path.entities[path.entities.length - 1] as number)
    .map((relationIndex) => index.relation(relationIndex))
    .filter((relation) => (relation.sourceId === last.sourceId && relation.targetId === last.targetId) || (relation.sourceId === last.targetId && relation.targetId === last.sourceId));
  const starts = between.map((relation) => relation.validFrom).filter((date): date is string => Boolean(date)).sort();
  const ends = between.map((relation) => relation.validTo).filter((date): date is string => Boolean(date)).sort();
  const validTo = ends[ends.length - 1] ?? null;
  const validFrom = starts.filter((date) => validTo === null || date <= validTo).pop() ?? starts[starts.length - 1] ?? null;
  return { validFrom, validTo: validTo !== null && starts.some((date) => date > validTo) ? null : validTo };
}

function typedFirst(left: Relation | undefined, right: Relation | undefined): number {
  const rank = (relation: Relation | undefined) => (relation && relation.type !== 'RELATED_TO' ? 0 : 1);
  return rank(left) - rank(right);
}
