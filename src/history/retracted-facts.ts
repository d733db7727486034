import { retractedFactKey, type Entity, type Relation, type RetractedFact, type RetractedFactEnd } from '../core/records.js';
import { sameRelation } from '../graph/entity-layer-diff.js';
import type { GraphProjection } from '../graph/store.js';
import { FALLBACK_NODE_TYPE } from '../config/graph-schema.js';
import { compareAtPrecision } from './time-precision.js';

/** The documents a write replaces (a new version is written) and removes. */
export interface RetractedDocuments {
  replaced: ReadonlySet<string>;
  removed: ReadonlySet<string>;
}

/**
 * The stored facts a write retracts at `retractedAt` (transaction time): every fact of a document
 * the write replaces or removes, and every other fact the new entity layer drops or changes (closed
 * by another fact, an end merged away). Each keeps the row as it was and its ends as they were named,
 * so "what did we believe on date D" stays answerable after the write.
 */
export function retractFacts(previous: GraphProjection, next: readonly Relation[], documents: RetractedDocuments, retractedAt: string): RetractedFact[] {
  const entities = new Map(previous.entities.map((entity) => [entity.id, entity]));
  const keptAs = relationFinder(next);
  const retracted: RetractedFact[] = [];
  for (const relation of previous.relations) {
    const why = documents.removed.has(relation.documentId) ? 'document-removed'
      : documents.replaced.has(relation.documentId) ? 'document-replaced'
        : isRevised(relation, keptAs(relation)) ? 'fact-revised' : null;
    if (why === null) continue;
    retracted.push({ relation, source: endOf(relation.sourceId, entities), target: endOf(relation.targetId, entities), retractedAt, why });
  }
  return retracted;
}

/**
 * The facts as they stood at transaction time `knownAt`: for each fact, the row retracted first after
 * `knownAt` when there is one (it is what was stored then), else the stored row. Facts only retracted
 * rows hold (a version's facts since dropped) come back with their ends, rebuilt from the names and types the
 * retracted row recorded when the entity layer no longer has them. Recording times are not checked here (see sliceRelations).
 */
export function factsKnownAt(projection: GraphProjection, retracted: readonly RetractedFact[], knownAt: string): GraphProjection {
  const earliest = new Map<string, RetractedFact>();
  for (const fact of retracted) {
    if (compareAtPrecision(fact.retractedAt, knownAt) <= 0) continue;
    const key = keyOf(fact.relation);
    const chosen = earliest.get(key);
    if (!chosen || fact.retractedAt < chosen.retractedAt) earliest.set(key, fact);
  }
  if (earliest.size === 0) return projection;
  const relations = [
    ...projection.relations.filter((relation) => !earliest.has(keyOf(relation))),
    ...[...earliest.values()].map((fact) => fact.relation),
  ].sort((left, right) => left.id.localeCompare(right.id));
  const known = new Set(projection.entities.map((entity) => entity.id));
  const recordedEnds = new Map<string, Entity>();
  for (const fact of earliest.values()) {
    for (const end of [fact.source, fact.target]) if (!known.has(end.id) && !recordedEnds.has(end.id)) recordedEnds.set(end.id, entityAsRecorded(end));
  }
  const entities = recordedEnds.size === 0 ? projection.entities : [...projection.entities, ...recordedEnds.values()].sort((left, right) => left.id.localeCompare(right.id));
  return { entities, relations, mentions: projection.mentions };
}

/**
 * What `remove --erase` leaves out of the history of some documents: their facts, stored or retracted,
 * and every retracted fact that quotes one of them (closed by it, its bound restated by it). Returns
 * the keys of stored retracted facts to delete and a filter for the facts the run retracts.
 */
export function eraseDocuments(documentIds: ReadonlySet<string>, current: readonly Relation[], stored: readonly RetractedFact[]): { keys: string[]; keeps: (fact: RetractedFact) => boolean } {
  const erasedFacts = new Set([...current, ...stored.map((fact) => fact.relation)].filter((relation) => documentIds.has(relation.documentId)).map((relation) => relation.id));
  const quotesErased = (relation: Relation) => documentIds.has(relation.documentId) || [relation.supersededBy, relation.restatedBy].some((id) => id !== null && id !== undefined && erasedFacts.has(id));
  return { keys: stored.filter((fact) => quotesErased(fact.relation)).map(retractedFactKey), keeps: (fact) => !quotesErased(fact.relation) };
}

/**
 * Finds the relation of `relations` with a relation's type and id (the last, as a map keyed by both
 * would): by id alone while no id is shared by two relations, so no type-and-id key is joined for
 * each of a large layer's relations.
 */
function relationFinder(relations: readonly Relation[]): (relation: Relation) => Relation | undefined {
  const byId = new Map<string, Relation>();
  for (const relation of relations) byId.set(relation.id, relation);
  if (byId.size === relations.length) {
    return (relation) => {
      const found = byId.get(relation.id);
      return found !== undefined && found.type === relation.type ? found : undefined;
    };
  }
  const byKey = new Map(relations.map((relation) => [keyOf(relation), relation]));
  return (relation) => byKey.get(keyOf(relation));
}

function isRevised(before: Relation, after: Relation | undefined): boolean {
  return after === undefined || !sameRelation(before, after);
}

function keyOf(relation: Relation): string {
  return `${relation.type}\u0000${relation.id}`;
}

function endOf(id: string, entities: ReadonlyMap<string, Entity>): RetractedFactEnd {
  const entity = entities.get(id);
  return { id, name: entity?.name ?? id, type: entity?.type ?? FALLBACK_NODE_TYPE };
}

/** An end the entity layer no longer has, as the retracted row recorded it (name and type; no aliases, no mentions). */
function entityAsRecorded(end: RetractedFactEnd): Entity {
  return { id: end.id, type: end.type, name: end.name, aliases: [], description: '', mentionCount: 0 };
}
