import { contentHash, stableId } from '../core/ids.js';
import type { Community, CommunityReport, Entity, Relation } from '../core/records.js';
import type { GraphProjection } from '../graph/store.js';
import { attachIsolatedEntities } from './attach-isolated.js';
import { entityGraphOf } from './entity-graph.js';
import { detectHierarchicalCommunities, type HierarchicalCommunity } from './hierarchical-leiden.js';
import { indexInternalRelations } from './internal-relations.js';
import { PartitionMemo } from './partition-memo.js';
import { writeExtractiveReport, EXTRACTIVE_REPORT_VERSION } from './extractive-report.js';

/** Options of community detection at index time. */
export interface CommunityOptions {
  maxClusterSize: number;
  seed: number;
}

/** Writes a report for a community; the default is the offline extractive writer. */
export type ReportWriter = (members: Entity[], relations: Relation[]) => Promise<CommunityReport> | CommunityReport;

/**
 * Detects hierarchical Leiden communities over the entity graph (relation weights summed per
 * pair, see entityGraphOf), places the entities no relation reaches beside those they share chunks
 * with, and gives every community of two or more entities a report. A community's id comes from its
 * level and first member, so the same documents give the same ids wherever they live and however
 * often they are indexed. A report whose inputs (members, their internal relations, report version) are
 * unchanged is taken from `previous`; a report that fell back to the extractive writer is hashed as
 * extractive, so a later run with the model tries again.
 */
export async function buildCommunities(
  projection: GraphProjection,
  options: CommunityOptions,
  previous: Community[] = [],
  writeReport: ReportWriter = writeExtractiveReport,
  reportVersion = EXTRACTIVE_REPORT_VERSION,
): Promise<{ communities: Community[]; reused: number }> {
  const entityById = new Map(projection.entities.map((entity) => [entity.id, entity]));
  const hierarchy = detectHierarchicalCommunities(entityGraphOf(projection), { maxClusterSize: options.maxClusterSize, seed: options.seed, memo: partitionsOfLastBuild });
  const detected = withContentIds(attachIsolatedEntities(hierarchy.communities, projection));
  const previousByHash = new Map(previous.map((community) => [community.inputHash, community.report]));
  const internalRelationsOf = indexInternalRelations(projection.relations);
  const communities: Community[] = [];
  const inputHashes = new Map<string, HashedInputs>();
  let reused = 0;
  for (const community of detected) {
    if (community.members.length < 2) continue;
    const members = community.members.map((id) => entityById.get(id)).filter((entity): entity is Entity => entity !== undefined);
    const internal = internalRelationsOf(community.members);
    const inputs: [string[], string[]] = [community.sortedMembers, internal.map((relation) => relation.id).sort()];
    const wantedHash = hashInputs(community.id, reportVersion, inputs, inputHashes);
    const cached = previousByHash.get(wantedHash);
    if (cached) reused += 1;
    const report = cached ?? (await writeReport(members, internal));
    const inputHash = report.generatedBy === 'extractive' && reportVersion !== EXTRACTIVE_REPORT_VERSION ? contentHash(JSON.stringify([EXTRACTIVE_REPORT_VERSION, ...inputs])) : wantedHash;
    communities.push({ id: community.id, level: community.level, parentId: community.parentId, memberIds: community.members, report, inputHash });
  }
  const kept = new Set(communities.map((community) => community.id));
  for (const community of communities) if (community.parentId && !kept.has(community.parentId)) community.parentId = null;
  hashedInputsOfLastBuild = idsIn(inputHashes) <= HASHED_INPUT_IDS_KEPT ? inputHashes : new Map();
  return { communities, reused };
}

/**
 * The Leiden partitions of the last build, found again by the graph they were made for (exact, see
 * PartitionMemo): after a small change, the large communities the change did not reach are split
 * below level 0 as before without running Leiden on them again.
 */
const partitionsOfLastBuild = new PartitionMemo();

/** The report inputs a community's input hash was made from. */
interface HashedInputs {
  reportVersion: string;
  members: string[];
  relationIds: string[];
  hash: string;
}

/**
 * The input hashes of the last build, by community id: a community with the same members, internal
 * relations and report version as one of the last build has the same input hash, so the next
 * build (an index run after a small change keeps most communities) need not serialise and hash its
 * inputs again. Replaced by each build, so it holds one build's communities.
 */
let hashedInputsOfLastBuild = new Map<string, HashedInputs>();
/**
 * A memory bound, not a tuning: a build whose inputs list more member and relation ids than this is
 * not kept. Kept, they would hold every relation id of a large index (millions at 100k passages)
 * after the graph itself is let go of, through the store stage, for a saving only a next build in
 * the same process sees.
 */
const HASHED_INPUT_IDS_KEPT = 1_000_000;

function idsIn(hashed: Map<string, HashedInputs>): number {
  let ids = 0;
  for (const inputs of hashed.values()) ids += inputs.members.length + inputs.relationIds.length;
  return ids;
}

/** contentHash of the report version and inputs (sorted members, sorted internal relation ids), taken from the last build when they are the same. */
function hashInputs(communityId: string, reportVersion: string, inputs: [string[], string[]], hashed: Map<string, HashedInputs>): string {
  const [members, relationIds] = inputs;
  const known = hashedInputsOfLastBuild.get(communityId);
  const hash = known !== undefined && known.reportVersion === reportVersion && sameStrings(known.members, members) && sameStrings(known.relationIds, relationIds)
    ? known.hash
    : contentHash(JSON.stringify([reportVersion, ...inputs]));
  hashed.set(communityId, { reportVersion, members, relationIds, hash });
  return hash;
}

function sameStrings(left: readonly string[], right: readonly string[]): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}

/**
 * Renames each community (and its parent link) to an id hashed from its level and its first member
 * (the smallest member id): the communities of one level share no member, so that names one, and a
 * community keeps its id when it gains or loses other members (a small change then rewrites its
 * report and member links in place, not every link of a large community; a citation of it still
 * points to it). Two communities of one level with the same first member (none is expected) are
 * named by all their members instead. Keeps the sorted member ids (a report's inputs list them too).
 */
function withContentIds(communities: HierarchicalCommunity[]): Array<HierarchicalCommunity & { sortedMembers: string[] }> {
  const sorted = communities.map((community) => [...community.members].sort());
  const keyOf = (index: number) => `${(communities[index] as HierarchicalCommunity).level}\u0000${(sorted[index] as string[])[0] ?? ''}`;
  const sharing = new Map<string, number>();
  communities.forEach((_, index) => sharing.set(keyOf(index), (sharing.get(keyOf(index)) ?? 0) + 1));
  const idOf = new Map(
    communities.map((community, index) => {
      const members = sorted[index] as string[];
      const named = sharing.get(keyOf(index)) === 1 ? stableId('com', community.level, 'first', members[0] ?? '') : stableId('com', community.level, members.join('\n'));
      return [community.id, named];
    }),
  );
  return communities.map((community, index) => ({ ...community, id: idOf.get(community.id) as string, parentId: community.parentId === null ? null : (idOf.get(community.parentId) ?? null), sortedMembers: sorted[index] as string[] }));
}
