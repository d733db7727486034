import { sortById } from '../core/ids.js';
import type { Answer } from '../answer/answer.js';
import { QueryEngine, readQuestion } from '../ask/query-engine.js';
import type { RhizomeConfig } from '../config/config-schema.js';
import type { Citation, Relation, Span } from '../core/records.js';
import type { QueryMode } from '../core/retrieval-context.js';
import { ignoreEvents, type EventSink } from '../events/events.js';
import type { GraphProjection, GraphStore } from '../graph/store.js';
import { timeSlicedStore } from '../graph/time-sliced-store.js';
import type { ChatModel } from '../llm/chat-model.js';
import type { Embedder } from '../llm/embedder.js';
import type { QuestionAnalysis } from '../core/question-analysis.js';
import type { RetrievalContext } from '../core/retrieval-context.js';
import { describeFacts, type FactStanding } from './fact-status.js';
import { isTimeSliced, parseTimePoint, type TimeSlice } from './time-slice.js';

/** When a question is asked: `asOf` (valid time), `knownAt` (what had been recorded by then), `writtenBy` (documents dated by then). */
export interface TimeOptions {
  asOf?: string;
  knownAt?: string;
  writtenBy?: string;
}

/** An answer with the standing of the facts it cites on the date asked about (current, superseded, ended …). */
export interface TimedAnswer extends Answer {
  /** The date the facts' standing is given for: `asOf`, else a date the question writes, else today. */
  asOf?: string;
  /** The cited facts that carry dates or were closed, each with its standing on that date. */
  facts?: FactStanding[];
}

/**
 * Answers questions in time: a time slice gets its own query engine over a time-sliced view of
 * the store (facts valid at `asOf`, as recorded by `knownAt`); the plain engine answers the rest.
 * Every answer lists where the facts it cites stand on the date asked about.
 */
export class TimedQueries {
  private sliced: { key: string; engine: QueryEngine } | null = null;

  constructor(
    private readonly store: GraphStore,
    private readonly engine: QueryEngine,
    private readonly config: RhizomeConfig,
    private readonly model: () => Promise<ChatModel | null>,
    private readonly embedder: () => Promise<Embedder | null>,
  ) {}

  /** Forgets cached engines and projections (after every write). */
  invalidate(): void {
    this.sliced = null;
  }

  async answer(question: string, mode: QueryMode | undefined, options: TimeOptions & { signal?: AbortSignal; onEvent?: EventSink } = {}): Promise<TimedAnswer> {
    const read = readQuestion(question, this.config);
    const slice = withQuestionDate(readSlice(options), read);
    const sliced = isTimeSliced(slice) ? this.slicedFor(slice) : null;
    const engine = sliced?.engine ?? this.engine;
    const { answer, context } = await engine.answerFrom(read, mode, options.signal, options.onEvent ?? ignoreEvents, slice.asOf ? { asOf: slice.asOf } : {});
    const cited = new Set(answer.citations.filter((citation) => citation.kind === 'relation').map((citation) => citation.id));
    const passages = answer.citations.filter((citation) => citation.kind === 'chunk' && citation.span !== undefined);
    if (cited.size === 0 && passages.length === 0) return answer;
    // Only the facts cited and those read from the quoted passages' chunks can matter. The cited ones are those of the
    // context's paths, as the layer holds them; the passages' facts are those the search holds or keeps by chunk. The
    // store is read (by id and chunk: a scan of its relations) only for what neither tells.
    const onPaths = new Map((context?.paths ?? []).flatMap((path) => path.relations).filter((relation) => cited.has(relation.id)).map((relation) => [relation.id, relation]));
    const missing = [...cited].filter((id) => !onPaths.has(id));
    const chunkIds = [...new Set(passages.map((passage) => passage.id))];
    let stored: Promise<Relation[]> | null = null;
    const storedFacts = () => (stored ??= this.engine.relationsStatedIn(chunkIds).then((held) => (held && missing.length === 0 ? held : this.store.findRelations({ ids: missing, chunkIds }))));
    const citedFrom = sliced ? (await sliced.engine.entityLayer()).relations : sortById([...onPaths.values(), ...(await storedFacts()).filter((relation) => !onPaths.has(relation.id))]);
    const relations = citedFrom.filter((relation) => cited.has(relation.id) && isTimed(relation));
    // A quoted passage may state a fact the slice left out (forgotten, superseded, ended by then): its standing says so.
    const believed = passages.length === 0 ? [] : slice.knownAt === undefined ? await storedFacts() : (await this.believedAt(slice.knownAt)).relations;
    const stated = believed.filter((relation) => !cited.has(relation.id) && isTimed(relation) && passages.some((passage) => states(passage, relation)));
    if (relations.length === 0 && stated.length === 0) return answer;
    const date = slice.asOf ?? validTimeWritten(read);
    return { ...answer, ...(date ? { asOf: date } : {}), facts: [...describeFacts(relations, date), ...describeFacts(stated, date, 'passage')] };
  }

  /** The context a question is answered from, in the same time slice as `answer` (a date the question writes included), without answering it. */
  async retrieve(question: string, mode: QueryMode | undefined, options: TimeOptions & { signal?: AbortSignal } = {}): Promise<RetrievalContext> {
    const read = readQuestion(question, this.config);
    const slice = withQuestionDate(readSlice(options), read);
    const engine = isTimeSliced(slice) ? this.slicedFor(slice).engine : this.engine;
    const analysis = await engine.analyze(read, slice.asOf ? { asOf: slice.asOf } : {});
    return engine.retrieve(analysis, (await engine.route(analysis, mode)).mode, options.signal);
  }

  /** Every fact as believed at `knownAt`, whatever its validity. */
  private believedAt(knownAt: string): Promise<GraphProjection> {
    return timeSlicedStore(this.store, { knownAt }).loadProjection();
  }

  /** The engine over the store view of a slice (the last one asked for is kept). */
  private slicedFor(slice: TimeSlice): NonNullable<TimedQueries['sliced']> {
    const key = JSON.stringify(slice);
    if (this.sliced?.key !== key) {
      this.sliced = { key, engine: new QueryEngine(timeSlicedStore(this.store, slice), this.config, this.model, this.embedder) };
    }
    return this.sliced;
  }
}

/**
 * A date the question writes ("who led X in December 2023") is its valid time when the caller gave
 * none: the facts valid then answer it. A date that dates the event the question starts from ("the
 * maker of the pump whose seal failed in November 2022") is not: what the question asks may be told
 * later, and the path ranking weighs that date on the path's first fact. A "what changed between D1
 * and D2" question reads the whole history instead, and a transaction-time question keeps the caller's slice.
 */
function withQuestionDate(slice: TimeSlice, question: QuestionAnalysis): TimeSlice {
  if (slice.asOf !== undefined || slice.knownAt !== undefined || question.changeWindow) return slice;
  const written = validTimeWritten(question);
  return written ? { ...slice, asOf: written } : slice;
}

/** The date the question writes, unless it dates the event the question starts from (see `withQuestionDate`). */
function validTimeWritten(question: QuestionAnalysis): string | undefined {
  const temporal = question.temporal;
  return temporal?.prefer === 'at' && temporal.anchor !== true ? temporal.date : undefined;
}

/** The slice of the options, each date read and checked (QUERY_INVALID for one that is not a date). */
export function readSlice(options: TimeOptions): TimeSlice {
  return {
    ...(options.asOf !== undefined ? { asOf: parseTimePoint(options.asOf, 'asOf') } : {}),
    ...(options.knownAt !== undefined ? { knownAt: parseTimePoint(options.knownAt, 'knownAt') } : {}),
    ...(options.writtenBy !== undefined ? { writtenBy: parseTimePoint(options.writtenBy, 'writtenBy') } : {}),
  };
}

/** Whether a cited passage quotes the sentence a fact was read from. */
function states(passage: Citation, relation: Relation): boolean {
  const span = passage.span as Span;
  return passage.id === relation.chunkId && relation.start < span.end && span.start < relation.end;
}

function isTimed(relation: Relation): boolean {
  return Boolean(relation.validFrom || relation.validTo || relation.supersededBy || relation.invalidationReason);
}
