import type { Relation } from '../../core/records.js';
import { COOCCURRENCE_EDGE_TYPE } from '../../config/graph-schema.js';

/**
 * A fact announced for later and restated differently before that day is rescheduled: of the
 * statements of one fact (same edge type and ends) in documents of different dates, a start or an
 * end that still lay ahead when a later document was written takes the later document's date for
 * it ("manages the warehouse from 1 March", then a correction written in February: "from 18 March,
 * not 1 March"). A bound already reached when the later document was written is history and stays.
 * The rescheduled fact records the later statement (`restatedBy`), the evidence of its new bound.
 * `documentDates` maps document ids to their dates; undated documents neither reschedule nor are rescheduled.
 */
export function applyRestatedBounds(relations: Relation[], documentDates: ReadonlyMap<string, string | null>): void {
  const groups = new Map<string, Relation[]>();
  for (const relation of relations) {
    if (!documentDates.get(relation.documentId)) continue;
    // Co-occurrence links are grouped by their unordered pair: they carry no direction.
    const [first, second] = relation.type === COOCCURRENCE_EDGE_TYPE ? [relation.sourceId, relation.targetId].sort() : [relation.sourceId, relation.targetId];
    const key = `${relation.type}\u0000${first}\u0000${second}`;
    groups.set(key, [...(groups.get(key) ?? []), relation]);
  }
  for (const group of groups.values()) {
    const dated = group.map((relation) => ({ relation, written: documentDates.get(relation.documentId) as string })).sort((left, right) => left.written.localeCompare(right.written));
    const cooccurrence = group[0]?.type === COOCCURRENCE_EDGE_TYPE;
    for (const [index, earlier] of dated.entries()) {
      for (const later of dated.slice(index + 1)) {
        if (later.written <= earlier.written) continue;
        // A co-occurrence states no fact of its own: only an end the later document gives ("the contract … will end on 31 May") reschedules one.
        if (cooccurrence) {
          if (isAhead(earlier.relation.validTo, later.written) && later.relation.validTo && later.relation.validTo !== earlier.relation.validTo) restate(earlier.relation, 'validTo', later.relation);
          continue;
        }
        if (isAhead(earlier.relation.validFrom, later.written) && later.relation.validFrom && later.relation.validFrom !== earlier.relation.validFrom) restate(earlier.relation, 'validFrom', later.relation);
        if (isAhead(earlier.relation.validTo, later.written) && later.relation.validTo && later.relation.validTo !== earlier.relation.validTo) restate(earlier.relation, 'validTo', later.relation);
      }
    }
  }
}

/** Gives a fact the bound a later statement of it states, and records that statement. */
function restate(relation: Relation, bound: 'validFrom' | 'validTo', later: Relation): void {
  relation[bound] = later[bound];
  relation.restatedBy = later.id;
}

/** Whether a bound lies after a date, compared at the precision of the coarser one. */
function isAhead(bound: string | null, date: string): boolean {
  if (!bound) return false;
  const length = Math.min(bound.length, date.length);
  return bound.slice(0, length) > date.slice(0, length);
}
