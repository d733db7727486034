import path from 'node:path';
import { describe } from 'node:test';
import type { GraphStore } from '../../src/graph/store.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { CONTRACT_SCHEMA, fullWrite } from './contract-fixture.js';
import { defineCypherCases } from './cypher-cases.js';
import { defineReadCases } from './read-cases.js';
import { defineWriteCases } from './write-cases.js';
import { defineVectorCases } from './vector-cases.js';
import { defineRemoveCases } from './remove-cases.js';
import { defineHistoryCases } from './history-cases.js';
import { defineRetractionCases } from './retraction-cases.js';

/** Opens a backend's store for a workspace folder; a new folder must give an empty store, the same folder the same data. */
export type OpenStore = (workspace: string) => Promise<GraphStore>;

/** What the contract cases share: fresh workspaces and stores opened on them with the contract schema. */
export interface ContractContext {
  openStore: OpenStore;
  freshWorkspace(): string;
  /** Opens a store (a fresh workspace unless one is given), ensures the contract schema, runs `work`, closes. */
  withStore<T>(work: (store: GraphStore) => Promise<T>, workspace?: string): Promise<T>;
  /** Like withStore, with the whole fixture written first. */
  withLoadedStore<T>(work: (store: GraphStore) => Promise<T>): Promise<T>;
}

/** How a backend runs the contract. */
export interface ContractOptions {
  /** Why the whole backend is unavailable (the suite is skipped). */
  skip?: string | false;
}

/**
 * Registers the GraphStore contract: every operation the pipeline and the query modes use,
 * with the same expectations for every backend. `skip` names why the backend is unavailable.
 */
export function defineGraphStoreContract(name: string, openStore: OpenStore, options: ContractOptions = {}): void {
  describe(`GraphStore contract: ${name}`, { skip: options.skip ?? false }, () => {
    const base = makeTempDir(`rhizome-contract-${name}-`);
    let count = 0;
    const freshWorkspace = () => path.join(base, `workspace-${(count += 1)}`);
    const withStore = async <T>(work: (store: GraphStore) => Promise<T>, workspace = freshWorkspace()): Promise<T> => {
      const store = await openStore(workspace);
      try {
        await store.ensureSchema(CONTRACT_SCHEMA);
        return await work(store);
      } finally {
        await store.close();
      }
    };
    const context: ContractContext = {
      openStore,
      freshWorkspace,
      withStore,
      withLoadedStore: (work) => withStore(async (store) => {
        await store.writeIndex(fullWrite());
        return work(store);
      }),
    };
    defineWriteCases(context);
    defineReadCases(context);
    defineCypherCases(context);
    defineVectorCases(context);
    defineRemoveCases(context);
    defineHistoryCases(context);
    defineRetractionCases(context);
  });
}
