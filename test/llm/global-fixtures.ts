import type { CommunityFinding } from '../../src/core/records.js';
import type { RetrievalContext, ScoredCommunity } from '../../src/core/retrieval-context.js';
import type { ReplayServer } from './replay-server.js';

/** A finding of `chunkId` starting at `start`. */
export function finding(chunkId: string, text: string, start = 0): CommunityFinding {
  return { text, chunkId, documentId: `doc_${chunkId}`, span: { start, end: start + text.length } };
}

/** A ranked community whose report lists `findings` in order (the first is the one chosen for the question). */
export function scoredCommunity(id: string, title: string, findings: CommunityFinding[]): ScoredCommunity {
  const report = { title, summary: `Reports about ${title}.`, keyEntities: [{ id: `ent_${id}`, name: title, type: 'Project' }], keyRelations: [], findings, generatedBy: 'extractive' };
  return { community: { id, level: 0, parentId: null, memberIds: [`ent_${id}`], report, inputHash: `hash_${id}` }, score: 1, findings: findings.slice(0, 1) };
}

/** A global retrieval context over the given communities, best ranked first. */
export function globalContext(communities: ScoredCommunity[]): RetrievalContext {
  return { mode: 'global', chunks: [], paths: [], entityScores: new Map(), questionEntities: [], knownEntities: [], tokens: 0, searchedWith: 'fixture reports', rankedChunkIds: [], communities };
}

/** Three programmes' reports: Kestrel (rail), Tidewater (water), the pump audit. */
export const KESTREL = scoredCommunity('c_kestrel', 'Kestrel rail programme', [
  finding('chunk_kestrel', 'Kestrel testing is three weeks late after interlocking faults.'),
  finding('chunk_kestrel', 'Castra Rail Signalling supplies the interlocking for Kestrel.', 70),
]);
export const TIDEWATER = scoredCommunity('c_tidewater', 'Tidewater water programme', [
  finding('chunk_tidewater', 'Tidewater reduces the risk of flooding around Harlow.'),
  finding('chunk_tidewater', 'Morrow Industries replaced Halden Pumps as pump supplier.', 60),
]);
export const AUDIT = scoredCommunity('c_audit', 'Harlow pump audit', [finding('chunk_audit', 'Thornbury Assurance audited Harlow Pumping Station.')]);

/** The question the fixtures are asked. */
export const RISK_QUESTION = 'What are the main risks across these documents?';

/** A map reply with the given points. */
export function mapReply(points: Array<{ description: string; score: number; evidence: string[] }>): string {
  return JSON.stringify({ points });
}

/** The user turn of each chat request the server saw since `from`, split into map and reduce prompts. */
export function promptsSince(server: ReplayServer, from: number): { maps: string[]; reduces: string[] } {
  const turns = server.requests.slice(from).map((request) => {
    const messages = (request.body.messages as Array<{ role: string; content: unknown }>) ?? [];
    const user = messages.filter((message) => message.role === 'user').at(-1)?.content;
    return typeof user === 'string' ? user : Array.isArray(user) ? user.map((part: { text?: string }) => part.text ?? '').join('') : '';
  });
  return { maps: turns.filter((turn) => turn.startsWith('Report:')), reduces: turns.filter((turn) => turn.startsWith('Points:')) };
}

/** The point lines ("[P1] (importance 90, …) …") of a reduce prompt. */
export function pointLines(reducePrompt: string): string[] {
  return reducePrompt.split('\n').filter((line) => /^\[P\d+\]/.test(line));
}
