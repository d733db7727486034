import { z } from 'zod';
import type { ChatMessage, JsonSchema } from '../llm/chat-model.js';
import type { EvidenceLine } from './answer-question-prompt.js';

/** Version of the global map prompt; part of the cache key of every map request. */
export const GLOBAL_MAP_PROMPT_VERSION = 'global-map-1';

/**
 * The reply: the points one report makes about the question, each with an importance score and
 * the finding ids (F1, F2 …) it rests on. Validation is lenient on purpose (any number, any
 * length): one odd point is dropped by the map step instead of failing the whole report.
 */
export const globalMapReplySchema = z.object({
  points: z.array(z.object({ description: z.string(), score: z.number(), evidence: z.array(z.string()) })),
});
/** A validated map reply. */
export type GlobalMapReply = z.infer<typeof globalMapReplySchema>;

/** Points asked for per report, and their sizes, as written into the guidance schema. */
export const MAP_REPLY_LIMITS = { maxPoints: 5, maxDescriptionLength: 300, maxEvidence: 4, maxIdLength: 8 } as const;

/** The JSON Schema sent as guidance: bounded sizes stop a small local model's repetition loops. */
export function buildGlobalMapJsonSchema(): JsonSchema {
  const limits = MAP_REPLY_LIMITS;
  const point = {
    type: 'object',
    properties: {
      description: { type: 'string', maxLength: limits.maxDescriptionLength },
      score: { type: 'integer', description: 'importance for the question, 0 to 100' },
      evidence: { type: 'array', maxItems: limits.maxEvidence, items: { type: 'string', maxLength: limits.maxIdLength } },
    },
    required: ['description', 'score', 'evidence'],
    additionalProperties: false,
  };
  return { type: 'object', properties: { points: { type: 'array', maxItems: limits.maxPoints, items: point } }, required: ['points'], additionalProperties: false };
}

/** What one map prompt is built from: a community report and its numbered findings. */
export interface GlobalMapPromptInput {
  question: string;
  title: string;
  summary: string;
  keyEntities: string[];
  findings: EvidenceLine[];
}

/**
 * GraphRAG's map step for one community report: list the points the report makes that help
 * answer the question, score each for importance (0 = no help) and cite the findings it rests
 * on; say nothing when the report does not bear on the question.
 */
export function buildGlobalMapPrompt(input: GlobalMapPromptInput): { system: string; messages: ChatMessage[] } {
  const system = `You read one report about a group of related entities and list what it says that helps answer a question. You reply with one JSON object and nothing else.

Rules:
1. List at most ${MAP_REPLY_LIMITS.maxPoints} points. Each point states, in one or two sentences, one thing the report says that helps answer the question.
2. Give each point a "score" from 0 to 100: how important it is for answering the question (0 means it does not help).
3. In "evidence", cite the ids of the findings the point rests on, for example ["F1", "F3"]. Cite only ids listed in the report.
4. Use only the report. Do not add outside knowledge and do not guess.
5. If the report says nothing that helps answer the question, reply {"points": []}.
6. Write in the language of the question.

Reply format: {"points": [{"description": "...", "score": 80, "evidence": ["F1"]}]}`;
  const entities = input.keyEntities.length > 0 ? `\nKey entities: ${input.keyEntities.join(', ')}` : '';
  const findings = input.findings.map((line) => `[${line.id}] ${line.text}`).join('\n');
  return { system, messages: [{ role: 'user', content: `Report: ${input.title}\nSummary: ${input.summary}${entities}\nFindings:\n${findings}\n\nQuestion: ${input.question}` }] };
}
