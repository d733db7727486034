import type { ChatModel } from '../llm/chat-model.js';
import { GLOBAL_MAP_PROMPT_VERSION } from '../prompts/global-map-prompt.js';
import { GLOBAL_REDUCE_PROMPT_VERSION } from '../prompts/global-reduce-prompt.js';
import type { RetrievalContext } from '../core/retrieval-context.js';
import { formatPath } from './format-path.js';
import { mapCommunityReports, type FailedMap, type GlobalMapResult } from './llm/global-map.js';
import { reduceMapPoints, type ReducedAnswer } from './llm/global-reduce.js';
import type { LlmAnswer, LlmAnswerOptions } from './llm-answer.js';

/** How the global map-reduce runs: the answer options plus the map's and the reduce's limits. */
export interface GlobalLlmAnswerOptions extends LlmAnswerOptions {
  /** Most communities mapped (default 8). */
  maxCommunities?: number;
  /** Token budget of one map prompt (default 1500). */
  mapPromptTokens?: number;
  /** Token budget of the points given to the reduce (default 1500). */
  reduceTokens?: number;
  /** Map calls in flight at once (default 3). */
  concurrency?: number;
}

/** What the map and the reduce did. */
export interface MapReduceStats {
  communitiesOffered: number;
  /** Communities given a map call (one model call each). */
  communitiesMapped: number;
  failedMaps: FailedMap[];
  /** Points that survived the map, and those that fit the reduce's budget. */
  pointsFound: number;
  pointsKept: number;
  /** Reduce requests (0 when no point survived the map). */
  reduceRequests: number;
}

/** An LLM answer with the map-reduce's statistics. */
export type GlobalLlmAnswer = LlmAnswer & { mapReduce: MapReduceStats };

const DEFAULT_REDUCE_TOKENS = 1500;

/** Name of the global answerer reported in answers' metadata. */
export function globalAnswererName(model: ChatModel): string {
  return `llm map-reduce (${model.modelId}, prompts ${GLOBAL_MAP_PROMPT_VERSION} + ${GLOBAL_REDUCE_PROMPT_VERSION})`;
}

/**
 * Microsoft GraphRAG's global search over the communities the global searcher chose and ranked:
 * map each report to the points it makes about the question (scored, citing its findings),
 * then reduce the best points within a token budget into one cited synthesis. Failed maps are
 * skipped and noted; when no point survives the map the answer is "not found" without a reduce
 * call. Budget, cancellation and model-call errors are thrown, as for every answer.
 */
export async function answerGlobalWithLlm(question: string, context: RetrievalContext, options: GlobalLlmAnswerOptions): Promise<GlobalLlmAnswer> {
  const map = await mapCommunityReports(question, context.communities, {
    model: options.model,
    ...(options.maxCommunities !== undefined ? { maxCommunities: options.maxCommunities } : {}),
    ...(options.mapPromptTokens !== undefined ? { maxPromptTokens: options.mapPromptTokens } : {}),
    ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const reduceTokens = options.reduceTokens ?? DEFAULT_REDUCE_TOKENS;
  const reduced = await reduceMapPoints(question, map.points, {
    model: options.model,
    maxTokens: reduceTokens,
    maxSentences: options.maxSentences ?? 2,
    language: options.language ?? 'en',
    requireCitations: options.requireCitations !== false,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return {
    question,
    mode: context.mode,
    paths: context.paths.map(formatPath),
    context: { chunks: context.chunks.length, tokens: context.tokens, searchedWith: context.searchedWith },
    metadata: { answerer: globalAnswererName(options.model), questionEntities: context.questionEntities.map((entity) => entity.name) },
    answer: reduced.answer,
    found: reduced.found,
    citations: reduced.citations,
    modelNotes: [...describeMap(map), describeReduce(map, reduced, reduceTokens), ...reduced.notes],
    mapReduce: {
      communitiesOffered: map.offered,
      communitiesMapped: map.mapped,
      failedMaps: map.failed,
      pointsFound: map.points.length,
      pointsKept: reduced.pointsKept,
      reduceRequests: reduced.requests,
    },
  };
}

function describeMap(map: GlobalMapResult): string[] {
  const notes = [`map: ${map.mapped} of ${map.offered} communities mapped, ${map.points.length} points`];
  if (map.failed.length > 0) notes.push(`map skipped ${map.failed.length} unusable replies: ${map.failed.map((failed) => `"${failed.title}" (${failed.reason})`).join(', ')}`);
  const { uncited, zeroScore, empty } = map.dropped;
  const dropped = [uncited > 0 ? `${uncited} citing no listed finding` : '', zeroScore > 0 ? `${zeroScore} scored 0` : '', empty > 0 ? `${empty} empty` : ''].filter(Boolean);
  if (dropped.length > 0) notes.push(`map dropped points: ${dropped.join(', ')}`);
  if (map.unknownIds.length > 0) notes.push(`dropped finding ids not in the reports: ${[...new Set(map.unknownIds)].join(', ')}`);
  return notes;
}

function describeReduce(map: GlobalMapResult, reduced: ReducedAnswer, reduceTokens: number): string {
  if (map.points.length === 0) return 'no point survived the map: no reduce call';
  if (reduced.requests === 0) return `no point fits the reduce budget of ${reduceTokens} tokens: no reduce call`;
  return `reduce: ${reduced.pointsKept} of ${map.points.length} points within ${reduceTokens} tokens`;
}
