import { countTokens } from '../../chunking/tokens.js';
import type { Language } from '../../core/records.js';
import type { ChatModel } from '../../llm/chat-model.js';
import { generateObject } from '../../llm/generate-object.js';
import { buildGlobalReduceJsonSchema, buildGlobalReducePrompt, formatReducePoint, GLOBAL_REDUCE_PROMPT_VERSION, globalReduceReplySchema, type ReducePointLine } from '../../prompts/global-reduce-prompt.js';
import type { CitableEvidence } from './collect-evidence.js';
import type { MapPoint } from './global-map.js';
import { NOT_FOUND_ANSWER, settleAnswerReply, type SettledAnswer } from './settle-answer.js';

/** How the reduce step runs. */
export interface GlobalReduceOptions {
  model: ChatModel;
  /** Token budget of the points shown to the model. */
  maxTokens: number;
  maxSentences: number;
  requireCitations?: boolean;
  language?: Language;
  signal?: AbortSignal;
}

/** The points chosen for the reduce prompt: lines to show, evidence to map ids back, their tokens. */
export interface ReduceSelection {
  lines: ReducePointLine[];
  evidence: CitableEvidence[];
  tokens: number;
}

/** The synthesis, with how many points it was given and how many requests it took. */
export interface ReducedAnswer extends SettledAnswer {
  pointsKept: number;
  tokens: number;
  /** Requests made (0 when no point fit; 2 when the reply needed a correction). */
  requests: number;
}

/**
 * Sorts the points by score (ties: the better ranked community, then the map's order) and keeps
 * those that fit `maxTokens`, numbered P1, P2 … Each P id stands for the findings its point cites.
 */
export function selectReducePoints(points: MapPoint[], maxTokens: number): ReduceSelection {
  const sorted = [...points].sort((left, right) => right.score - left.score || left.communityRank - right.communityRank);
  const selection: ReduceSelection = { lines: [], evidence: [], tokens: 0 };
  for (const point of sorted) {
    const line = { id: `P${selection.lines.length + 1}`, score: point.score, source: point.source, description: point.description };
    const tokens = countTokens(`${formatReducePoint(line)}\n`);
    if (selection.tokens + tokens > maxTokens) continue;
    const [first, ...rest] = point.findings.map((finding) => finding.citation);
    if (!first) continue;
    selection.lines.push(line);
    selection.evidence.push({ id: line.id, text: formatReducePoint(line), citation: first, moreCitations: rest });
    selection.tokens += tokens;
  }
  return selection;
}

/**
 * GraphRAG's reduce step: one model call that writes the synthesis from the best points, citing
 * point ids, which are mapped back to the findings' chunk citations (invented ids dropped, an
 * uncited claim withheld). No point to give means "not found" without a call.
 */
export async function reduceMapPoints(question: string, points: MapPoint[], options: GlobalReduceOptions): Promise<ReducedAnswer> {
  const selection = selectReducePoints(points, options.maxTokens);
  if (selection.lines.length === 0) return { answer: NOT_FOUND_ANSWER, found: false, citations: [], notes: [], pointsKept: 0, tokens: 0, requests: 0 };
  const reply = await generateObject(options.model, {
    ...buildGlobalReducePrompt({ question, points: selection.lines, maxSentences: options.maxSentences }),
    promptVersion: GLOBAL_REDUCE_PROMPT_VERSION,
    purpose: 'global-reduce',
    schema: globalReduceReplySchema,
    schemaName: 'cited_answer',
    jsonSchema: buildGlobalReduceJsonSchema(options.maxSentences),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const settled = settleAnswerReply(reply.object, selection.evidence, { maxSentences: options.maxSentences, language: options.language ?? 'en', requireCitations: options.requireCitations !== false });
  return { ...settled, pointsKept: selection.lines.length, tokens: selection.tokens, requests: reply.attempts };
}
