import type { Community, CommunityReport, Entity } from '../../core/records.js';
import { appendTo } from '../../core/group-by.js';
import { bulkCopy, type CopyColumn } from './kuzu-bulk-copy.js';
import { decodeDeflatedJson, encodeDeflatedJson } from './deflated-json-column.js';
import type { KuzuConnection } from './kuzu-connection.js';

/** A Community row's columns, in the table's order. */
const COMMUNITY_COLUMNS: Array<CopyColumn<Community>> = [
  { kind: 'string', value: (community) => community.id },
  { kind: 'int', value: (community) => community.level },
  { kind: 'nullable-string', value: (community) => community.parentId },
  { kind: 'int', value: (community) => community.memberIds.length },
  { kind: 'string', value: (community) => community.report.title },
  { kind: 'string', value: (community) => encodeDeflatedJson(community.report) },
  { kind: 'string', value: (community) => community.inputHash },
];

/** Loads communities and their member links (inside the caller's transaction). */
export async function writeCommunities(connection: KuzuConnection, communities: Community[], entities: Entity[]): Promise<void> {
  await bulkCopy<Community>(connection, 'Community', COMMUNITY_COLUMNS, communities);
  const typeOf = new Map(entities.map((entity) => [entity.id, entity.type]));
  const linksByType = new Map<string, Array<{ entityId: string; communityId: string }>>();
  for (const community of communities) {
    for (const entityId of community.memberIds) {
      const type = typeOf.get(entityId);
      if (!type) continue;
      appendTo(linksByType, type, { entityId, communityId: community.id });
    }
  }
  for (const [type, links] of linksByType) {
    await bulkCopy(connection, 'MEMBER_OF', [
      { kind: 'string', value: (link: { entityId: string }) => link.entityId },
      { kind: 'string', value: (link: { communityId: string }) => link.communityId },
    ], links, { from: type, to: 'Community' });
  }
}

/** Writes the fields of stored communities in place (inside the caller's transaction); their member links are left as they are. */
export async function updateCommunities(connection: KuzuConnection, communities: Community[]): Promise<void> {
  for (const community of communities) {
    await connection.run('MATCH (c:Community) WHERE c.id = $id SET c.level = CAST($level AS INT64), c.parentId = CAST($parentId AS STRING), c.size = CAST($size AS INT64), c.title = $title, c.report = $report, c.inputHash = $inputHash', {
      id: community.id,
      level: community.level,
      parentId: community.parentId,
      size: community.memberIds.length,
      title: community.report.title,
      report: encodeDeflatedJson(community.report),
      inputHash: community.inputHash,
    });
  }
}

/** Reads every community with its members and report. */
export async function readCommunities(connection: KuzuConnection): Promise<Community[]> {
  const rows = await connection.run('MATCH (c:Community) RETURN c.id AS id, c.level AS level, c.parentId AS parentId, c.report AS report, c.inputHash AS inputHash ORDER BY c.level, c.id');
  // Members grouped by Kuzu, one row a community (about 1.9 million member links at 100k passages).
  const memberRows = await connection.run('MATCH (e)-[:MEMBER_OF]->(c:Community) RETURN c.id AS communityId, collect(e.id) AS entityIds');
  const members = new Map<string, string[]>();
  for (const row of memberRows) members.set(String(row.communityId), (row.entityIds as unknown[]).map(String));
  return rows.map((row) =>
    withStoredReport(
      {
        id: String(row.id),
        level: Number(row.level),
        parentId: (row.parentId as string | null) ?? null,
        memberIds: (members.get(String(row.id)) ?? []).sort(),
        inputHash: String(row.inputHash),
      },
      row.report,
    ),
  );
}

/**
 * The community with its report read from the stored column when first asked for (an own, enumerable
 * property, so copies and JSON hold it): a global question reads the reports of the few communities it
 * maps, of 122k at 100k passages, and inflating every one took seconds.
 */
function withStoredReport(community: Omit<Community, 'report'>, stored: unknown): Community {
  let report: CommunityReport | undefined;
  return Object.defineProperty(community, 'report', {
    enumerable: true,
    configurable: true,
    get: () => (report ??= decodeDeflatedJson<CommunityReport>(stored) as CommunityReport),
    set: (value: CommunityReport) => {
      report = value;
    },
  }) as Community;
}
