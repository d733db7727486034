import { splitSentences } from '../../chunking/sentences.js';
import type { Citation, Language } from '../../core/records.js';
import type { AnswerReply } from '../../prompts/answer-question-prompt.js';
import type { CitableEvidence } from './collect-evidence.js';
import { mapCitations } from './map-citations.js';

/** What every LLM answerer says when the context does not answer. */
export const NOT_FOUND_ANSWER = 'The indexed documents do not contain information that answers this question.';

/** How a reply is settled into an answer. */
export interface SettleOptions {
  maxSentences: number;
  /** An answer that cites nothing from the evidence is withheld (default true). */
  requireCitations?: boolean;
  language?: Language;
}

/** A reply turned into answer text, citations and notes on what was cut or dropped. */
export interface SettledAnswer {
  answer: string;
  found: boolean;
  citations: Citation[];
  notes: string[];
}

/**
 * Cuts a reply to `maxSentences`, maps its evidence ids to numbered citations (invented ids are
 * dropped and noted) and withholds a claimed answer that cites nothing valid.
 */
export function settleAnswerReply(reply: AnswerReply, evidence: CitableEvidence[], options: SettleOptions): SettledAnswer {
  const { maxSentences } = options;
  const sentences = splitSentences(reply.answer, options.language ?? 'en');
  const kept = sentences.length > maxSentences ? sentences.slice(0, maxSentences).map((sentence) => sentence.text).join(' ') : reply.answer;
  const mapped = mapCitations(kept, evidence);
  const notes: string[] = [];
  if (sentences.length > maxSentences) notes.push(`answer cut from ${sentences.length} to ${maxSentences} sentences`);
  if (mapped.unknownIds.length > 0) notes.push(`dropped ids not in the context: ${mapped.unknownIds.join(', ')}`);
  const supported = mapped.citations.length > 0;
  if (reply.found && !supported && options.requireCitations !== false) {
    notes.push('withheld: the model claimed an answer but cited no evidence from the context');
    return { answer: NOT_FOUND_ANSWER, found: false, citations: [], notes };
  }
  return { answer: mapped.text === '' ? NOT_FOUND_ANSWER : mapped.text, found: reply.found && supported, citations: mapped.citations, notes };
}
