import { contentHash, stableId } from '../core/ids.js';
import type { Community, CommunityReport, Entity, Relation } from '../core/records.js';
import type { GraphProjection } from '../graph/store.js';
import { attachIsolatedEntities } from './attach-isolated.js';
import { entityGraphOf } from './entity-graph.js';
import { detectHierarchicalCommunities, type HierarchicalCommunity } from './hierarchical-leiden.js';
import { indexInternalRelations } from './internal-relations.js';
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
 * level and members, so the same documents give the same ids wherever they live and however often
 * they are indexed. A report whose inputs (members, their internal relations, report version) are
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
  const hierarchy = detectHierarchicalCommunities(entityGraphOf(projection), { maxClusterSize: options.maxClusterSize, seed: options.seed });
  const detected = withContentIds(attachIsolatedEntities(hierarchy.communities, projection));
  const previousByHash = new Map(previous.map((community) => [community.inputHash, community.report]));
  const internalRelationsOf = indexInternalRelations(projection.relations);
  const communities: Community[] = [];
  let reused = 0;
  for (const community of detected) {
    if (community.members.length < 2) continue;
    const members = community.members.map((id) => entityById.get(id)).filter((entity): entity is Entity => entity !== undefined);
    const internal = internalRelationsOf(community.members);
    const inputs = [[...community.members].sort(), internal.map((relation) => relation.id).sort()];
    const wantedHash = contentHash(JSON.stringify([reportVersion, ...inputs]));
    const cached = previousByHash.get(wantedHash);
    if (cached) reused += 1;
    const report = cached ?? (await writeReport(members, internal));
    const inputHash = report.generatedBy === 'extractive' && reportVersion !== EXTRACTIVE_REPORT_VERSION ? contentHash(JSON.stringify([EXTRACTIVE_REPORT_VERSION, ...inputs])) : wantedHash;
    communities.push({ id: community.id, level: community.level, parentId: community.parentId, memberIds: community.members, report, inputHash });
  }
  const kept = new Set(communities.map((community) => community.id));
  for (const community of communities) if (community.parentId && !kept.has(community.parentId)) community.parentId = null;
  return { communities, reused };
}

/** Renames each community (and its parent link) to an id hashed from its level and sorted member ids. */
function withContentIds(communities: HierarchicalCommunity[]): HierarchicalCommunity[] {
  const idOf = new Map(communities.map((community) => [community.id, stableId('com', community.level, [...community.members].sort().join('\n'))]));
  return communities.map((community) => ({ ...community, id: idOf.get(community.id) as string, parentId: community.parentId === null ? null : (idOf.get(community.parentId) ?? null) }));
}
