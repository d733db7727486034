import type { Relation } from '../core/records.js';
import { saysInterim } from '../text/sentence-validity.js';
import { factHoldsOn } from './time-slice.js';

/** Where a fact stands on a date: holding, closed by a newer fact, closed by a forget, ended by its own sentence, or not begun. */
export type FactStatus = 'current' | 'superseded' | 'invalidated' | 'ended' | 'not-yet';

/** A fact's standing on a date, with what closed it and why. */
export interface FactStanding {
  relationId: string;
  type: string;
  status: FactStatus;
  validFrom: string | null;
  validTo: string | null;
  recordedAt: string | null;
  supersededBy: string | null;
  reason: string | null;
  /** The evidence says the fact holds for the time being ("interim", « par intérim »). */
  interim: boolean;
  /** The sentence that states the fact. */
  evidence: string;
  /** How the answer cites it: as a fact, or through a passage it quotes that states it. */
  citedAs: 'fact' | 'passage';
}

/** Today as an ISO date (the date "current" means when no date is given). */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The standing of a fact on `date` (today when none). */
export function factStatusOn(relation: Relation, date: string = today()): FactStatus {
  if (factHoldsOn(relation, date)) return 'current';
  if (relation.validFrom && relation.validFrom.slice(0, date.length) > date.slice(0, relation.validFrom.length)) return 'not-yet';
  if (relation.supersededBy) return 'superseded';
  if (relation.invalidationReason) return 'invalidated';
  return 'ended';
}

/** The standing of each fact on `date`, in the order given. */
export function describeFacts(relations: Relation[], date?: string, citedAs: FactStanding['citedAs'] = 'fact'): FactStanding[] {
  return relations.map((relation) => ({
    relationId: relation.id,
    type: relation.type,
    status: factStatusOn(relation, date),
    validFrom: relation.validFrom,
    validTo: relation.validTo,
    recordedAt: relation.recordedAt ?? null,
    supersededBy: relation.supersededBy ?? null,
    reason: relation.invalidationReason ?? null,
    interim: saysInterim(relation.evidence),
    evidence: relation.evidence,
    citedAs,
  }));
}
