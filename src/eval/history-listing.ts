import type { Entity } from '../core/records.js';
import type { EntityHistory, HistoryEvent } from '../history/entity-history.js';
import type { FactName, InvalidationTruth } from './datasets.js';
import { normalizeForCoverage } from './normalize.js';

/** How many of a truth's closings the closed fact's entity history lists, with both facts' evidence and citations. */
export interface HistoryListing {
  truths: number;
  listed: number;
  /** The closings no history event shows (the entity missing, the event missing, or an evidence or citation absent). */
  missed: InvalidationTruth[];
}

/**
 * Checks that `rhizome history <target>` lists each closing of the truth: a "superseded" event on
 * the closed fact's target whose fact has the closed fact's type and source and whose successor
 * is the closing fact's source, each with its evidence sentence and a citation. `historyOf`
 * answers null when no entity carries the name.
 */
export async function checkHistoryListing(
  truths: readonly InvalidationTruth[],
  entities: readonly Entity[],
  historyOf: (name: string) => Promise<EntityHistory | null>,
): Promise<HistoryListing> {
  const names = new Map(entities.map((entity) => [entity.id, new Set([entity.name, ...entity.aliases].map(normalizeForCoverage))]));
  const named = (id: string, name: string) => Boolean(names.get(id)?.has(normalizeForCoverage(name)));
  const shows = (event: HistoryEvent, truth: InvalidationTruth) =>
    event.kind === 'superseded'
    && event.type === truth.closed.type
    && named(event.other.id, otherEndName(truth.closed, event))
    && event.successor !== undefined
    && named(event.successor.other.id, otherEndName(truth.closedBy, event))
    && event.evidence.trim() !== '' && event.citation !== null
    && event.successor.evidence.trim() !== '' && event.successor.citation !== null;
  const histories = new Map<string, EntityHistory | null>();
  const missed: InvalidationTruth[] = [];
  for (const truth of truths) {
    const key = normalizeForCoverage(truth.closed.target);
    if (!histories.has(key)) histories.set(key, await historyOf(truth.closed.target));
    const history = histories.get(key);
    if (!history?.events.some((event) => shows(event, truth))) missed.push(truth);
  }
  return { truths: truths.length, listed: truths.length - missed.length, missed };
}

/** The name at the far end of a fact, seen from the entity whose history it is (the fact's target). */
function otherEndName(fact: FactName, event: HistoryEvent): string {
  return event.direction === 'in' ? fact.source : fact.target;
}
