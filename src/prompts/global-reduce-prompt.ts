import type { ChatMessage, JsonSchema } from '../llm/chat-model.js';
import { answerReplySchema } from './answer-question-prompt.js';

/** Version of the global reduce prompt; part of the cache key of every reduce request. */
export const GLOBAL_REDUCE_PROMPT_VERSION = 'global-reduce-1';

/** The reply has the answer prompt's shape: the answer with [P1] citations, and whether it was found. */
export const globalReduceReplySchema = answerReplySchema;

/** Characters of answer per allowed sentence in the guidance schema. */
const CHARACTERS_PER_SENTENCE = 250;

/**
 * The JSON Schema sent as guidance: the answer's length is bounded so that a grammar-constrained
 * local model cannot loop (remote providers get it without the bound, see the AI SDK adapter).
 */
export function buildGlobalReduceJsonSchema(maxSentences: number): JsonSchema {
  return {
    type: 'object',
    properties: { answer: { type: 'string', maxLength: CHARACTERS_PER_SENTENCE * maxSentences }, found: { type: 'boolean' } },
    required: ['answer', 'found'],
    additionalProperties: false,
  };
}

/** One point kept from the map step, shown to the model under its id (P1, P2 …). */
export interface ReducePointLine {
  id: string;
  score: number;
  source: string;
  description: string;
}

/** What the reduce prompt is built from: the points, most important first. */
export interface GlobalReducePromptInput {
  question: string;
  points: ReducePointLine[];
  maxSentences: number;
}

/** The line that shows one point to the model (also what the reduce budget counts). */
export function formatReducePoint(point: ReducePointLine): string {
  return `[${point.id}] (importance ${point.score}, from "${point.source}") ${point.description}`;
}

/**
 * GraphRAG's reduce step: one synthesis from the points the map step extracted from the
 * community reports, most important first, every statement citing the point ids it rests on,
 * saying so when the points do not answer.
 */
export function buildGlobalReducePrompt(input: GlobalReducePromptInput): { system: string; messages: ChatMessage[] } {
  const system = `You answer a question by combining points that were extracted from reports about groups of related entities. You reply with one JSON object and nothing else.

Each point has an id (P1, P2 …) and an importance score from 0 to 100; the most important points come first.

Rules:
1. Answer in at most ${input.maxSentences} short sentences. Start with the most important points; merge points that say the same thing.
2. After each statement, cite the ids of the points that support it in square brackets, for example [P1] or [P2, P3]. Cite only ids listed in the points.
3. Use only the points. Do not add outside knowledge and do not guess.
4. If the points do not contain the answer, say so in "answer" and set "found" to false. If they answer only part of the question, answer that part, say what is missing, and set "found" to true.
5. Write in the language of the question.

Reply format: {"answer": "...", "found": true}`;
  const points = input.points.map(formatReducePoint).join('\n');
  return { system, messages: [{ role: 'user', content: `Points:\n${points}\n\nQuestion: ${input.question}` }] };
}
