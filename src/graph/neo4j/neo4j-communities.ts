import type { Community, CommunityReport, Entity } from '../../core/records.js';
import { writeInBatches } from './neo4j-batch-write.js';
import type { Neo4jConnection, StatementRunner } from './neo4j-connection.js';
import { ENTITY_LABEL } from './neo4j-ddl.js';

/** Loads communities and their member links inside the caller's transaction (members not in `entities` are left out, as in Kuzu). */
export async function writeCommunities(runner: StatementRunner, communities: Community[], entities: Entity[]): Promise<void> {
  await writeInBatches(
    runner,
    `UNWIND $rows AS row CREATE (:Community {id: row.id, level: toInteger(row.level), parentId: row.parentId, size: toInteger(row.size),
  title: row.title, report: row.report, inputHash: row.inputHash}) RETURN count(*) AS written`,
    communities.map((community) => ({
      id: community.id,
      level: community.level,
      parentId: community.parentId,
      size: community.memberIds.length,
      title: community.report.title,
      report: JSON.stringify(community.report),
      inputHash: community.inputHash,
    })),
    'communities',
  );
  const known = new Set(entities.map((entity) => entity.id));
  const links = communities.flatMap((community) => community.memberIds.filter((entityId) => known.has(entityId)).map((entityId) => ({ entityId, communityId: community.id })));
  await writeInBatches(
    runner,
    `UNWIND $rows AS row MATCH (e:${ENTITY_LABEL} {id: row.entityId}) MATCH (c:Community {id: row.communityId}) CREATE (e)-[:MEMBER_OF]->(c) RETURN count(*) AS written`,
    links,
    'community memberships',
  );
}

/** Reads every community with its members and report, ordered by level then id. */
export async function readCommunities(connection: Neo4jConnection): Promise<Community[]> {
  const rows = await connection.run(
    `MATCH (c:Community) OPTIONAL MATCH (e:${ENTITY_LABEL})-[:MEMBER_OF]->(c)
RETURN c.id AS id, c.level AS level, c.parentId AS parentId, c.report AS report, c.inputHash AS inputHash, collect(e.id) AS memberIds ORDER BY level, id`,
    {},
    'read',
  );
  return rows.map((row) => ({
    id: String(row.id),
    level: Number(row.level),
    parentId: (row.parentId as string | null) ?? null,
    memberIds: (row.memberIds as string[]).sort(),
    report: JSON.parse(String(row.report)) as CommunityReport,
    inputHash: String(row.inputHash),
  }));
}
