/** `rhizome-rag/kuzu`: the embedded Kuzu store; its native addon loads when a store is opened. */
export { KuzuGraphStore, type KuzuStoreOptions } from './graph/kuzu/kuzu-store.js';
