import type { RhizomeConfig } from '../config/config-schema.js';
import { RhizomeError } from '../errors/rhizome-error.js';
import { KuzuGraphStore } from './kuzu/kuzu-store.js';
import type { GraphStore } from './store.js';

/** Opens the store the configuration names; optional backends are imported only when chosen. */
export async function openGraphStore(config: Pick<RhizomeConfig, 'workspace' | 'store'>): Promise<GraphStore> {
  switch (config.store.backend) {
    case 'kuzu':
      return KuzuGraphStore.open({ workspace: config.workspace, bufferPoolMb: config.store.bufferPoolMb });
    default:
      throw new RhizomeError('CONFIG_INVALID', `field "store.backend": "${config.store.backend}" is not available in this build`);
  }
}
