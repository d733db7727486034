import type { Language } from '../core/records.js';
import type { ChatModel } from '../llm/chat-model.js';
import { generateObject } from '../llm/generate-object.js';
import { ANSWER_QUESTION_PROMPT_VERSION, answerReplySchema, buildAnswerPrompt } from '../prompts/answer-question-prompt.js';
import type { RetrievalContext } from '../core/retrieval-context.js';
import type { answerExtractively } from './extractive-answer.js';
import { formatPath } from './format-path.js';
import { collectEvidence } from './llm/collect-evidence.js';
import { NOT_FOUND_ANSWER, settleAnswerReply } from './llm/settle-answer.js';

/** How the LLM answerer runs. */
export interface LlmAnswerOptions {
  model: ChatModel;
  /** Sentences the answer may have (seed 003 asks for 2). */
  maxSentences?: number;
  /** An answer that cites nothing from the context is withheld (default true). */
  requireCitations?: boolean;
  language?: Language;
  signal?: AbortSignal;
}

/** The extractive answerer's result shape (so callers treat both alike), plus notes on what was dropped or cut. */
export type LlmAnswer = ReturnType<typeof answerExtractively> & { modelNotes: string[] };

/** Name of the answerer reported in answers' metadata. */
export function llmAnswererName(model: ChatModel): string {
  return `llm (${model.modelId}, prompt ${ANSWER_QUESTION_PROMPT_VERSION})`;
}

/**
 * Answers from a retrieval context with a chat model under seed 003's rules: a short answer
 * citing the evidence ids given in the prompt (chunks, relations, entities, documents,
 * findings), saying when the information is missing. Ids are mapped back to citations and
 * renumbered [1], [2] …; ids the model invented are dropped. When the model claims an answer
 * but cites nothing valid, the answer is withheld (nothing unsupported is shown). An unusable
 * reply after one correction throws ModelOutputError.
 */
export async function answerWithLlm(question: string, context: RetrievalContext, options: LlmAnswerOptions): Promise<LlmAnswer> {
  const maxSentences = options.maxSentences ?? 2;
  const evidence = collectEvidence(context);
  const base = {
    question,
    mode: context.mode,
    paths: context.paths.map(formatPath),
    context: { chunks: context.chunks.length, tokens: context.tokens, searchedWith: context.searchedWith },
    metadata: { answerer: llmAnswererName(options.model), questionEntities: context.questionEntities.map((entity) => entity.name) },
  };
  if (evidence.length === 0) return { ...base, answer: NOT_FOUND_ANSWER, found: false, citations: [], modelNotes: ['no evidence in the context: no model call'] };
  const prompt = buildAnswerPrompt({ question, evidence, maxSentences });
  const reply = await generateObject(options.model, {
    ...prompt,
    promptVersion: ANSWER_QUESTION_PROMPT_VERSION,
    purpose: 'answer',
    schema: answerReplySchema,
    schemaName: 'cited_answer',
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const settled = settleAnswerReply(reply.object, evidence, { maxSentences, language: options.language ?? 'en', requireCitations: options.requireCitations !== false });
  return { ...base, answer: settled.answer, found: settled.found, citations: settled.citations, modelNotes: settled.notes };
}
