import type { Entity, Relation } from '../core/records.js';
import type { FactName, InvalidationTruth } from './datasets.js';
import type { HistoryListing } from './history-listing.js';
import { normalizeForCoverage } from './normalize.js';

/** One closed fact of the graph that the truth does not list (or lists as closed by another fact). */
export interface WrongInvalidation {
  relationId: string;
  closed: FactName;
  /** The fact that closed it, when a newer fact did (absent for a fact invalidated by hand). */
  closedBy?: FactName;
  reason: string | null;
}

/**
 * Invalidation checked against the truth: `precision` is the share of the facts the graph closed
 * (superseded or invalidated) that the truth lists as closed by that fact; `recall` the share of
 * the truth's closings the graph made. `wrong` names every closing the truth does not hold,
 * `missed` every truth no closing matched.
 */
export interface InvalidationScore {
  closed: number;
  correct: number;
  truths: number;
  found: number;
  /** 1 when the graph closed nothing (no wrong closing); recall then says what was missed. */
  precision: number;
  recall: number;
  wrong: WrongInvalidation[];
  missed: InvalidationTruth[];
  /** The truth's closings that the closed fact's entity history lists with both facts' evidence (see checkHistoryListing), when checked. */
  history?: HistoryListing;
}

/**
 * Scores the closed facts of a graph against a truth list. An entity answers to a truth name when
 * the normalised name equals its name or one of its aliases; a closed relation is correct when its
 * type and ends match a truth's `closed` and, for a supersession, its successor matches that
 * truth's `closedBy`. Every closed relation counts once, so a fact stated in two documents and
 * closed twice counts twice.
 */
export function scoreInvalidations(truths: readonly InvalidationTruth[], entities: readonly Entity[], relations: readonly Relation[]): InvalidationScore {
  const names = new Map(entities.map((entity) => [entity.id, new Set([entity.name, ...entity.aliases].map(normalizeForCoverage))]));
  const byId = new Map(relations.map((relation) => [relation.id, relation]));
  const matches = (relation: Relation, fact: FactName) =>
    relation.type === fact.type && Boolean(names.get(relation.sourceId)?.has(normalizeForCoverage(fact.source))) && Boolean(names.get(relation.targetId)?.has(normalizeForCoverage(fact.target)));
  const described = (relation: Relation): FactName => ({ type: relation.type, source: nameOf(entities, relation.sourceId), target: nameOf(entities, relation.targetId) });
  const closed = relations.filter((relation) => Boolean(relation.supersededBy) || Boolean(relation.invalidationReason));
  const wrong: WrongInvalidation[] = [];
  const matchedTruths = new Set<InvalidationTruth>();
  for (const relation of closed) {
    const successor = relation.supersededBy ? byId.get(relation.supersededBy) : undefined;
    const truth = truths.find((candidate) => matches(relation, candidate.closed) && (successor === undefined || matches(successor, candidate.closedBy)));
    if (truth) {
      matchedTruths.add(truth);
      continue;
    }
    wrong.push({ relationId: relation.id, closed: described(relation), ...(successor ? { closedBy: described(successor) } : {}), reason: relation.invalidationReason ?? null });
  }
  const correct = closed.length - wrong.length;
  return {
    closed: closed.length,
    correct,
    truths: truths.length,
    found: matchedTruths.size,
    precision: closed.length === 0 ? 1 : correct / closed.length,
    recall: truths.length === 0 ? 1 : matchedTruths.size / truths.length,
    wrong,
    missed: truths.filter((truth) => !matchedTruths.has(truth)),
  };
}

/** A score's figures without the facts it names (held-out sets are summaries only). */
export function invalidationFiguresOnly(score: InvalidationScore): InvalidationScore {
  return { ...score, wrong: [], missed: [], ...(score.history ? { history: { ...score.history, missed: [] } } : {}) };
}

function nameOf(entities: readonly Entity[], id: string): string {
  return entities.find((entity) => entity.id === id)?.name ?? id;
}
