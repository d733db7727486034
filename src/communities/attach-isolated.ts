import { appendTo } from '../core/group-by.js';
import type { HierarchicalCommunity } from './hierarchical-leiden.js';
import type { GraphProjection } from '../graph/store.js';

/**
 * Entities no relation reaches (the only name in their sentences) end up in singleton
 * communities, so corpus-wide questions never see them. Each joins the deepest community
 * holding most of the entities mentioned in the same chunks, and that community's ancestors.
 * Entities that share no chunk with a community member stay out. Returns new member lists.
 * Only the communities of an entity's chunk neighbours are weighed, so the cost follows the
 * mentions, not entities × communities.
 */
export function attachIsolatedEntities(communities: HierarchicalCommunity[], projection: GraphProjection): HierarchicalCommunity[] {
  const grouped = communities.filter((community) => community.members.length >= 2);
  const communitiesOf = new Map<string, number[]>();
  grouped.forEach((community, position) => {
    for (const member of community.members) appendTo(communitiesOf, member, position);
  });
  const chunksOf = new Map<string, string[]>();
  const entitiesOf = new Map<string, string[]>();
  for (const mention of projection.mentions) {
    appendTo(chunksOf, mention.entityId, mention.chunkId);
    appendTo(entitiesOf, mention.chunkId, mention.entityId);
  }
  const byId = new Map(grouped.map((community) => [community.id, community]));
  const additions = new Map<string, string[]>();
  for (const entity of projection.entities) {
    if (communitiesOf.has(entity.id)) continue;
    const best = bestCommunityFor(entity.id, chunksOf, entitiesOf, communitiesOf, grouped);
    for (let community = best; community; community = community.parentId ? (byId.get(community.parentId) ?? null) : null) {
      appendTo(additions, community.id, entity.id);
    }
  }
  return communities.map((community) => {
    const added = additions.get(community.id);
    return added ? { ...community, members: community.members.concat(added) } : community;
  });
}

/** The community holding most of the entity's chunk neighbours (the deeper on a tie, else the first listed), or null. */
function bestCommunityFor(
  entityId: string,
  chunksOf: Map<string, string[]>,
  entitiesOf: Map<string, string[]>,
  communitiesOf: Map<string, number[]>,
  grouped: HierarchicalCommunity[],
): HierarchicalCommunity | null {
  const shares = new Map<number, number>();
  for (const chunkId of chunksOf.get(entityId) ?? []) {
    for (const other of entitiesOf.get(chunkId) ?? []) {
      if (other === entityId) continue;
      for (const position of communitiesOf.get(other) ?? []) shares.set(position, (shares.get(position) ?? 0) + 1);
    }
  }
  let best: HierarchicalCommunity | null = null;
  let bestShare = 0;
  for (const position of [...shares.keys()].sort((left, right) => left - right)) {
    const community = grouped[position] as HierarchicalCommunity;
    const share = shares.get(position) as number;
    if (share > bestShare || (share === bestShare && best !== null && community.level > best.level)) {
      best = community;
      bestShare = share;
    }
  }
  return best;
}
