import path from 'node:path';
import type { RhizomeConfig } from '../config/config-schema.js';
import type { StoreConfig } from '../config/store-config.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import { resolveNeo4jSettings } from '../graph/neo4j/neo4j-settings.js';
import { openGraphStore } from '../graph/open-store.js';
import type { GraphStore } from '../graph/store.js';
import { migrateGraph, type MigrationProgress, type MigrationResult } from './migrate-graph.js';

/** A graph store backend a workspace can move to. */
export type StoreBackend = StoreConfig['backend'];

/** What to migrate: the target backend, and where the source workspace is when it is not the configured one. */
export interface WorkspaceMigration {
  to: StoreBackend;
  /** Workspace of the source store (default: the configured workspace); the target uses the configured workspace. */
  fromWorkspace?: string;
  replace?: boolean;
  batchDocuments?: number;
  onProgress?: MigrationProgress;
}

/** A migration's result with both ends described. */
export interface WorkspaceMigrationResult extends MigrationResult {
  from: string;
  to: string;
}

function describeEnd(backend: StoreBackend, workspace: string, config: RhizomeConfig): string {
  if (backend === 'kuzu') return `kuzu (${path.join(workspace, 'graph.kuzu')})`;
  const settings = resolveNeo4jSettings(config.store.neo4j);
  return `neo4j (${settings.uri}${settings.database ? `, database ${settings.database}` : ''})`;
}

/**
 * Copies the graph of a workspace from the other backend into `to` (Kuzu → Neo4j or Neo4j →
 * Kuzu) with the configured schema, and checks that the counts match. The source must have been
 * indexed with that schema (otherwise opening it resets its entity layer, and this refuses).
 */
export async function migrateWorkspace(config: RhizomeConfig, migration: WorkspaceMigration): Promise<WorkspaceMigrationResult> {
  const from: StoreBackend = migration.to === 'kuzu' ? 'neo4j' : 'kuzu';
  const sourceWorkspace = path.resolve(migration.fromWorkspace ?? config.workspace);
  const source = await openGraphStore({ workspace: sourceWorkspace, store: { ...config.store, backend: from } });
  let target: GraphStore | null = null;
  try {
    if ((await source.ensureSchema(config.schema)).reset) {
      throw new RhizomeError('CONFIG_INVALID', `the source ${describeEnd(from, sourceWorkspace, config)} was indexed with another graph schema, so its entity layer was reset; migrate with the configuration it was indexed with, or run \`rhizome index\` first`);
    }
    if ((await source.counts()).documents === 0) {
      throw new RhizomeError('WORKSPACE_EMPTY', `nothing to migrate: the source ${describeEnd(from, sourceWorkspace, config)} holds no documents`);
    }
    target = await openGraphStore({ workspace: config.workspace, store: { ...config.store, backend: migration.to } });
    await target.ensureSchema(config.schema);
    const result = await migrateGraph(source, target, {
      ...(migration.replace ? { replace: true } : {}),
      ...(migration.batchDocuments ? { batchDocuments: migration.batchDocuments } : {}),
      ...(migration.onProgress ? { onProgress: migration.onProgress } : {}),
    });
    return { ...result, from: describeEnd(from, sourceWorkspace, config), to: describeEnd(migration.to, config.workspace, config) };
  } finally {
    await target?.close();
    await source.close();
  }
}
