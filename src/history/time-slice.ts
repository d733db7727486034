import type { Relation, RetractedFact } from '../core/records.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import type { GraphProjection } from '../graph/store.js';
import { findDates } from '../text/find-dates.js';
import { factsKnownAt } from './retracted-facts.js';
import { compareAtPrecision } from './time-precision.js';

/**
 * A view of the graph in time. `asOf` is valid time (facts true on that date); `knownAt` is
 * transaction time (facts as they were stored by then: later facts hidden, closings recorded
 * later undone, facts of document versions replaced or removed since brought back); `writtenBy`
 * hides documents dated after it, with their facts (memory episodes not yet lived).
 */
export interface TimeSlice {
  asOf?: string;
  knownAt?: string;
  writtenBy?: string;
}

const ISO_PREFIX = /^\d{4}(?:-\d{2}(?:-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?)?)?$/;

/** Reads a date given by a caller ("2024-06", "2024-06-01", "June 2024", "1er juin 2024") as an ISO prefix; QUERY_INVALID otherwise. */
export function parseTimePoint(text: string, option = 'asOf'): string {
  const trimmed = text.trim();
  if (ISO_PREFIX.test(trimmed)) return trimmed;
  const found = findDates(trimmed)[0];
  if (found) return found.iso;
  throw new RhizomeError('QUERY_INVALID', `${option} "${text}" is not a date (write 2024, 2024-06, 2024-06-01 or "June 2024")`);
}

/** Whether a fact held on a date: begun by then (or undated) and not ended before it. */
export function factHoldsOn(relation: Pick<Relation, 'validFrom' | 'validTo'>, date: string): boolean {
  const started = !relation.validFrom || compareAtPrecision(relation.validFrom, date) <= 0;
  const notEnded = !relation.validTo || compareAtPrecision(relation.validTo, date) >= 0;
  return started && notEnded;
}

/** Whether a transaction time lies after a point ("2025-03" ends with March 2025). */
function recordedAfter(time: string | null | undefined, point: string): boolean {
  return Boolean(time) && compareAtPrecision(time as string, point) > 0;
}

/** A relation as it was believed at `knownAt`: a closing recorded later is undone. */
function asBelievedAt(relation: Relation, knownAt: string): Relation {
  return recordedAfter(relation.invalidatedAt, knownAt) ? reopened(relation) : relation;
}

/** A closed relation without its closing (its stated end is not kept apart from the closing's, so it is open). */
function reopened(relation: Relation): Relation {
  const { supersededBy: _by, invalidatedAt: _at, invalidationReason: _why, ...open } = relation;
  return { ...open, validTo: null };
}

/** The relations of a time slice (see TimeSlice); `hiddenDocuments` are those `writtenBy` or `knownAt` leave out. */
export function sliceRelations(relations: Relation[], slice: TimeSlice, hiddenDocuments: ReadonlySet<string> = new Set()): Relation[] {
  const { asOf, knownAt } = slice;
  const hiddenFacts = new Set(relations.filter((relation) => hiddenDocuments.has(relation.documentId)).map((relation) => relation.id));
  return relations
    .filter((relation) => !hiddenDocuments.has(relation.documentId))
    // A fact closed by a fact of a hidden document is open in the slice: its successor is not there.
    .map((relation) => (relation.supersededBy && hiddenFacts.has(relation.supersededBy) ? reopened(relation) : relation))
    .filter((relation) => knownAt === undefined || !recordedAfter(relation.recordedAt, knownAt))
    .map((relation) => (knownAt === undefined ? relation : asBelievedAt(relation, knownAt)))
    .filter((relation) => asOf === undefined || factHoldsOn(relation, asOf));
}

/** What a time-sliced projection leaves out or brings back besides validity (see timeSlicedStore). */
export interface SliceContext {
  /** Documents out of the slice (dated after `writtenBy`, recorded after `knownAt`): their mentions go. */
  hiddenDocuments: ReadonlySet<string>;
  /** Documents whose facts go whole: those dated after `writtenBy` (with `knownAt`, facts are checked by their own recording). */
  hiddenFactDocuments: ReadonlySet<string>;
  chunkDocuments: ReadonlyMap<string, string>;
  /** Facts retracted by later writes: with `knownAt`, those still stored then take their place. */
  retracted: readonly RetractedFact[];
}

/** The projection of a time slice: its relations; entities and mentions are kept (an entity exists whether or not its facts hold). */
export function sliceProjection(projection: GraphProjection, slice: TimeSlice, context: SliceContext): GraphProjection {
  const believed = slice.knownAt === undefined ? projection : factsKnownAt(projection, context.retracted, slice.knownAt);
  return {
    entities: believed.entities,
    relations: sliceRelations(believed.relations, slice, context.hiddenFactDocuments),
    mentions: believed.mentions.filter((mention) => !context.hiddenDocuments.has(context.chunkDocuments.get(mention.chunkId) ?? '')),
  };
}

/** Documents a slice hides: dated after `writtenBy`, or recorded after `knownAt`. */
export function hiddenDocumentIds(documents: Array<{ id: string; date: string | null; recordedAt?: string }>, slice: TimeSlice): Set<string> {
  return new Set(documents.filter((document) =>
    (slice.writtenBy !== undefined && document.date !== null && compareAtPrecision(document.date, slice.writtenBy) > 0)
    || (slice.knownAt !== undefined && recordedAfter(document.recordedAt, slice.knownAt))).map((document) => document.id));
}

/** Whether a slice restricts anything. */
export function isTimeSliced(slice: TimeSlice): boolean {
  return slice.asOf !== undefined || slice.knownAt !== undefined || slice.writtenBy !== undefined;
}
