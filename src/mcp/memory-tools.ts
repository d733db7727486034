import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { answerWithSources } from '../answer/answer-with-sources.js';
import { QUERY_MODES, type QueryMode } from '../core/retrieval-context.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import type { TimedAnswer } from '../history/timed-queries.js';
import type { Rhizome } from '../rhizome.js';
import { json, tool, type ToolResult } from './tool-result.js';

const date = z.string().min(4).max(40);

/** An answer as text: the cited answer, then where each cited fact stands on the date asked about. */
function timedText(answer: TimedAnswer): ToolResult {
  const labels = new Map(answer.citations.map((citation) => [citation.id, citation.label]));
  const facts = (answer.facts ?? []).map((fact) => `- ${fact.status}: ${labels.get(fact.relationId) ?? `${fact.type}: ${fact.evidence}`}${fact.citedAs === 'passage' ? ' (stated in a quoted passage)' : ''} (${fact.validFrom ?? '…'} → ${fact.validTo ?? '…'}${fact.interim ? '; interim' : ''})${fact.reason ? ` — ${fact.reason}` : ''} [${fact.relationId}]`);
  const standing = facts.length > 0 ? `\n\nFacts${answer.asOf ? ` on ${answer.asOf}` : ' today'}:\n${facts.join('\n')}` : '';
  return { content: [{ type: 'text', text: `${answerWithSources(answer)}${standing}\n\n(mode ${answer.mode}${answer.found ? '' : ', not found'})` }] };
}

/** Tools for agent memory and time: add_memory, search_memory, forget_memory, entity_history, ask_as_of. */
export function registerMemoryTools(server: McpServer, rhizome: Rhizome): void {
  server.registerTool('add_memory', {
    description: 'Remember an episode (what was said or observed, when, where from): it is indexed as a document, its facts extracted and resolved, and newer facts supersede older ones. Returns the facts read and the facts it superseded.',
    inputSchema: { text: z.string().min(1).max(20_000), source: z.string().min(1).max(200), time: date.optional(), subject: z.string().min(1).max(200).optional() },
  }, ({ text, source, time, subject }) => tool(async () => json(await rhizome.remember({ text, source, ...(time ? { time } : {}), ...(subject ? { subject } : {}) }))));
  server.registerTool('search_memory', {
    description: 'Recall from memory: answer a question with citations, as of a date when given (memories after it and facts not yet valid are left out); lists which cited facts are current and which superseded.',
    inputSchema: { question: z.string().min(1).max(4000), asOf: date.optional() },
    annotations: { readOnlyHint: true },
  }, ({ question, asOf }) => tool(async () => timedText(await rhizome.recall(question, asOf ? { asOf } : {}))));
  server.registerTool('forget_memory', {
    description: 'Forget a fact (by relation id, or the fact a question\'s answer rests on first) with a reason: it is closed, never deleted, and stays true as of earlier dates.',
    inputSchema: { fact: z.string().min(1).max(200).optional(), query: z.string().min(1).max(4000).optional(), reason: z.string().min(1).max(1000), time: date.optional() },
  }, ({ fact, query, reason, time }) => tool(async () => {
    if ((fact === undefined) === (query === undefined)) throw new RhizomeError('QUERY_INVALID', 'give either fact (a relation id) or query');
    return json(await rhizome.forget(fact !== undefined ? { fact } : { query: query ?? '' }, reason, time ? { time } : {}));
  }));
  server.registerTool('entity_history', {
    description: 'The facts about an entity that started, ended or were superseded, oldest first, each with its evidence and citation (and the newer fact for a supersession); from/to keep what changed between two dates; knownAt gives the history as it was stored at that time.',
    inputSchema: { entity: z.string().min(1).max(500), from: date.optional(), to: date.optional(), knownAt: date.optional() },
    annotations: { readOnlyHint: true },
  }, ({ entity, from, to, knownAt }) => tool(async () => json(await rhizome.history(entity, { ...(from ? { from } : {}), ...(to ? { to } : {}), ...(knownAt ? { knownAt } : {}) }))));
  server.registerTool('ask_as_of', {
    description: 'Answer a question with the facts valid on a date (asOf), or as recorded by a time (knownAt), citing its sources and saying which facts are current and which superseded.',
    inputSchema: { question: z.string().min(1).max(4000), asOf: date.optional(), knownAt: date.optional(), mode: z.enum(QUERY_MODES as [QueryMode, ...QueryMode[]]).optional() },
    annotations: { readOnlyHint: true },
  }, ({ question, asOf, knownAt, mode }) => tool(async () => timedText(await rhizome.query(question, { ...(mode ? { mode } : {}), ...(asOf ? { asOf } : {}), ...(knownAt ? { knownAt } : {}) }))));
}
