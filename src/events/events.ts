/** Pipeline stages that report progress. */
export type StageName = 'ingest' | 'chunk' | 'extract' | 'resolve' | 'communities' | 'store' | 'embed' | 'retrieve' | 'answer';

/** Typed progress events emitted by indexing and querying. */
export type RhizomeEvent =
  | { type: 'stage-start'; stage: StageName; total?: number }
  | { type: 'stage-progress'; stage: StageName; done: number; total: number; item?: string }
  | { type: 'stage-end'; stage: StageName; seconds: number }
  | { type: 'llm-call-end'; model: string; purpose: string; cached: boolean; inputTokens: number; outputTokens: number; latencyMs: number; dollars: number }
  | { type: 'warning'; message: string };

/** Receives events; must not throw. */
export type EventSink = (event: RhizomeEvent) => void;

/** A sink that drops everything. */
export const ignoreEvents: EventSink = () => undefined;

/** Runs one stage between start and end events and returns its result and duration in seconds. */
export async function timeStage<T>(stage: StageName, sink: EventSink, work: () => Promise<T> | T, total?: number): Promise<{ result: T; seconds: number }> {
  const started = performance.now();
  sink(total === undefined ? { type: 'stage-start', stage } : { type: 'stage-start', stage, total });
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  sink({ type: 'stage-end', stage, seconds });
  return { result, seconds };
}
