import type { RhizomeConfig } from '../config/config-schema.js';
import { readEnvironment, type Environment } from '../config/read-environment.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import { KuzuGraphStore } from './kuzu/kuzu-store.js';
import type { GraphStore } from './store.js';

/** Opens the store the configuration names; optional backends (and their drivers) are imported only when chosen; `env` holds NEO4J_* settings. */
export async function openGraphStore(config: Pick<RhizomeConfig, 'workspace' | 'store'>, env: Environment = readEnvironment()): Promise<GraphStore> {
  switch (config.store.backend) {
    case 'kuzu':
      return KuzuGraphStore.open({ workspace: config.workspace, bufferPoolMb: config.store.bufferPoolMb });
    case 'neo4j': {
      const [{ Neo4jGraphStore }, { resolveNeo4jSettings }] = await Promise.all([import('./neo4j/neo4j-store.js'), import('./neo4j/neo4j-settings.js')]);
      return Neo4jGraphStore.open(resolveNeo4jSettings(config.store.neo4j, env));
    }
    default:
      throw new RhizomeError('CONFIG_INVALID', `field "store.backend": "${String(config.store.backend)}" is not available in this build`);
  }
}
