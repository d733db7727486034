import { citeChunk } from '../answer/cite-chunk.js';
import type { Citation, Entity, Relation } from '../core/records.js';
import { COOCCURRENCE_EDGE_TYPE } from '../config/graph-schema.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import { buildEntityGraph, findEntity, otherEnd } from '../explore/entity-graph.js';
import type { GraphStore } from '../graph/store.js';
import { saysInterim } from '../text/sentence-validity.js';
import { factStatusOn, type FactStatus } from './fact-status.js';

/** What happened to a fact: it began, it ended by its own sentence, a newer fact superseded it, or it was invalidated (forgotten). */
export type HistoryEventKind = 'started' | 'ended' | 'superseded' | 'invalidated';

/** One change in an entity's history, with the fact's evidence and, for a supersession, the newer fact's. */
export interface HistoryEvent {
  date: string;
  kind: HistoryEventKind;
  relationId: string;
  type: string;
  direction: 'out' | 'in';
  other: Pick<Entity, 'id' | 'name' | 'type'>;
  evidence: string;
  citation: Citation | null;
  recordedAt: string | null;
  /** The evidence says the fact held for the time being ("interim", « par intérim »); absent otherwise. */
  interim?: true;
  /** Superseded: the fact that closed it, with its evidence and citation. */
  successor?: { relationId: string; other: Pick<Entity, 'id' | 'name' | 'type'>; evidence: string; citation: Citation | null };
  /** Started or ended on a date a later statement of the fact gave (a rescheduled start or end): that statement, with its citation. */
  restatement?: { relationId: string; evidence: string; citation: Citation | null };
  reason?: string;
}

/** An entity's facts in time: every change, oldest first, and where each fact stands today. */
export interface EntityHistory {
  entity: Pick<Entity, 'id' | 'name' | 'type'>;
  events: HistoryEvent[];
  facts: Array<{ relationId: string; type: string; other: string; status: FactStatus; validFrom: string | null; validTo: string | null; interim: boolean }>;
}

/**
 * The history of an entity (id or name): the typed facts touching it that carry a date, as events —
 * started (validFrom), ended, superseded (with the newer fact and both citations) or invalidated
 * (with the reason) — oldest first; `from`/`to` keep the events between two dates ("what changed").
 */
export async function entityHistory(store: GraphStore, idOrName: string, options: { from?: string; to?: string } = {}): Promise<EntityHistory> {
  const projection = await store.loadProjection();
  const graph = buildEntityGraph(projection);
  const entity = findEntity(graph, idOrName);
  if (!entity) throw new RhizomeError('INPUT_NOT_FOUND', `no entity is named or has the id "${idOrName}": search with a part of its name`, { details: { entity: idOrName } });
  const byId = new Map(projection.relations.map((relation) => [relation.id, relation]));
  const own = (graph.relationsOf.get(entity.id) ?? []).filter((relation) => relation.type !== COOCCURRENCE_EDGE_TYPE && (relation.validFrom || relation.validTo));
  const linked = (id: string | null | undefined) => (id && byId.has(id) ? [byId.get(id) as Relation] : []);
  const successors = own.flatMap((relation) => linked(relation.supersededBy));
  const restatements = own.flatMap((relation) => linked(relation.restatedBy));
  const chunks = new Map((await store.getChunks([...new Set([...own, ...successors, ...restatements].map((relation) => relation.chunkId))])).map((chunk) => [chunk.id, chunk]));
  // A fact of a retracted document version (history known at an earlier time) has no stored passage: it cites itself.
  const cite = (relation: Relation): Citation => {
    const chunk = chunks.get(relation.chunkId);
    return chunk ? citeChunk(chunk, { start: relation.start, end: relation.end }) : { kind: 'relation', id: relation.id, label: `${relation.type}: ${relation.evidence.slice(0, 120)}` };
  };
  const summary = (id: string) => {
    const found = graph.entities.get(id) ?? entity;
    return { id: found.id, name: found.name, type: found.type };
  };
  const events: HistoryEvent[] = [];
  for (const relation of own) {
    const base = {
      relationId: relation.id, type: relation.type, direction: relation.sourceId === entity.id ? 'out' as const : 'in' as const,
      other: summary(otherEnd(relation, entity.id)), evidence: relation.evidence, citation: cite(relation), recordedAt: relation.recordedAt ?? null,
      ...(saysInterim(relation.evidence) ? { interim: true as const } : {}),
    };
    const restatement = relation.restatedBy ? byId.get(relation.restatedBy) : undefined;
    const restatedOn = (bound: 'validFrom' | 'validTo') => (restatement && restatement[bound] === relation[bound] ? { restatement: { relationId: restatement.id, evidence: restatement.evidence, citation: cite(restatement) } } : {});
    if (relation.validFrom) events.push({ ...base, date: relation.validFrom, kind: 'started', ...restatedOn('validFrom') });
    if (!relation.validTo) continue;
    const successor = relation.supersededBy ? byId.get(relation.supersededBy) : undefined;
    if (successor) {
      const successorEnd = successor.sourceId === relation.sourceId ? successor.targetId : successor.sourceId;
      events.push({ ...base, date: relation.validTo, kind: 'superseded', successor: { relationId: successor.id, other: summary(successorEnd), evidence: successor.evidence, citation: cite(successor) }, ...(relation.invalidationReason ? { reason: relation.invalidationReason } : {}) });
    } else {
      events.push({ ...base, date: relation.validTo, kind: relation.invalidationReason ? 'invalidated' : 'ended', ...(relation.invalidationReason ? { reason: relation.invalidationReason } : restatedOn('validTo')) });
    }
  }
  const inRange = (event: HistoryEvent) => (!options.from || event.date.slice(0, options.from.length) >= options.from) && (!options.to || event.date.slice(0, options.to.length) <= options.to);
  const order = (left: HistoryEvent, right: HistoryEvent) => left.date.localeCompare(right.date) || left.relationId.localeCompare(right.relationId) || left.kind.localeCompare(right.kind);
  return {
    entity: summary(entity.id),
    events: events.filter(inRange).sort(order),
    facts: own.map((relation) => ({ relationId: relation.id, type: relation.type, other: summary(otherEnd(relation, entity.id)).name, status: factStatusOn(relation), validFrom: relation.validFrom, validTo: relation.validTo, interim: saysInterim(relation.evidence) })),
  };
}
