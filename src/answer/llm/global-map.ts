import { countTokens } from '../../chunking/tokens.js';
import type { CommunityFinding } from '../../core/records.js';
import type { ChatModel } from '../../llm/chat-model.js';
import { generateObject } from '../../llm/generate-object.js';
import { abortedError, ModelOutputError } from '../../llm/model-errors.js';
import { buildGlobalMapJsonSchema, buildGlobalMapPrompt, GLOBAL_MAP_PROMPT_VERSION, globalMapReplySchema, type GlobalMapReply } from '../../prompts/global-map-prompt.js';
import type { ScoredCommunity } from '../../core/retrieval-context.js';
import { findingEvidence, type CitableEvidence } from './collect-evidence.js';

/** How the map step runs. */
export interface GlobalMapOptions {
  model: ChatModel;
  /** Most communities mapped, best ranked first (default 8). */
  maxCommunities?: number;
  /** Token budget of one map prompt's report, findings and question (default 1500). */
  maxPromptTokens?: number;
  /** Map calls in flight at once (default 3; the model's own limit still applies). */
  concurrency?: number;
  signal?: AbortSignal;
}

/** A point one report makes about the question, with the findings it cites. */
export interface MapPoint {
  description: string;
  /** Importance for the question, 1 to 100. */
  score: number;
  /** Rank of the community it comes from (0 = the most relevant) and its report's title. */
  communityRank: number;
  source: string;
  findings: CitableEvidence[];
}

/** A community whose map reply was unusable, and why. */
export interface FailedMap {
  communityId: string;
  title: string;
  reason: string;
}

/** What the map step produced and what it dropped. */
export interface GlobalMapResult {
  points: MapPoint[];
  /** Communities the retrieval offered, and how many were mapped (one model call each). */
  offered: number;
  mapped: number;
  failed: FailedMap[];
  dropped: { uncited: number; zeroScore: number; empty: number };
  /** Evidence ids the model cited that its prompt did not list. */
  unknownIds: string[];
}

const DEFAULT_MAX_COMMUNITIES = 8;
const DEFAULT_PROMPT_TOKENS = 1500;
const DEFAULT_CONCURRENCY = 3;
/** Findings listed per report at most, question-relevant ones first. */
const MAX_FINDINGS = 12;
const MAX_SUMMARY_CHARACTERS = 600;

type MapOutcome = { points: MapPoint[]; dropped: GlobalMapResult['dropped']; unknownIds: string[] } | { failure: FailedMap };

/**
 * GraphRAG's map step: one model call per community report (best ranked first, at most
 * `maxCommunities`), asking for the points it makes about the question with a score and the
 * findings they rest on. Points citing no listed finding, scored 0 or empty are dropped. A
 * reply still unusable is recorded in `failed` and skipped (no correction round: one call per
 * community); any other error — budget, cancellation, a failed call — stops the map and is thrown.
 */
export async function mapCommunityReports(question: string, communities: ScoredCommunity[], options: GlobalMapOptions): Promise<GlobalMapResult> {
  const withFindings = communities.filter((scored) => listFindings(scored).length > 0);
  const chosen = withFindings.slice(0, options.maxCommunities ?? DEFAULT_MAX_COMMUNITIES);
  const outcomes: MapOutcome[] = [];
  let next = 0;
  let failure: unknown = null;
  const worker = async () => {
    while (failure === null && next < chosen.length) {
      if (options.signal?.aborted) {
        failure ??= abortedError(options.signal);
        return;
      }
      const rank = next;
      next += 1;
      const scored = chosen[rank] as ScoredCommunity;
      try {
        outcomes[rank] = await mapOne(question, scored, rank, options);
      } catch (error) {
        if (error instanceof ModelOutputError) outcomes[rank] = { failure: { communityId: scored.community.id, title: scored.community.report.title, reason: error.reason } };
        else failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? DEFAULT_CONCURRENCY, chosen.length)) }, worker));
  if (failure !== null) throw failure;
  const result: GlobalMapResult = { points: [], offered: communities.length, mapped: chosen.length, failed: [], dropped: { uncited: 0, zeroScore: 0, empty: 0 }, unknownIds: [] };
  for (const outcome of outcomes) {
    if ('failure' in outcome) {
      result.failed.push(outcome.failure);
      continue;
    }
    result.points.push(...outcome.points);
    result.unknownIds.push(...outcome.unknownIds);
    for (const key of ['uncited', 'zeroScore', 'empty'] as const) result.dropped[key] += outcome.dropped[key];
  }
  return result;
}

async function mapOne(question: string, scored: ScoredCommunity, rank: number, options: GlobalMapOptions): Promise<MapOutcome> {
  const report = scored.community.report;
  const input = { question, title: report.title, summary: shorten(report.summary, MAX_SUMMARY_CHARACTERS), keyEntities: report.keyEntities.map((entity) => entity.name) };
  const numbered = listFindings(scored).map((finding, index) => findingEvidence(`F${index + 1}`, finding, report.title));
  const headerTokens = countTokens(buildGlobalMapPrompt({ ...input, findings: [] }).messages[0]?.content ?? '');
  const findings = fitFindings(numbered, headerTokens, options.maxPromptTokens ?? DEFAULT_PROMPT_TOKENS);
  const reply = await generateObject(options.model, {
    ...buildGlobalMapPrompt({ ...input, findings }),
    promptVersion: GLOBAL_MAP_PROMPT_VERSION,
    purpose: 'global-map',
    schema: globalMapReplySchema,
    schemaName: 'global_map_points',
    jsonSchema: buildGlobalMapJsonSchema(),
    maxCorrections: 0,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return keepCitedPoints(reply.object, findings, rank, report.title);
}

/** The findings chosen for the question, then the report's others, without repeats, at most MAX_FINDINGS. */
function listFindings(scored: ScoredCommunity): CommunityFinding[] {
  const seen = new Set<string>();
  return [...scored.findings, ...scored.community.report.findings]
    .filter((finding) => {
      const key = `${finding.chunkId}:${finding.span.start}:${finding.span.end}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_FINDINGS);
}

/** As many findings as fit the prompt budget after the report header and question; always the first. */
function fitFindings(findings: CitableEvidence[], headerTokens: number, maxTokens: number): CitableEvidence[] {
  let tokens = headerTokens;
  const kept: CitableEvidence[] = [];
  for (const finding of findings) {
    tokens += countTokens(`[${finding.id}] ${finding.text}\n`);
    if (kept.length > 0 && tokens > maxTokens) break;
    kept.push(finding);
  }
  return kept;
}

/** The reply's points that cite at least one listed finding and score above 0, scores clamped to 0–100. */
function keepCitedPoints(reply: GlobalMapReply, findings: CitableEvidence[], rank: number, source: string): MapOutcome {
  const byId = new Map(findings.map((finding) => [finding.id, finding]));
  const dropped = { uncited: 0, zeroScore: 0, empty: 0 };
  const unknownIds: string[] = [];
  const points: MapPoint[] = [];
  for (const point of reply.points) {
    const ids = [...new Set(point.evidence.map((raw) => raw.replace(/[[\]\s]/g, '').toUpperCase()))];
    const cited = ids.flatMap((id) => (byId.has(id) ? [byId.get(id) as CitableEvidence] : []));
    unknownIds.push(...ids.filter((id) => !byId.has(id)));
    const score = Number.isFinite(point.score) ? Math.round(Math.min(100, Math.max(0, point.score))) : 0;
    const description = point.description.replace(/\s+/g, ' ').trim();
    if (description === '') dropped.empty += 1;
    else if (cited.length === 0) dropped.uncited += 1;
    else if (score === 0) dropped.zeroScore += 1;
    else points.push({ description, score, communityRank: rank, source, findings: cited });
  }
  return { points, dropped, unknownIds };
}

function shorten(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}
