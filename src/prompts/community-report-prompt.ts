import { z } from 'zod';
import type { ChatMessage } from '../llm/chat-model.js';

/** Version of the community-report prompt; part of every report's cache key and input hash. */
export const COMMUNITY_REPORT_PROMPT_VERSION = 'community-report-1';

/** The reply: a title, a summary and findings, each finding citing evidence ids (S1, S2 …). */
export const communityReportReplySchema = z.object({
  title: z.string().min(1).max(120),
  summary: z.string().min(1).max(800),
  findings: z.array(z.object({ text: z.string().min(1).max(400), evidence: z.array(z.string().max(8)).max(5) })).max(6),
});
/** A validated community-report reply. */
export type CommunityReportReply = z.infer<typeof communityReportReplySchema>;

/** What a community report is written from: its central entities, strongest relations and evidence sentences. */
export interface CommunityReportInput {
  entities: Array<{ name: string; type: string; description: string }>;
  relations: string[];
  sentences: Array<{ id: string; text: string }>;
}

/**
 * Seed 000's guidance for community summaries: self-sufficient, naming the themes, the most
 * central entities and the non-obvious links, every finding citing the sentences it rests on.
 */
export function buildCommunityReportPrompt(input: CommunityReportInput): { system: string; messages: ChatMessage[] } {
  const system = `You write a short report about a group of related entities from a knowledge graph. Reply with one JSON object {"title", "summary", "findings": [{"text", "evidence": ["S1", …]}]} and nothing else.

Rules:
1. The title names the group's theme and its most central entities (at most 12 words).
2. The summary (2-4 sentences) must be understandable on its own: what the group is about, its central entities and how they are linked, including links that are not obvious.
3. Up to 6 findings; each states one fact from the sentences below and cites their ids in "evidence".
4. Use only the entities, relations and sentences given. Do not add outside knowledge.`;
  const entities = input.entities.map((entity) => `- ${entity.name} (${entity.type})${entity.description ? `: ${entity.description}` : ''}`).join('\n');
  const relations = input.relations.map((relation) => `- ${relation}`).join('\n');
  const sentences = input.sentences.map((sentence) => `${sentence.id}: ${sentence.text}`).join('\n');
  return { system, messages: [{ role: 'user', content: `Entities:\n${entities}\n\nRelations:\n${relations}\n\nSentences:\n${sentences}` }] };
}
