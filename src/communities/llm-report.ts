import type { CommunityFinding, CommunityReport, Entity, Relation } from '../core/records.js';
import type { ChatModel } from '../llm/chat-model.js';
import { generateObject } from '../llm/generate-object.js';
import { BudgetExceededError, ModelOutputError } from '../llm/model-errors.js';
import { buildCommunityReportPrompt, communityReportReplySchema, COMMUNITY_REPORT_PROMPT_VERSION } from '../prompts/community-report-prompt.js';
import { writeExtractiveReport } from './extractive-report.js';
import type { ReportWriter } from './build-communities.js';

const SENTENCES = 20;

/** Counts of LLM report writing: reports written by the model, and those that fell back to extractive. */
export interface ReportCounts {
  written: number;
  fallbacks: number;
}

/**
 * A report writer that asks the chat model for the title, summary and findings (citing the
 * community's evidence sentences), keeping the extractive key entities and relations. An
 * unusable reply, or a budget already spent, falls back to the extractive report and is
 * counted, never dropped.
 */
export function createLlmReportWriter(model: ChatModel, counts: ReportCounts, signal?: AbortSignal): ReportWriter {
  return async (members: Entity[], relations: Relation[]): Promise<CommunityReport> => {
    const extractive = writeExtractiveReport(members, relations);
    const sentences = collectSentences(relations);
    const relationLines = extractive.keyRelations.map((relation) => (relation.type === 'RELATED_TO' ? `${relation.source} – ${relation.target}` : `${relation.source} ${relation.type} ${relation.target}`));
    const central = new Set(extractive.keyEntities.map((entity) => entity.id));
    const entities = [...members].sort((left, right) => Number(central.has(right.id)) - Number(central.has(left.id))).slice(0, 15);
    const prompt = buildCommunityReportPrompt({ entities: entities.map((entity) => ({ name: entity.name, type: entity.type, description: entity.description })), relations: relationLines, sentences: sentences.map((sentence, index) => ({ id: `S${index + 1}`, text: sentence.text })) });
    try {
      const reply = await generateObject(model, { ...prompt, schema: communityReportReplySchema, schemaName: 'community_report', promptVersion: COMMUNITY_REPORT_PROMPT_VERSION, purpose: 'community-report', ...(signal ? { signal } : {}) });
      const findings: CommunityFinding[] = reply.object.findings.flatMap((finding) => {
        const cited = finding.evidence.map((id) => sentences[Number(id.replace(/\D/g, '')) - 1]).find((sentence) => sentence !== undefined);
        return cited ? [{ ...cited, text: finding.text }] : [];
      });
      counts.written += 1;
      return { ...extractive, title: reply.object.title, summary: reply.object.summary, findings: findings.length > 0 ? findings : extractive.findings, generatedBy: model.modelId };
    } catch (error) {
      if (!(error instanceof ModelOutputError) && !(error instanceof BudgetExceededError)) throw error;
      counts.fallbacks += 1;
      return extractive;
    }
  };
}

/** The community's evidence sentences, once each, those naming the most members first. */
function collectSentences(relations: Relation[]): CommunityFinding[] {
  const bySentence = new Map<string, { finding: CommunityFinding; weight: number }>();
  for (const relation of relations) {
    const key = `${relation.chunkId}:${relation.start}`;
    const entry = bySentence.get(key) ?? { finding: { text: relation.evidence.replace(/\s+/g, ' ').trim(), chunkId: relation.chunkId, documentId: relation.documentId, span: { start: relation.start, end: relation.end } }, weight: 0 };
    entry.weight += relation.weight;
    bySentence.set(key, entry);
  }
  return [...bySentence.values()].sort((left, right) => right.weight - left.weight).slice(0, SENTENCES).map((entry) => entry.finding);
}
