import { z } from 'zod';
import type { ChatMessage } from '../llm/chat-model.js';
import type { DialectGuide } from './cypher-dialects.js';

/** Version of the text-to-Cypher prompt; part of the cache key of every request. */
export const TEXT_TO_CYPHER_PROMPT_VERSION = 'text-to-cypher-2';

/** The reply: one to three read-only Cypher queries. */
export const cypherReplySchema = z.object({ queries: z.array(z.string().min(1).max(600)).min(1).max(3) });
/** A validated text-to-Cypher reply. */
export type CypherReply = z.infer<typeof cypherReplySchema>;

/** An earlier attempt shown to the model when it must reformulate. */
export interface CypherFeedback {
  query: string;
  outcome: string;
}

/** What the prompt is built from: the graph schema as text, the question, failed attempts. */
export interface CypherPromptInput {
  question: string;
  schemaDescription: string;
  /** The store's dialect: its name, idioms and examples. */
  dialect: DialectGuide;
  feedback: CypherFeedback[];
  rowLimit: number;
}

/**
 * Seed 001's agent step: translate the question into 1 to 3 read-only Cypher queries over the
 * declared schema, returning ids so answers can cite nodes and edges; when earlier queries
 * returned nothing or failed, they are shown so the model reformulates instead of guessing.
 */
export function buildCypherPrompt(input: CypherPromptInput): { system: string; messages: ChatMessage[] } {
  const dialectRules = input.dialect.rules.map((rule, index) => `${index + 2}. ${rule}`).join('\n');
  const next = input.dialect.rules.length + 2;
  const system = `You translate questions into Cypher queries for a knowledge graph (${input.dialect.name}). Reply with one JSON object {"queries": [...]} and nothing else.

The graph:
${input.schemaDescription}

Rules:
1. Write 1 to 3 queries. Read only: MATCH, OPTIONAL MATCH, WHERE, WITH, RETURN, ORDER BY, LIMIT, UNWIND. Never CREATE, MERGE, SET, DELETE, REMOVE, DROP, LOAD, COPY or CALL.
${dialectRules}
${next}. Always return the ids of the nodes and relationships you use (n.id, r.id) next to their names, and r.evidence for relationships.
${next + 1}. End every query with LIMIT ${input.rowLimit} or less.
${next + 2}. Use only the labels, relationship types and properties listed above.

Examples in this dialect:
${input.dialect.examples.map((example) => `- ${example}`).join('\n')}`;
  const attempts = input.feedback.length === 0
    ? ''
    : `\n\nEarlier queries did not answer it; write different ones:\n${input.feedback.map((item) => `- ${item.query}\n  → ${item.outcome}`).join('\n')}`;
  return { system, messages: [{ role: 'user', content: `Question: ${input.question}${attempts}` }] };
}
