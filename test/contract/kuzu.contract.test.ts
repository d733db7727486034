import { KuzuGraphStore } from '../../src/graph/kuzu/kuzu-store.js';
import { defineGraphStoreContract } from './graph-store-contract.js';

defineGraphStoreContract('kuzu', (workspace) => KuzuGraphStore.open({ workspace, bufferPoolMb: 64 }));
