import type { Relation } from '../core/records.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import type { RelationInvalidation, StoredDocument } from '../graph/store.js';
import { today } from '../history/fact-status.js';
import { parseTimePoint } from '../history/time-slice.js';
import type { TimedAnswer, TimeOptions } from '../history/timed-queries.js';
import type { IndexSummary } from '../indexing/index-summary.js';
import { writeEpisodeFile, type MemoryEpisode } from './episode-file.js';

/** A fact as memory reports it: the relation, its evidence and its validity. */
export type MemoryFact = Pick<Relation, 'id' | 'type' | 'sourceId' | 'targetId' | 'evidence' | 'validFrom' | 'validTo'> & Pick<Relation, 'supersededBy' | 'invalidationReason'>;

/** What `remember` stored: the episode document, the facts read from it, and the older facts it closed. */
export interface RememberResult {
  episodeId: string;
  path: string;
  time: string;
  facts: MemoryFact[];
  superseded: MemoryFact[];
}

/** What to forget: one fact by relation id, or the fact a question's answer rests on first. */
export type ForgetTarget = { fact: string } | { query: string };

/** The facts `forget` closed (never deleted: they stay queryable as of earlier dates). */
export interface ForgetResult {
  invalidated: Array<MemoryFact & { reason: string }>;
}

/** What agent memory runs on: the workspace's own index, query and fact stores. */
export interface MemoryBackend {
  workspace: string;
  index(paths: string[]): Promise<IndexSummary>;
  query(question: string, options: TimeOptions): Promise<TimedAnswer>;
  relations(): Promise<Relation[]>;
  documents(): Promise<StoredDocument[]>;
  invalidate(invalidations: RelationInvalidation[]): Promise<string[]>;
}

/** Agent memory over a workspace: each memory an episode document, run through the same extraction, resolution and supersession as any document. */
export interface AgentMemory {
  remember(episode: MemoryEpisode): Promise<RememberResult>;
  recall(question: string, options?: { asOf?: string }): Promise<TimedAnswer>;
  forget(target: ForgetTarget, reason: string, options?: { time?: string }): Promise<ForgetResult>;
}

const asFact = (relation: Relation): MemoryFact => ({
  id: relation.id, type: relation.type, sourceId: relation.sourceId, targetId: relation.targetId, evidence: relation.evidence,
  validFrom: relation.validFrom, validTo: relation.validTo,
  ...(relation.supersededBy ? { supersededBy: relation.supersededBy } : {}),
  ...(relation.invalidationReason ? { invalidationReason: relation.invalidationReason } : {}),
});

/** Agent memory (see AgentMemory) over a backend. */
export function createAgentMemory(backend: MemoryBackend): AgentMemory {
  return {
    async remember(episode) {
      if (episode.text.trim() === '') throw new RhizomeError('QUERY_INVALID', 'a memory needs some text');
      if (episode.source.trim() === '') throw new RhizomeError('QUERY_INVALID', 'a memory needs a source (who or what said it)');
      const time = episode.time === undefined ? new Date().toISOString() : parseTimePoint(episode.time, 'time');
      const file = writeEpisodeFile(backend.workspace, { ...episode, time });
      const before = new Map((await backend.relations()).map((relation) => [relation.id, relation]));
      await backend.index([file]);
      const document = (await backend.documents()).find((candidate) => candidate.path === file);
      if (!document) throw new RhizomeError('INTERNAL', `the episode ${file} was written but not indexed`);
      const relations = await backend.relations();
      const facts = relations.filter((relation) => relation.documentId === document.id && relation.type !== 'RELATED_TO');
      const factIds = new Set(facts.map((fact) => fact.id));
      const superseded = relations.filter((relation) => relation.supersededBy && factIds.has(relation.supersededBy) && before.get(relation.id)?.supersededBy !== relation.supersededBy);
      return { episodeId: document.id, path: file, time, facts: facts.map(asFact), superseded: superseded.map(asFact) };
    },

    recall(question, options = {}) {
      // As of a date, episodes not yet lived are hidden as well as facts not yet valid.
      return backend.query(question, options.asOf ? { asOf: options.asOf, writtenBy: options.asOf } : {});
    },

    async forget(target, reason, options = {}) {
      if (reason.trim() === '') throw new RhizomeError('QUERY_INVALID', 'forgetting needs a reason (it is kept with the fact)');
      const time = options.time === undefined ? today() : parseTimePoint(options.time, 'time');
      const relations = await backend.relations();
      const chosen = 'fact' in target ? relations.find((relation) => relation.id === target.fact) : await factBehind(backend, relations, target.query);
      if (!chosen) throw new RhizomeError('INPUT_NOT_FOUND', 'fact' in target ? `no fact has the id "${target.fact}"` : `no current fact answers "${target.query}"`);
      const invalidation: RelationInvalidation = { relationId: chosen.id, validTo: time.slice(0, 10), invalidatedAt: new Date().toISOString(), reason: `forgotten: ${reason.trim()}` };
      await backend.invalidate([invalidation]);
      return { invalidated: [{ ...asFact({ ...chosen, validTo: invalidation.validTo }), reason: invalidation.reason }] };
    },
  };
}

/** The first typed fact the answer to a question cites that still holds. */
async function factBehind(backend: MemoryBackend, relations: Relation[], question: string): Promise<Relation | undefined> {
  const answer = await backend.query(question, {});
  const byId = new Map(relations.map((relation) => [relation.id, relation]));
  return answer.citations
    .filter((citation) => citation.kind === 'relation')
    .map((citation) => byId.get(citation.id))
    .find((relation): relation is Relation => relation !== undefined && relation.type !== 'RELATED_TO' && !relation.validTo);
}
