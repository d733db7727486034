import type { Answer } from '../answer/answer.js';
import type { Citation } from '../core/records.js';
import type { QuestionAnalysis } from '../core/question-analysis.js';
import type { GraphStore } from '../graph/store.js';
import type { ChangeWindow } from '../text/change-question.js';
import { languagePack } from '../text/lang/registry.js';
import { entityHistory, type HistoryEvent } from './entity-history.js';

/**
 * Answers "what changed about X between D1 and D2" from X's history: every fact that started,
 * ended, was superseded (with the newer fact) or was withdrawn in the window, oldest first, each
 * with the citation of its evidence and, for a supersession, of the newer fact's. The entity is
 * the first the question names; the words come from the question's language pack.
 */
export async function answerWhatChanged(store: GraphStore, analysis: QuestionAnalysis, window: ChangeWindow, started: number): Promise<Answer> {
  const entity = analysis.entities[0];
  if (!entity) throw new Error('answerWhatChanged needs a question that names an entity');
  const history = await entityHistory(store, entity.id, window);
  const events = distinctEvents(history.events);
  const citations: Citation[] = [];
  const marker = (citation: Citation | null): string => {
    if (!citation) return '';
    const index = citations.findIndex((known) => known.id === citation.id && known.span?.start === citation.span?.start);
    if (index >= 0) return `[${index + 1}]`;
    citations.push(citation);
    return `[${citations.length}]`;
  };
  const words = languagePack(analysis.language).temporal.changes;
  const lines = events.map((event) => describeEvent(event, words, marker));
  const heading = `${history.entity.name}, ${window.from} – ${window.to}:`;
  return {
    question: analysis.text,
    mode: 'auto',
    answer: lines.length > 0 ? `${heading} ${lines.join('; ')}.` : `${heading} ${words.nothing}.`,
    found: lines.length > 0,
    citations,
    paths: events.map((event) => `${event.direction === 'out' ? history.entity.name : event.other.name} —${event.type}→ ${event.direction === 'out' ? event.other.name : history.entity.name}`),
    context: { chunks: new Set(citations.map((citation) => citation.id)).size, tokens: 0, searchedWith: `history of ${history.entity.name} between ${window.from} and ${window.to}` },
    metadata: {
      answerer: 'history',
      questionEntities: analysis.entities.map((named) => named.name),
      route: 'history',
      reason: `asks what changed about ${history.entity.name} between ${window.from} and ${window.to}: the facts that started, ended or were superseded then`,
      latencyMs: performance.now() - started,
    },
  };
}

/** One line: "Tobias Wren (LEADS) started 2023-10-01 [2]", "Imogen Farrell (LEADS) superseded 2023-10-01 by Tobias Wren [1][2]". */
function describeEvent(event: HistoryEvent, words: ReturnType<typeof languagePack>['temporal']['changes'], marker: (citation: Citation | null) => string): string {
  const fact = `${event.other.name} (${event.type})`;
  const cited = marker(event.citation);
  if (event.kind === 'superseded' && event.successor) return `${fact} ${words.superseded} ${event.date} ${words.by} ${event.successor.other.name} ${cited}${marker(event.successor.citation)}`;
  const kind = event.kind === 'started' ? words.started : event.kind === 'ended' ? words.ended : event.kind === 'invalidated' ? words.invalidated : words.superseded;
  const restated = event.restatement ? marker(event.restatement.citation) : '';
  return `${fact} ${kind} ${event.date} ${cited}${restated}`.trimEnd();
}

/** The events without repeats: one per kind, fact type, other entity and date (a fact stated in two documents changes once). */
function distinctEvents(events: readonly HistoryEvent[]): HistoryEvent[] {
  const seen = new Set<string>();
  return events.filter((event) => {
    const key = [event.kind, event.type, event.other.id, event.date, event.successor?.other.id ?? ''].join('\u0000');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

