import { z } from 'zod';
import type { ChatMessage } from '../llm/chat-model.js';

/** Version of the answer prompt; part of the cache key of every answer request. */
export const ANSWER_QUESTION_PROMPT_VERSION = 'answer-question-1';

/** The reply: the answer text with [id] citations, and whether the evidence answered the question. */
export const answerReplySchema = z.object({ answer: z.string(), found: z.boolean() });
/** A validated answer reply. */
export type AnswerReply = z.infer<typeof answerReplySchema>;

/** One numbered piece of evidence shown to the model ("C1", "R2" …) and the line that shows it. */
export interface EvidenceLine {
  id: string;
  text: string;
}

/** What the answer prompt is built from. */
export interface AnswerPromptInput {
  question: string;
  evidence: EvidenceLine[];
  maxSentences: number;
}

/**
 * The answer prompt (seed 003's rules): at most `maxSentences` sentences, every statement cites
 * evidence ids given in the prompt, say so when the information is missing, state nothing that
 * is not in the evidence. The same prompt serves every retrieval method.
 */
export function buildAnswerPrompt(input: AnswerPromptInput): { system: string; messages: ChatMessage[] } {
  const system = `You answer a question using only the evidence given with it. You reply with one JSON object and nothing else.

Evidence ids start with C (a passage of a document), R (a relation of the knowledge graph, with the sentence that states it), E (an entity), D (a document) or F (a finding of a group of related entities).

Rules:
1. Answer in at most ${input.maxSentences} short sentences.
2. After each statement, cite the ids of the evidence that supports it in square brackets, for example [C1] or [R2, C3]. Cite only ids listed in the evidence.
3. Use only the evidence. Do not add outside knowledge and do not guess.
4. If the evidence does not contain the answer, say so in "answer" and set "found" to false. If it answers only part of the question, answer that part, say what is missing, and set "found" to true.
5. Write in the language of the question.

Reply format: {"answer": "...", "found": true}`;
  const evidence = input.evidence.length > 0 ? input.evidence.map((line) => `[${line.id}] ${line.text}`).join('\n') : '(no evidence was found)';
  return { system, messages: [{ role: 'user', content: `Evidence:\n${evidence}\n\nQuestion: ${input.question}` }] };
}
