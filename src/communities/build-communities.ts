import { appendTo } from '../core/group-by.js';
import { contentHash } from '../core/ids.js';
import type { Community, CommunityReport, Entity, Relation } from '../core/records.js';
import type { GraphProjection } from '../graph/store.js';
import { attachIsolatedEntities } from './attach-isolated.js';
import { detectHierarchicalCommunities } from './hierarchical-leiden.js';
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
 * pair), places the entities no relation reaches beside those they share chunks with, and gives
 * every community of two or more entities a report. A report whose inputs
 * (members, their internal relations, report version) are unchanged is taken from `previous`;
 * a report that fell back to the extractive writer is hashed as extractive, so a later run with
 * the model tries again.
 */
export async function buildCommunities(
  projection: GraphProjection,
  options: CommunityOptions,
  previous: Community[] = [],
  writeReport: ReportWriter = writeExtractiveReport,
  reportVersion = EXTRACTIVE_REPORT_VERSION,
): Promise<{ communities: Community[]; reused: number }> {
  const entityById = new Map(projection.entities.map((entity) => [entity.id, entity]));
  const hierarchy = detectHierarchicalCommunities(
    {
      nodes: projection.entities.map((entity) => entity.id),
      edges: projection.relations.map((relation) => ({ source: relation.sourceId, target: relation.targetId, weight: relation.weight })),
    },
    { maxClusterSize: options.maxClusterSize, seed: options.seed },
  );
  const previousByHash = new Map(previous.map((community) => [community.inputHash, community.report]));
  const internalRelationsOf = indexInternalRelations(projection.relations);
  const communities: Community[] = [];
  let reused = 0;
  for (const detected of attachIsolatedEntities(hierarchy.communities, projection)) {
    if (detected.members.length < 2) continue;
    const members = detected.members.map((id) => entityById.get(id)).filter((entity): entity is Entity => entity !== undefined);
    const internal = internalRelationsOf(detected.members);
    const inputs = [[...detected.members].sort(), internal.map((relation) => relation.id).sort()];
    const wantedHash = contentHash(JSON.stringify([reportVersion, ...inputs]));
    const cached = previousByHash.get(wantedHash);
    if (cached) reused += 1;
    const report = cached ?? (await writeReport(members, internal));
    const inputHash = report.generatedBy === 'extractive' && reportVersion !== EXTRACTIVE_REPORT_VERSION ? contentHash(JSON.stringify([EXTRACTIVE_REPORT_VERSION, ...inputs])) : wantedHash;
    communities.push({ id: detected.id, level: detected.level, parentId: detected.parentId, memberIds: detected.members, report, inputHash });
  }
  const kept = new Set(communities.map((community) => community.id));
  for (const community of communities) if (community.parentId && !kept.has(community.parentId)) community.parentId = null;
  return { communities, reused };
}

/**
 * For a member list, the relations with both ends among the members, in input order — found through
 * each member's outgoing relations, so a community costs the degree of its members, not every relation.
 */
function indexInternalRelations(relations: Relation[]): (members: string[]) => Relation[] {
  const outgoing = new Map<string, number[]>();
  relations.forEach((relation, index) => appendTo(outgoing, relation.sourceId, index));
  return (members) => {
    const memberSet = new Set(members);
    const found: number[] = [];
    for (const sourceId of memberSet) {
      for (const index of outgoing.get(sourceId) ?? []) if (memberSet.has((relations[index] as Relation).targetId)) found.push(index);
    }
    return found.sort((left, right) => left - right).map((index) => relations[index] as Relation);
  };
}
