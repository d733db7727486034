import { splitSentences } from '../chunking/sentences.js';
import type { Language } from '../core/records.js';
import type { ChatModel } from '../llm/chat-model.js';
import { generateObject } from '../llm/generate-object.js';
import { ANSWER_QUESTION_PROMPT_VERSION, answerReplySchema, buildAnswerPrompt } from '../prompts/answer-question-prompt.js';
import type { RetrievalContext } from '../query/context.js';
import type { answerExtractively } from './extractive-answer.js';
import { formatPath } from './format-path.js';
import { collectEvidence } from './llm/collect-evidence.js';
import { mapCitations } from './llm/map-citations.js';

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

const NOT_FOUND = 'The indexed documents do not contain information that answers this question.';

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
  if (evidence.length === 0) return { ...base, answer: NOT_FOUND, found: false, citations: [], modelNotes: ['no evidence in the context: no model call'] };
  const prompt = buildAnswerPrompt({ question, evidence, maxSentences });
  const reply = await generateObject(options.model, {
    ...prompt,
    promptVersion: ANSWER_QUESTION_PROMPT_VERSION,
    purpose: 'answer',
    schema: answerReplySchema,
    schemaName: 'cited_answer',
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const sentences = splitSentences(reply.object.answer, options.language ?? 'en');
  const kept = sentences.length > maxSentences ? sentences.slice(0, maxSentences).map((sentence) => sentence.text).join(' ') : reply.object.answer;
  const mapped = mapCitations(kept, evidence);
  const notes: string[] = [];
  if (sentences.length > maxSentences) notes.push(`answer cut from ${sentences.length} to ${maxSentences} sentences`);
  if (mapped.unknownIds.length > 0) notes.push(`dropped ids not in the context: ${mapped.unknownIds.join(', ')}`);
  const supported = mapped.citations.length > 0;
  if (reply.object.found && !supported && options.requireCitations !== false) {
    notes.push('withheld: the model claimed an answer but cited no evidence from the context');
    return { ...base, answer: NOT_FOUND, found: false, citations: [], modelNotes: notes };
  }
  return { ...base, answer: mapped.text === '' ? NOT_FOUND : mapped.text, found: reply.object.found && supported, citations: mapped.citations, modelNotes: notes };
}
